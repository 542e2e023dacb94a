import { describe, expect, it } from "vitest";
import { FEATURE_UNAVAILABLE_MESSAGE } from "../../domain/plans";
import { BULK_ALREADY_SCHEDULED_MESSAGE, BULK_MESSAGES, bulkDuplicateInFileMessage, SCHEDULED_IN_PAST_MESSAGE } from "../../domain/publishing";

import { PUBLISH_LEAD_MS } from "../../infra/publishing/reactions";
import { signUp } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/** POST /api/posts/bulk: many scheduled posts at once, each row kept or refused with its sentence. */

const app = useAppServer();
const team = teamHelpers(app);

/** A Starter workspace (bulk upload comes with Starter) in Berlin, with sandbox accounts of these platforms. */
const starterWith = async (platforms: ReadonlyArray<string>, tier = "starter") => {
  const { browser, user } = await team.owner(tier, { timeZone: "Europe/Berlin" });
  for (const platform of platforms) {
    const created = await browser.post("/api/social-accounts/sandbox", { platform, accountName: `Sandbox ${platform}` });
    expect(created.status, created.text).toBe(201);
  }
  return { browser, user };
};

const row = (content: string, extra: Record<string, unknown> = {}) => ({
  content,
  scheduledDate: "2030-01-15",
  scheduledTime: "09:30",
  platforms: ["instagram"],
  // Instagram takes no post without a photo or video.
  media: ["https://cdn.example.com/photo.jpg"],
  ...extra,
});

