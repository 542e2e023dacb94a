import { describe, expect, it } from "vitest";
import { PERMISSION_DENIED_MESSAGE } from "../../domain/access";
import { Browser } from "../support/browser";
import { useAppServer } from "../support/server";
import { until } from "../support/wait";
import { teamHelpers } from "../support/team";

/**
 * The approval workflow over HTTP (issue 10, "approval workflow for clients"): with the setting on,
 * a member's post that would be scheduled or published waits for an owner or admin, who approves it
 * (scheduled as submitted, or published when its time has passed, once confirmed) or sends it back
 * with a comment; editing an approved post sends it back. Each step is checked on the read model,
 * the publication job and the mail outbox.
 */

const app = useAppServer();
const { owner, joined, email } = teamHelpers(app);

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const jobOf = async (postId: string) => (await app.sql`select run_at from graphile_worker._private_jobs where key = ${`post:${postId}`}`)[0];
const mailsTo = async (to: string) =>
  app.sql<{ subject: string; body_text: string }[]>`select subject, body_text from mail_outbox where to_address = ${to} order by id`;
const nameOf = async (address: string) => (await app.sql<{ name: string }[]>`select trim(first_name || ' ' || last_name) as name from users where email = ${address}`)[0]!.name;
/** A mail's text, the app's address written as ORIGIN. */
const textOf = (mail: { body_text: string } | undefined) => mail?.body_text.replace(/https?:\/\/[^/\s]+/g, "ORIGIN");

