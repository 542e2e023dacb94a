import { describe, expect, it } from "vitest";
import { systemContext } from "../../domain/shared";
import { ClientReports } from "../../infra/reports/ClientReports";
import { pdfText } from "../support/pdf-text";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * An agency's clients beyond their workspaces: a name and logo kept up to date, people who see every
 * client, and each client's report: downloaded as CSV or PDF for any days, and e-mailed after each
 * week or month under the agency's white label, each period once.
 */

const app = useAppServer();
const { owner, joined, email } = teamHelpers(app);

/** A post of the client's, published at `at`, with its engagement per platform (as the engagement job records it). */
const published = async (clientId: string, authorId: string, at: Date, engagement: Record<string, Record<string, number>>, content = "A post") => {
  await app.sql`
    insert into posts (id, workspace_id, author_id, content, platforms, status, published_at, time_zone, engagement, created_at, updated_at)
    values (gen_random_uuid(), ${clientId}, ${authorId}, ${content}, ${Object.keys(engagement)}, 'published', ${at}, 'UTC', ${app.sql.json(engagement)}, ${at}, now())`;
};

/** A review of the client's, written at `at` and answered at `respondedAt` (as the reviews' projection keeps it). */
const review = async (workspaceId: string, rating: number, at: string, respondedAt: string | null = null) => {
  await app.sql`
    insert into reviews (id, workspace_id, account_id, platform, external_id, reviewer_name, rating, content, reviewed_at, source,
                         response_text, responded_at, flagged, read, received_at, updated_at)
    values (gen_random_uuid(), ${workspaceId}, gen_random_uuid(), 'google', ${crypto.randomUUID()}, 'A patient', ${rating}, 'Kind staff', ${at}, 'google',
            ${respondedAt ? "Thank you!" : null}, ${respondedAt}, false, true, ${at}, now())`;
};

/** A message sent to the client's inbox at `at`, and its replies: [when, how the sending went]. */
const message = async (workspaceId: string, at: string, replies: ReadonlyArray<readonly [string, "sent" | "failed"]> = [], outgoing = false) => {
  const id = crypto.randomUUID();
  await app.sql`
    insert into inbox_messages (id, workspace_id, account_id, platform, type, external_id, from_name, from_username, from_verified, content,
                                sent_at, received_at, likes, sentiment, priority, status, archived, outgoing)
    values (${id}, ${workspaceId}, gen_random_uuid(), 'facebook', 'dm', ${id}, 'Sam', 'sam', false, 'Are you open on Saturday?',
            ${at}, ${at}, 0, 'neutral', 'normal', ${replies.length > 0 ? "replied" : "unread"}, false, ${outgoing})`;
  for (const [when, status] of replies)
    await app.sql`
      insert into inbox_replies (id, message_id, workspace_id, content, is_public, status, created_at, sent_at)
      values (gen_random_uuid(), ${id}, ${workspaceId}, 'Yes, 9 to 1.', false, ${status}, ${when}, ${status === "sent" ? when : null})`;
};

const sendDue = (now: Date) => app.run(ClientReports.use((reports) => reports.sendDue(systemContext("reports", now, crypto.randomUUID()))));