describe("bulk upload", () => {
  it("schedules the good rows and refuses each bad one with its row number and a sentence, in the person's time zone", async () => {
    const { browser } = await starterWith(["instagram", "facebook"]);
    const answer = await browser.post("/api/posts/bulk", {
      posts: [
        row("Winter hours start Monday"),
        row("Bad date", { scheduledDate: "2030-13-01" }),
        row("Two platforms", { platforms: ["instagram", "facebook"], scheduledTime: "18:05", media: ["https://cdn.example.com/winter.jpg"] }),
        row("Long ago", { scheduledDate: "2020-01-01" }),
        row("Plain http media", { media: ["http://cdn.example.com/a.jpg"] }),
        row("Nowhere", { platforms: ["linkedin"] }),
        row("Unknown", { platforms: ["myspace"] }),
        row("Bad time", { scheduledTime: "25:00" }),
        row("x".repeat(2201)),
        row("No photo", { media: [] }),
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data.successful.map((s: any) => s.row)).toEqual([1, 3]);
    // 09:30 in Berlin in January is 08:30 UTC.
    expect(answer.data.successful[0].scheduledAt).toBe("2030-01-15T08:30:00.000Z");
    expect(answer.data.failed).toEqual([
      { row: 2, message: BULK_MESSAGES.date },
      { row: 4, message: SCHEDULED_IN_PAST_MESSAGE },
      { row: 5, message: "Add media from your media library, or by an https:// address." },
      { row: 6, message: "Connect an account of LinkedIn first, or unselect it." },
      { row: 7, message: '"myspace" is not a platform we know: use names like instagram, facebook, linkedin, twitter, separated by ;.' },
      { row: 8, message: "25:00 is not a time. Use HH:MM, from 00:00 to 23:59." },
      { row: 9, message: "Your post is 2201 characters; Instagram allows 2200." },
      { row: 10, message: "Instagram needs a photo or video." },
    ]);

    // The queue lists them as scheduled posts, each with its publication job.
    const scheduled = (await browser.get("/api/posts?status=scheduled&sort=scheduled")).data.items;
    expect(scheduled.map((p: any) => [p.content, p.platforms, p.scheduledAt, p.timeZone])).toEqual([
      ["Winter hours start Monday", ["instagram"], "2030-01-15T08:30:00.000Z", "Europe/Berlin"],
      ["Two platforms", ["instagram", "facebook"], "2030-01-15T17:05:00.000Z", "Europe/Berlin"],
    ]);
    expect(scheduled[1].media).toEqual(["https://cdn.example.com/winter.jpg"]);
    // Added together (add_jobs), each job as POST /api/posts adds it: its post in the payload, ahead of the time to be ready at the second.
    const jobs =
      await app.sql`select key, payload, run_at from graphile_worker._private_jobs where key = any(${scheduled.map((p: any) => `post:${p.id}`)}) order by run_at`;
    expect(jobs.map((j) => [j.payload, j.run_at.getTime()])).toEqual(
      scheduled.map((p: any) => [{ postId: p.id }, new Date(p.scheduledAt).getTime() - PUBLISH_LEAD_MS]),
    );
    // The audit trail has each post's history, as for a post made on the compose screen.
    const [events] = await app.sql<{ n: number }[]>`select count(*)::int as n from events where stream_id = ${`post-${scheduled[0].id}`}`;
    expect(events!.n).toBe(2);
  });

  it("reads the times in the zone the upload names", async () => {
    const { browser } = await starterWith(["instagram"]);
    const answer = await browser.post("/api/posts/bulk", { posts: [row("In New York")], timeZone: "America/New_York" });
    expect(answer.data.successful[0].scheduledAt).toBe("2030-01-15T14:30:00.000Z");
  });

  it("schedules the same row once: twice in the file, or already scheduled", async () => {
    const { browser } = await starterWith(["instagram", "facebook"]);
    const first = await browser.post("/api/posts/bulk", {
      posts: [
        row("Same post"),
        row("Other post"),
        row("  Same post  "),
        row("Same post", { scheduledTime: "10:30" }),
        row("Same post", { platforms: ["facebook"] }),
      ],
    });
    expect(first.data.successful.map((s: any) => s.row)).toEqual([1, 2, 4, 5]);
    expect(first.data.failed).toEqual([{ row: 3, message: bulkDuplicateInFileMessage(1) }]);

    const again = await browser.post("/api/posts/bulk", { posts: [row("Same post"), row("New one")] });
    expect(again.data.successful.map((s: any) => s.row)).toEqual([2]);
    expect(again.data.failed).toEqual([{ row: 1, message: BULK_ALREADY_SCHEDULED_MESSAGE }]);
    // Rows sent in parts keep the numbers of the file they come from.
    const numbered = await browser.post("/api/posts/bulk", {
      posts: [
        { ...row("Numbered"), row: 501 },
        { ...row("Numbered"), row: 740 },
      ],
    });
    expect(numbered.data.successful.map((s: any) => s.row)).toEqual([501]);
    expect(numbered.data.failed).toEqual([{ row: 740, message: bulkDuplicateInFileMessage(501) }]);
    // A post made on the compose screen counts too.
    const composed = await browser.post("/api/posts", {
      content: "Composed",
      platforms: ["instagram"],
      media: ["https://cdn.example.com/photo.jpg"],
      status: "scheduled",
      scheduledAt: "2030-02-01T12:00",
    });
    expect(composed.status, composed.text).toBe(201);
    const third = await browser.post("/api/posts/bulk", { posts: [row("Composed", { scheduledDate: "2030-02-01", scheduledTime: "12:00" })] });
    expect(third.data.failed).toEqual([{ row: 1, message: BULK_ALREADY_SCHEDULED_MESSAGE }]);
  });

  it("a member whose posts need approval sends the rows to the approvers, told in one mail", async () => {
    const { browser, input } = await team.owner("professional");
    expect((await browser.post("/api/social-accounts/sandbox", { platform: "instagram", accountName: "Lee Dental" })).status).toBe(201);
    const { member } = await team.joined(browser, team.email("maria"), "member");
    expect((await browser.put("/api/team-settings", { approvalRequired: true })).status).toBe(200);
    const answer = await member.post("/api/posts/bulk", { posts: [row("Flu shots this week"), row("Open on Saturday")] });
    expect(answer.data.successful.map((s: any) => s.row)).toEqual([1, 2]);
    const awaiting = (await browser.get("/api/posts?status=awaiting_approval")).data.items;
    expect(awaiting.map((p: any) => p.content).sort()).toEqual(["Flu shots this week", "Open on Saturday"]);
    const jobs = await app.sql`select 1 from graphile_worker._private_jobs where key = any(${awaiting.map((p: any) => `post:${p.id}`)})`;
    expect(jobs).toHaveLength(0);
    const mails = await app.sql<
      { subject: string }[]
    >`select subject from mail_outbox where to_address = ${input.email as string} and subject like '%approval%'`;
    expect(mails.map((m) => m.subject)).toEqual(["2 posts await your approval"]);

    // More rows than one statement takes (500 posts' events): still one mail, naming them all.
    const many = await member.post("/api/posts/bulk", { posts: Array.from({ length: 600 }, (_, i) => row(`Tip ${i + 1}`)) });
    expect(many.data.successful, many.text).toHaveLength(600);
    const [mail] = await app.sql<{ subject: string; body_text: string }[]>`
      select subject, body_text from mail_outbox where to_address = ${input.email as string} and subject like '%approval%' order by id offset 1`;
    expect(mail?.subject).toBe("600 posts await your approval");
    expect(mail?.body_text).toContain(`submitted 600 posts for approval, among them:\n\n"Tip 1"\n"Tip 2"\n"Tip 3"\n"Tip 4"\n"Tip 5"\n\nApprove them`);
  });

  it("is a Starter feature: a trial is refused with the plan's sentence", async () => {
    const { browser } = await signUp(app.server.url);
    const refused = await browser.post("/api/posts/bulk", { posts: [row("Trial")] });
    expect(refused.status).toBe(403);
    expect(refused.data.detail).toBe(FEATURE_UNAVAILABLE_MESSAGE);
  });

  it("counts the plan's limits row by row, and refuses an empty or oversized upload", async () => {
    const { browser } = await starterWith(["instagram"]);
    // Starter: 160 posts a month.
    const posts = Array.from({ length: 162 }, (_, i) => row(`Post number ${i + 1}`));
    const answer = await browser.post("/api/posts/bulk", { posts });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data.successful).toHaveLength(160);
    expect(answer.data.failed).toEqual([
      { row: 161, message: "You've reached your monthly limit of 160 posts. Upgrade for unlimited posting." },
      { row: 162, message: "You've reached your monthly limit of 160 posts. Upgrade for unlimited posting." },
    ]);

    const none = await browser.post("/api/posts/bulk", { posts: [] });
    expect(none.status).toBe(400);
    expect(none.data.detail).toBe(BULK_MESSAGES.none);
    const tooMany = await browser.post("/api/posts/bulk", { posts: Array.from({ length: 10_001 }, () => ({})) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.detail).toBe(BULK_MESSAGES.tooMany);
    expect((await browser.post("/api/posts/bulk", { rows: [] })).status).toBe(400);
    expect((await browser.post("/api/posts/bulk", { posts: [null, 3, "text"] })).data.failed).toHaveLength(3);
  });
});