/** An owner on Professional with a sandbox Bluesky account, approval on, and a member. */
const teamWithApproval = async () => {
  const { browser, input } = await owner();
  expect((await browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Lee Dental" })).status).toBe(201);
  const { member, user } = await joined(browser, email("maria"), "member");
  const setting = await browser.put("/api/team-settings", { approvalRequired: true });
  expect(setting.status, setting.text).toBe(200);
  expect(setting.data).toEqual({ approvalRequired: true });
  return { owner: browser, ownerEmail: input.email as string, member, memberEmail: user.email as string };
};

const schedule = (browser: Browser, scheduledAt: string | null, status = "scheduled") =>
  browser.post("/api/posts", { content: "Flu shots: walk in this week", platforms: ["bluesky"], status, scheduledAt, timeZone: "Europe/Madrid" });

describe("approving posts", () => {
  it("given the setting off, a member's post is scheduled as usual; only owners and admins change the setting", async () => {
    const { browser } = await owner();
    await browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Lee Dental" });
    const { member } = await joined(browser, email("sam"));
    expect((await member.get("/api/team-settings")).data).toEqual({ approvalRequired: false });
    const refused = await member.put("/api/team-settings", { approvalRequired: true });
    expect(refused.status).toBe(403);
    expect(refused.data.detail).toBe(PERMISSION_DENIED_MESSAGE);
    const post = await schedule(member, inAnHour());
    expect(post.status, post.text).toBe(201);
    expect(post.data.status).toBe("scheduled");
  });

  it("given approval on, a member's scheduled post waits for an approver, who is e-mailed; approved, it is scheduled at its time and its author told", async () => {
    const team = await teamWithApproval();
    const at = inAnHour();
    const submitted = await schedule(team.member, at);
    expect(submitted.status, submitted.text).toBe(201);
    expect(submitted.data).toMatchObject({ status: "awaiting_approval", scheduledAt: at });
    expect(await jobOf(submitted.data.id)).toBeUndefined();
    const [request] = await mailsTo(team.ownerEmail);
    expect(request?.subject).toBe("A post awaits your approval");
    expect(textOf(request)).toBe(
      `${await nameOf(team.memberEmail)} submitted a post for approval:\n\n"Flu shots: walk in this week"\n\n` +
        `Approve it or request changes from the queue: ORIGIN/app/queue?tab=approval\nThe post: ORIGIN/app/posts/${submitted.data.id}`,
    );

    // The member cannot approve it.
    expect((await team.member.post(`/api/posts/${submitted.data.id}/approve`, {})).status).toBe(403);

    const queue = await team.owner.get("/api/posts?status=awaiting_approval");
    expect((queue.data.items as Array<{ id: string }>).map((p) => p.id)).toEqual([submitted.data.id]);

    const approved = await team.owner.post(`/api/posts/${submitted.data.id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect(approved.data).toMatchObject({ status: "scheduled", scheduledAt: at });
    expect(new Date((await jobOf(submitted.data.id))!.run_at).getTime()).toBeLessThanOrEqual(Date.parse(at));
    const told = (await mailsTo(team.memberEmail)).at(-1);
    expect(told?.subject).toBe("Your post was reviewed");
    expect(textOf(told)).toBe(`Your post "Flu shots: walk in this week" was approved: it goes out at its scheduled time.\n\nORIGIN/app/posts/${submitted.data.id}`);
    const events = await app.sql<{ type: string; metadata: { actorId: string } }[]>`
      select type, metadata from events where stream_id = ${`post-${submitted.data.id}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["PostDrafted", "PostSubmittedForApproval", "PostApproved", "PostScheduled"]);

    // Edited by the member once approved: back to the approvers, its job gone.
    const edited = await team.member.put(`/api/posts/${submitted.data.id}`, {
      content: "Flu shots: walk in all week",
      platforms: ["bluesky"],
      status: "scheduled",
      scheduledAt: at,
      timeZone: "Europe/Madrid",
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data.status).toBe("awaiting_approval");
    expect(await jobOf(submitted.data.id)).toBeUndefined();
  });

  it("given a post awaiting approval, when the approver requests changes, then it is a draft with the comment for its author", async () => {
    const team = await teamWithApproval();
    const submitted = await schedule(team.member, inAnHour());
    const blank = await team.owner.post(`/api/posts/${submitted.data.id}/request-changes`, { comment: "  " });
    expect(blank.status).toBe(400);
    expect(blank.data.detail).toBe("Say what to change, in up to 1,000 characters.");
    const sent = await team.owner.post(`/api/posts/${submitted.data.id}/request-changes`, { comment: "Add the clinic's hours, please." });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.data).toMatchObject({ status: "draft", scheduledAt: null, reviewComment: "Add the clinic's hours, please." });
    expect(textOf((await mailsTo(team.memberEmail)).at(-1))).toBe(
      `Your post "Flu shots: walk in this week" needs changes before it can go out:\n\nAdd the clinic's hours, please.\n\nORIGIN/app/posts/${submitted.data.id}`,
    );
    const again = await team.owner.post(`/api/posts/${submitted.data.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.data.detail).toBe("This post is not awaiting approval.");
  });

  it("given a member's 'Post now', when approved, then the approver confirms publishing now and it is published on the account", async () => {
    const team = await teamWithApproval();
    const submitted = await schedule(team.member, null, "published");
    expect(submitted.status, submitted.text).toBe(201);
    expect(submitted.data).toMatchObject({ status: "awaiting_approval", scheduledAt: null });
    expect(await jobOf(submitted.data.id)).toBeUndefined();
    // The queue's Publish now, by a member, is the same request: it waits, with no job.
    const other = await schedule(team.member, inAnHour());
    const pushed = await team.member.post(`/api/posts/${other.data.id}/publish`, {});
    expect(pushed.status, pushed.text).toBe(202);
    expect(pushed.data).toMatchObject({ status: "awaiting_approval", scheduledAt: null });
    expect(await jobOf(other.data.id)).toBeUndefined();
    const unconfirmed = await team.owner.post(`/api/posts/${submitted.data.id}/approve`, {});
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.data.detail).toBe("The time chosen for this post has passed. Approve it to publish now, or choose a new time.");
    const approved = await team.owner.post(`/api/posts/${submitted.data.id}/approve`, { publishNow: true });
    expect(approved.status, approved.text).toBe(200);
    expect(textOf((await mailsTo(team.memberEmail)).at(-1))).toBe(
      `Your post "Flu shots: walk in this week" was approved and is being published now.\n\nORIGIN/app/posts/${submitted.data.id}`,
    );
    const status = await until(
      async () => (await team.owner.get(`/api/posts/${submitted.data.id}`)).data.status as string,
      (now) => now === "published",
      20_000,
    );
    expect(status).toBe("published");
  });

  it("given approval on, an admin's and the owner's own posts go out without waiting", async () => {
    const team = await teamWithApproval();
    expect((await schedule(team.owner, inAnHour())).data.status).toBe("scheduled");
    const { member: admin } = await joined(team.owner, email("ada"), "admin");
    expect((await schedule(admin, inAnHour())).data.status).toBe("scheduled");
  });

  it("given posts awaiting approval, when shared with a client, then the client approves one and sends one back from the link, without an account", async () => {
    const team = await teamWithApproval();
    const first = (await schedule(team.member, inAnHour())).data.id as string;
    const second = (await schedule(team.member, inAnHour())).data.id as string;
    const scheduledOne = (await schedule(team.owner, inAnHour())).data.id as string;
    const refused = await team.owner.post("/api/approval-links", { postIds: [first, scheduledOne] });
    expect(refused.status).toBe(400);
    expect(refused.data.detail).toBe("Choose between 1 and 50 posts that await approval.");
    expect((await team.member.post("/api/approval-links", { postIds: [first] })).status).toBe(403);

    const link = await team.owner.post("/api/approval-links", { postIds: [first, second] });
    expect(link.status, link.text).toBe(201);
    const path = new URL(link.data.url).pathname;
    expect((await team.owner.get("/api/approval-links")).data).toEqual([
      {
        id: link.data.id,
        postIds: [first, second],
        createdAt: link.data.createdAt,
        expiresAt: link.data.expiresAt,
        outcome: "waiting",
        posts: { approved: 0, sentBack: 0, waiting: 2 },
      },
    ]);

    const client = new Browser(app.server.url);
    const page = await client.page(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Flu shots: walk in this week");
    const noName = await client.submit(path, { postId: first, decision: "approve", name: "" });
    expect(noName.status).toBe(400);
    expect(noName.text).toContain("Please enter your name");
    const approved = await client.submit(path, { postId: first, decision: "approve", name: "Jane Smith" });
    expect(approved.status, approved.text.slice(0, 300)).toBe(200);
    expect(approved.text).toContain("Thank you, Jane Smith: the post is approved.");
    expect((await team.owner.get(`/api/posts/${first}`)).data.status).toBe("scheduled");
    const [decision] = await app.sql<{ data: { reviewer: string }; metadata: { actorId: string | null; via: string } }[]>`
      select data, metadata from events where stream_id = ${`post-${first}`} and type = 'PostApproved'`;
    expect(decision!.data.reviewer).toBe("Jane Smith");
    expect(decision!.metadata).toMatchObject({ actorId: null, via: `share_link:${link.data.id}` });

    const noComment = await client.submit(path, { postId: second, decision: "changes", name: "Jane Smith", comment: "" });
    expect(noComment.status).toBe(400);
    const back = await client.submit(path, { postId: second, decision: "changes", name: "Jane Smith", comment: "Say 'walk-ins welcome'." });
    expect(back.status).toBe(200);
    expect((await team.owner.get(`/api/posts/${second}`)).data).toMatchObject({ status: "draft", reviewComment: "Say 'walk-ins welcome'." });
    // The team's list says what became of the link.
    expect((await team.owner.get("/api/approval-links")).data[0]).toMatchObject({ outcome: "sent_back", posts: { approved: 1, sentBack: 1, waiting: 0 } });
    // A post not on the link is out of its reach.
    expect((await client.submit(path, { postId: scheduledOne, decision: "approve", name: "Jane Smith" })).status).toBe(404);

    // Withdrawn: the link stops working.
    expect((await team.owner.delete(`/api/approval-links/${link.data.id}`)).status).toBe(204);
    const gone = await client.page(path);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("This approval link isn&#39;t valid");
  });

  it("given an expired approval link, then it says so and records nothing", async () => {
    const team = await teamWithApproval();
    const post = (await schedule(team.member, inAnHour())).data.id as string;
    const link = await team.owner.post("/api/approval-links", { postIds: [post] });
    const past = new Date(Date.now() - 60_000).toISOString();
    await app.sql`update events set data = jsonb_set(data, '{expiresAt}', to_jsonb(${past}::text)) where type = 'ApprovalLinkCreated' and data->>'linkId' = ${link.data.id}`;
    const client = new Browser(app.server.url);
    const path = new URL(link.data.url).pathname;
    const page = await client.page(path);
    expect(page.status).toBe(410);
    expect(page.text).toContain("This approval link has expired. Ask for a new one.");
    expect((await client.submit(path, { postId: post, decision: "approve", name: "Jane Smith" })).status).toBe(409);
    expect((await team.owner.get(`/api/posts/${post}`)).data.status).toBe("awaiting_approval");
    // Still listed for the team, as expired with its post waiting.
    await app.sql`update approval_links set expires_at = ${past} where id = ${link.data.id}`;
    expect((await team.owner.get("/api/approval-links")).data).toMatchObject([{ id: link.data.id, outcome: "expired", posts: { waiting: 1 } }]);
  });
});