describe("a client's name and logo", () => {
  it("given a client, the agency renames it and gives it a logo; a bad one is refused, another agency's client is not found", async () => {
    const agency = await owner("agency");
    const created = await agency.browser.post("/api/clients", { name: "Lee Dental", logoUrl: "https://leedental.example/logo.png" });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({ name: "Lee Dental", logoUrl: "https://leedental.example/logo.png" });
    const id = created.data.id as string;

    const renamed = await agency.browser.put(`/api/clients/${id}`, { name: " Lee Family Dental ", logoUrl: "" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.data).toMatchObject({ id, name: "Lee Family Dental", logoUrl: null });
    expect((await app.sql`select name, logo_url from workspaces where id = ${id}`)[0]).toEqual({ name: "Lee Family Dental", logo_url: null });

    const bad = await agency.browser.put(`/api/clients/${id}`, { name: "L", logoUrl: "http://leedental.example/logo.png" });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({
      name: "Name the client in 2 to 100 characters.",
      logoUrl: "The logo is an https:// address of an image, or nothing.",
    });
    expect((await agency.browser.get("/api/clients")).data[0]).toMatchObject({ name: "Lee Family Dental" });

    const other = await owner("agency");
    expect((await other.browser.put(`/api/clients/${id}`, { name: "Mine now", logoUrl: null })).status).toBe(404);
    const agencyId = (await app.sql`select workspace_id from users where id = ${agency.user.id}`)[0]!.workspace_id as string;
    expect((await agency.browser.put(`/api/clients/${agencyId}`, { name: "Itself", logoUrl: null })).status).toBe(404);

    // A plain form's refusal comes back to the page with its sentence in a toast, not a page of JSON.
    const viaForm = await agency.browser.submit(`/api/clients/${id}`, { name: "L", logoUrl: "", back: "/app/team-management/clients" });
    expect(viaForm.status).toBe(303);
    expect(viaForm.headers.get("location")).toBe("/app/team-management/clients");
    expect(decodeURIComponent(viaForm.setCookies.join(";"))).toContain("Name the client in 2 to 100 characters.");
  });
});

describe("people who see every client", () => {
  it("given someone on all clients, they have every client, those added later too, until they are back on chosen ones", async () => {
    const agency = await owner("agency");
    const lee = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    const { member, user } = await joined(agency.browser, email("maria"), "member");

    const all = await agency.browser.post("/api/clients/access", { userId: user.id, granted: true });
    expect(all.status, all.text).toBe(204);
    expect(((await agency.browser.get("/api/team-members")).data as Array<{ id: string; allClients: boolean }>).find((m) => m.id === user.id)?.allClients).toBe(
      true,
    );
    const rao = (await agency.browser.post("/api/clients", { name: "Rao Law" })).data.id as string;
    const clients = (await agency.browser.get("/api/clients")).data as Array<{ id: string; memberIds: string[] }>;
    expect(clients.map((c) => c.memberIds)).toEqual([[user.id], [user.id]]);
    expect((await member.post("/api/workspaces/switch", { workspaceId: rao })).status).toBe(200);
    expect((await member.get("/api/auth/user")).data).toMatchObject({ teamRole: "member", subscriptionTier: "agency" });

    // One client taken away from someone on all clients: they are told how, and keep it.
    const refused = await agency.browser.post(`/api/clients/${lee}/access`, { userId: user.id, granted: false });
    expect(refused.status).toBe(409);
    expect(refused.data.detail).toBe('This person sees every client. Choose "Chosen clients" for them first, then take this client away.');

    // Back on chosen clients: they keep the ones they have, and are given or denied each again.
    expect((await agency.browser.post("/api/clients/access", { userId: user.id, granted: false })).status).toBe(204);
    expect((await agency.browser.post(`/api/clients/${lee}/access`, { userId: user.id, granted: false })).status).toBe(204);
    const after = (await agency.browser.get("/api/clients")).data as Array<{ id: string; memberIds: string[] }>;
    expect(after.find((c) => c.id === lee)?.memberIds).toEqual([]);
    expect(after.find((c) => c.id === rao)?.memberIds).toEqual([user.id]);
    const third = (await agency.browser.post("/api/clients", { name: "Third Client" })).data;
    expect(third.memberIds).toEqual([]);

    // The owner has every client already; someone outside the team is not found.
    expect((await agency.browser.post("/api/clients/access", { userId: agency.user.id, granted: true })).status).toBe(403);
    expect((await agency.browser.post("/api/clients/access", { userId: crypto.randomUUID(), granted: true })).status).toBe(404);
  });
});

describe("a client's report", () => {
  it("given a client's published posts, its report for chosen days is a CSV row per day and a PDF of the figures", async () => {
    const agency = await owner("agency", { company: "Park Agency" });
    const lee = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    // The agency person's days are New York's: 23:30 there on Oct 31 is Nov 1 in UTC.
    await app.sql`update users set time_zone = 'America/New_York' where id = ${agency.user.id}`;
    await published(
      lee,
      agency.user.id,
      new Date("2026-10-02T15:00:00Z"),
      { facebook: { likes: 10, shares: 2, comments: 3 }, twitter: { likes: 5 } },
      "Open house on Saturday",
    );
    await published(lee, agency.user.id, new Date("2026-10-02T18:00:00Z"), { facebook: { likes: 1 } }, "Teeth whitening");
    await published(lee, agency.user.id, new Date("2026-11-01T03:30:00Z"), { bluesky: { likes: 4 } }, "Halloween smiles");
    await published(lee, agency.user.id, new Date("2026-11-01T05:00:00Z"), { bluesky: { likes: 100 } }, "November already");

    const csv = await agency.browser.get(`/api/clients/${lee}/report?from=2026-10-01&to=2026-10-31&format=csv`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="lee-dental-report-2026-10-01-to-2026-10-31.csv"');
    const [daysPart, workPart] = csv.text.trim().split("\r\n\r\n");
    const rows = daysPart!.split("\r\n");
    expect(rows).toHaveLength(1 + 31 + 1);
    expect(rows[0]).toBe("Date,Posts published,Engagements,Impressions (estimated),Reach (estimated),Clicks (estimated)");
    expect(rows[1]).toBe("2026-10-01,0,0,0,0,0");
    expect(rows[2]).toBe("2026-10-02,2,21,1050,630,63");
    expect(rows[31]).toBe("2026-10-31,1,4,200,120,12");
    expect(rows[32]).toBe("Total,3,25,1250,750,75");
    // No review and no message in the period: said plainly.
    expect(workPart!.split("\r\n")).toEqual(["Figure,Value", "Reviews received,No reviews this period.", "Messages received,No messages this period."]);

    const pdf = await agency.browser.get(`/api/clients/${lee}/report?from=2026-10-01&to=2026-10-31&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.buffer.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf.buffer);
    expect(text.slice(0, 4)).toEqual(["SocialDesk", "Client report", "Lee Dental", "October 2026"]);
    expect(text).toEqual(expect.arrayContaining(["Posts published", "3", "Engagements", "25", "Engagement rate", "2.0%", "1,250", "Facebook", "Bluesky"]));
    expect(text.indexOf("Open house on Saturday")).toBeGreaterThan(-1);
    expect(text.indexOf("Open house on Saturday")).toBeLessThan(text.indexOf("Halloween smiles"));
    expect(text).not.toContain("November already");
    expect(text).toEqual(expect.arrayContaining(["No reviews this period.", "No messages this period."]));

    // Days that are not days, the wrong way round, in the future or longer than a year; another agency's client.
    const asked = (query: string) => agency.browser.get(`/api/clients/${lee}/report?${query}`);
    expect((await asked("from=2026-02-30&to=2026-03-01")).data).toMatchObject({
      detail: "Choose the first day of the report.",
      errors: { from: expect.any(String) },
    });
    expect((await asked("from=2026-10-31&to=2026-10-01")).data.detail).toBe("The report's last day comes on or after its first day.");
    expect((await asked("from=2026-10-01&to=2099-01-01")).data.detail).toBe("The report can end today at the latest.");
    expect((await asked("from=2024-01-01&to=2026-01-31")).data.detail).toBe("A report covers at most 366 days.");
    expect((await asked("from=2026-10-01&to=2026-10-31&format=docx")).status).toBe(400);
    const other = await owner("agency");
    expect((await other.browser.get(`/api/clients/${lee}/report?from=2026-10-01&to=2026-10-31`)).status).toBe(404);
  });

  it("given a monthly schedule under a white label, the report goes out once on the 1st from 07:00, PDF and CSV attached, from the agency's brand", async () => {
    const agency = await owner("agency", { company: "Park Agency" });
    await agency.browser.put("/api/brand", { name: "Park Creative", logoUrl: "https://park.example/logo.png", color: "#16A34A" });
    const lee = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    await app.sql`update users set time_zone = 'America/New_York' where id = ${agency.user.id}`;
    await published(lee, agency.user.id, new Date("2026-10-02T15:00:00Z"), { facebook: { likes: 10 } }, "Open house on Saturday");
    const recipients = [email("dr.lee"), email("office")];

    const bad = await agency.browser.put(`/api/clients/${lee}/report-schedule`, { frequency: "daily", recipients: "lee" });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({ frequency: "Choose how often: weekly or monthly.", recipients: '"lee" isn\'t a valid e-mail address.' });
    const set = await agency.browser.put(`/api/clients/${lee}/report-schedule`, { frequency: "monthly", recipients: recipients.join(", ").toUpperCase() });
    expect(set.status, set.text).toBe(200);
    expect(set.data).toMatchObject({ frequency: "monthly", recipients, timeZone: "America/New_York", lastSent: null });
    // As if set in mid-October: October's report is due on Nov 1 (a schedule set later starts with the next period).
    await app.sql`update report_schedules set set_at = '2026-10-15T12:00:00Z' where workspace_id = ${lee}`;

    const outbox = () => app.sql<
      {
        to_address: string;
        from_name: string;
        subject: string;
        body_text: string;
        body_html: string;
        attachments: { filename: string; contentType: string; content: string }[];
      }[]
    >`
      select to_address, from_name, subject, body_text, body_html, attachments from mail_outbox where to_address = any(${recipients}) order by id`;
    // 06:59 in New York on Nov 1: not yet.
    expect(await sendDue(new Date("2026-11-01T10:59:00Z"))).toBe(0);
    expect(await outbox()).toHaveLength(0);
    expect(await sendDue(new Date("2026-11-01T11:17:00Z"))).toBe(1);
    const mails = await outbox();
    expect(mails.map((m) => m.to_address)).toEqual(recipients);
    const [mail] = mails;
    expect(mail).toMatchObject({ from_name: "Park Creative", subject: "Lee Dental: your monthly report for October 2026" });
    expect(mail!.body_text).toContain("1 post published, 10 engagements (2.0% engagement rate)");
    expect(mail!.body_text).not.toContain("SocialDesk");
    expect(mail!.body_html).toContain('src="https://park.example/logo.png"');
    expect(mail!.body_html).toContain("#16A34A");
    expect(mail!.body_html).not.toContain("SocialDesk");
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["lee-dental-report-2026-10-01-to-2026-10-31.pdf", "application/pdf"],
      ["lee-dental-report-2026-10-01-to-2026-10-31.csv", "text/csv"],
    ]);
    const text = pdfText(Buffer.from(mail!.attachments[0]!.content, "base64"));
    expect(text[0]).toBe("Park Creative");
    expect(text.join(" ")).not.toContain("SocialDesk");
    expect(Buffer.from(mail!.attachments[1]!.content, "base64").toString()).toContain("2026-10-02,1,10,500,300,30");

    // The job runs again that hour, and the next day: nothing more.
    expect(await sendDue(new Date("2026-11-01T11:47:00Z"))).toBe(0);
    expect(await sendDue(new Date("2026-11-02T12:00:00Z"))).toBe(0);
    expect(await outbox()).toHaveLength(2);
    const [sent] = await app.sql`select * from reports_sent where workspace_id = ${lee}`;
    expect(sent).toMatchObject({ frequency: "monthly", recipients });
    expect((await agency.browser.get(`/api/clients/${lee}/report-schedule`)).data.lastSent).toMatchObject({ from: "2026-10-01", to: "2026-10-31" });

    // Stopped: no more reports; a second stop has nothing to stop.
    expect((await agency.browser.delete(`/api/clients/${lee}/report-schedule`)).status).toBe(204);
    expect((await agency.browser.delete(`/api/clients/${lee}/report-schedule`)).status).toBe(404);
    expect(await sendDue(new Date("2026-12-01T12:17:00Z"))).toBe(0);
    expect((await agency.browser.get(`/api/clients/${lee}/report-schedule`)).data).toBeNull();
  });

  it("given a weekly schedule without a white label, Monday's report is last week's, under the product's name", async () => {
    const agency = await owner("agency");
    const rao = (await agency.browser.post("/api/clients", { name: "Rao Law" })).data.id as string;
    const to = email("rao");
    const viaForm = await agency.browser.submit(`/api/clients/${rao}/report-schedule`, {
      frequency: "weekly",
      recipients: to,
      back: "/app/team-management/clients",
    });
    expect(viaForm.status).toBe(303);
    await app.sql`update report_schedules set set_at = '2026-11-10T12:00:00Z', time_zone = 'UTC' where workspace_id = ${rao}`;
    expect(await sendDue(new Date("2026-11-23T07:30:00Z"))).toBe(1);
    const [mail] = await app.sql`select from_name, subject, body_text from mail_outbox where to_address = ${to}`;
    expect(mail).toMatchObject({ from_name: "SocialDesk", subject: "Rao Law: your weekly report for Nov 16 – 22, 2026" });
    expect(mail!.body_text).toContain("0 posts published");
    expect(mail!.body_text).toContain("No reviews this period.\nNo messages this period.");

    // A form's "Never" stops it.
    expect(
      (await agency.browser.submit(`/api/clients/${rao}/report-schedule`, { frequency: "off", recipients: "", back: "/app/team-management/clients" })).status,
    ).toBe(303);
    expect(await app.sql`select 1 from report_schedules where workspace_id = ${rao}`).toHaveLength(0);
  });

  it("given reviews and messages answered at known times, the report's CSV, PDF and mail show how many, the rating against last month and the median waits", async () => {
    const agency = await owner("agency");
    const lee = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    const agencyId = (await app.sql`select workspace_id from users where id = ${agency.user.id}`)[0]!.workspace_id as string;
    await app.sql`update users set time_zone = 'UTC' where id = ${agency.user.id}`;
    // October: 5, 4 and 4 stars (4.3), two answered after 2 h and 9 h; September: 3 and 4 (3.5).
    await review(lee, 5, "2026-10-03T10:00:00Z", "2026-10-03T12:00:00Z");
    await review(lee, 4, "2026-10-10T09:00:00Z", "2026-10-10T18:00:00Z");
    await review(lee, 4, "2026-10-20T09:00:00Z");
    await review(lee, 3, "2026-09-02T09:00:00Z", "2026-09-02T10:00:00Z");
    await review(lee, 4, "2026-09-30T23:00:00Z");
    await review(lee, 1, "2026-11-01T00:00:00Z"); // November's
    await review(agencyId, 1, "2026-10-05T09:00:00Z"); // the agency's own
    // Four messages people sent; first replies after 45 min, 15 min (a failed try before it) and 2 h; one unanswered; one the client started.
    await message(lee, "2026-10-05T10:00:00Z", [
      ["2026-10-05T10:45:00Z", "sent"],
      ["2026-10-05T12:00:00Z", "sent"],
    ]);
    await message(lee, "2026-10-06T10:00:00Z", [
      ["2026-10-06T10:05:00Z", "failed"],
      ["2026-10-06T10:15:00Z", "sent"],
    ]);
    await message(lee, "2026-10-07T10:00:00Z");
    await message(lee, "2026-10-09T23:00:00Z", [["2026-10-10T01:00:00Z", "sent"]]);
    await message(lee, "2026-10-08T10:00:00Z", [["2026-10-08T10:00:00Z", "sent"]], true);

    const csv = await agency.browser.get(`/api/clients/${lee}/report?from=2026-10-01&to=2026-10-31&format=csv`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text.trim().split("\r\n\r\n")[1]!.split("\r\n")).toEqual([
      "Figure,Value",
      "Reviews received,3",
      "Average rating,4.3",
      "Average rating change from September 2026,0.8",
      "Reviews responded,2",
      "Median time to respond (minutes),330",
      "Messages received,4",
      "Messages replied,3",
      "Median first-response time (minutes),45",
    ]);

    const pdf = await agency.browser.get(`/api/clients/${lee}/report?from=2026-10-01&to=2026-10-31&format=pdf`);
    const text = pdfText(pdf.buffer);
    const after = (label: string) => text[text.indexOf(label) + 1];
    expect(after("Reviews received")).toBe("3");
    expect(after("Average rating")).toBe("4.3 / 5");
    expect(after("Reviews responded")).toBe("2");
    expect(after("Median time to respond")).toBe("5 h 30 min");
    expect(text).toContain("The average rating is up 0.8 from September 2026 (3.5).");
    expect(after("Messages received")).toBe("4");
    expect(after("Messages replied")).toBe("3");
    expect(after("Median first response")).toBe("45 min");

    const to = email("dr.lee");
    await agency.browser.put(`/api/clients/${lee}/report-schedule`, { frequency: "monthly", recipients: to });
    await app.sql`update report_schedules set set_at = '2026-10-15T12:00:00Z' where workspace_id = ${lee}`;
    expect(await sendDue(new Date("2026-11-01T07:30:00Z"))).toBe(1);
    const [mail] = await app.sql<{ body_text: string; body_html: string }[]>`select body_text, body_html from mail_outbox where to_address = ${to}`;
    expect(mail!.body_text).toContain(
      "Reviews: 3 reviews received, average rating 4.3 (up 0.8 from September 2026), 2 responded, median time to respond 5 h 30 min.\n" +
        "Messages: 4 messages received, 3 replied, median first response 45 min.",
    );
    expect(mail!.body_html).toContain("median first response 45 min.");
  });
});
