import { describe, expect, it } from "vitest";
import { systemContext } from "../../domain/shared";
import { UserAdmin } from "../../infra/identity/UserAdmin";
import { mailUnreadReplies } from "../../infra/support/mails";
import type { Browser } from "../support/browser";
import { samplePng } from "../support/openai";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Live chat with the operators (issue 33): a Professional workspace writes from its support panel,
 * an operator (`admin:grant`) lists the conversations with their unread messages and waits, opens
 * one and answers; the customer's open event stream hears the reply at once, and an unread reply is
 * e-mailed later. Starter is refused with where to e-mail, and the e-mail form reaches SUPPORT_EMAIL.
 */

const SUPPORT_EMAIL = "help-desk@socialdesk.example";
const app = useAppServer({ env: { SUPPORT_EMAIL } });
const { owner } = teamHelpers(app);

const grantOperator = (email: string) => app.run(UserAdmin.use((admin) => admin.grantOperator(email, systemContext("test", new Date(), crypto.randomUUID()))));

/** The person's support events, read until `event` arrives (or 10 s): the first line says it listens. */
const listen = async (who: Browser, path: string) => {
  const controller = new AbortController();
  const response = await fetch(`${app.server.url}${path}`, { headers: { cookie: who.cookieHeader() }, signal: controller.signal });
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  const reader = response.body!.getReader();
  let text = new TextDecoder().decode((await reader.read()).value);
  expect(text).toContain("retry: 5000");
  return async (event: string) => {
    const until = Date.now() + 10_000;
    while (Date.now() < until && !text.includes(`event: ${event}`)) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, until - Date.now())))]);
      if (!chunk || chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    return text;
  };
};

describe("live chat between a customer and the operators", () => {
  it("given a Professional workspace, its message reaches the operators' list, the reply reaches its open panel at once, and an unread reply is e-mailed", async () => {
    const { browser: customer, input } = await owner("professional", { firstName: "Dana", lastName: "Lee" });
    const { browser: operator, input: operatorInput } = await owner("starter", { firstName: "Sam", lastName: "Ops" });

    // No operator on this server yet: the panel says so (and offers the e-mail form).
    expect((await customer.get("/api/support")).data).toEqual({ conversationId: null, operatorsAvailable: false, supportEmail: SUPPORT_EMAIL, messages: [] });
    // Everyone but an operator: the console's calls do not exist.
    expect((await customer.get("/api/admin/support")).status).toBe(404);
    expect((await customer.post("/api/admin/support/00000000-0000-4000-8000-000000000000/messages", { content: "Hi" })).status).toBe(404);
    await grantOperator(operatorInput.email);

    // Bad input: an empty message, a file not in the workspace's library.
    const empty = await customer.post("/api/support/messages", { content: "   " });
    expect([empty.status, empty.data.errors.content]).toEqual([400, "Write your message."]);
    const foreign = await customer.post("/api/support/messages", { content: "See this", mediaIds: ["00000000-0000-4000-8000-000000000000"] });
    expect([foreign.status, foreign.data.errors.mediaIds]).toEqual([400, "Attach files from your media library only."]);

    const form = new FormData();
    form.append("files", new File([(await samplePng()) as BlobPart], "broken-preview.png", { type: "image/png" }));
    const uploaded = await customer.request("POST", "/api/media/upload", { body: form });
    expect(uploaded.status, uploaded.text).toBe(201);
    const mediaId = uploaded.data.items[0].id as string;

    const sent = await customer.post("/api/support/messages", { content: "My Instagram post did not go out.", mediaIds: [mediaId] });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.data).toMatchObject({ side: "customer", authorName: "Dana Lee", content: "My Instagram post did not go out.", attachments: [{ mediaId, name: "broken-preview.png" }] });
    expect((await customer.post("/api/support/messages", { content: "It was due at 9." })).status).toBe(201);

    const listed = await operator.get("/api/admin/support");
    expect(listed.status).toBe(200);
    const mine = (listed.data as Array<Record<string, any>>).find((c) => c.lastMessage === "It was due at 9.")!;
    expect(mine).toMatchObject({ workspaceName: expect.any(String), unread: 2, overdue: false });
    expect(Date.now() - Date.parse(mine.waitingSince)).toBeLessThan(60_000);

    // The operator opens it: the customer's messages are read, the attachment opens for them (and for no one outside the workspace).
    const thread = await operator.get(`/api/admin/support/${mine.id}`);
    expect(thread.data.messages.map((m: { content: string }) => m.content)).toEqual(["My Instagram post did not go out.", "It was due at 9."]);
    const file = thread.data.messages[0].attachments[0].url as string;
    expect(file).toMatch(new RegExp(`^/admin/support/${mine.id}/files/${mediaId}/`));
    expect((await operator.page(file)).status).toBe(200);
    expect((await customer.page(file)).status).toBe(404);
    expect((await operator.get("/api/admin/support")).data.find((c: { id: string }) => c.id === mine.id).unread).toBe(0);

    // The customer's open panel hears the reply at once.
    const heard = await listen(customer, "/api/support/events");
    const reply = await operator.post(`/api/admin/support/${mine.id}/messages`, { content: "It is out now: Instagram refused the first try." });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.data).toMatchObject({ side: "operator", authorName: "Sam Ops" });
    expect(await heard("reply")).toContain(`"id":"${reply.data.id}"`);
    expect((await operator.get("/api/admin/support")).data.find((c: { id: string }) => c.id === mine.id)).toMatchObject({ waitingSince: null, overdue: false });

    // Nobody read it within the delay: the job e-mails it to the person who wrote; once read, no mail.
    await app.run(mailUnreadReplies(mine.workspaceId));
    const [mail] = await app.sql<{ subject: string; body_text: string }[]>`select subject, body_text from mail_outbox where to_address = ${input.email} order by id desc limit 1`;
    expect(mail?.subject).toBe("SocialDesk support answered you");
    expect(mail?.body_text).toContain("> It is out now: Instagram refused the first try.");
    const read = await customer.get("/api/support");
    expect(read.data).toMatchObject({ operatorsAvailable: true, conversationId: mine.id });
    expect(read.data.messages.map((m: { side: string }) => m.side)).toEqual(["customer", "customer", "operator"]);
    expect(await app.run(mailUnreadReplies(mine.workspaceId))).toBeUndefined();
    // The reply scheduled the check, a few minutes on.
    const [job] = await app.sql<{ run_at: Date }[]>`select run_at from graphile_worker.jobs where task_identifier = 'support_reply_mail' and key = ${`support-reply-mail-${mine.workspaceId}`}`;
    expect(job!.run_at.getTime() - Date.now()).toBeGreaterThan(3 * 60_000);
    // The read model is what a replay of the conversation's events gives.
    const verified = await operator.post("/api/admin/projections/support/verify");
    expect(verified.data, verified.text).toMatchObject({ projection: "support", differences: [] });
  });

  it("given a Starter workspace, the chat is refused with where to e-mail, and the e-mail form reaches SUPPORT_EMAIL answerable to the sender", async () => {
    const { browser, input } = await owner("starter", { firstName: "Ana", lastName: "Ruiz" });
    const refusal = `Live chat comes with Professional and up. Upgrade, or e-mail us at ${SUPPORT_EMAIL}.`;
    for (const answer of [await browser.get("/api/support"), await browser.post("/api/support/messages", { content: "Hello" })]) {
      expect([answer.status, answer.data.detail]).toEqual([403, refusal]);
    }
    expect((await browser.post("/api/support/email", { subject: "", content: "Hello" })).data.errors.subject).toBe("Give your e-mail a subject.");

    const emailed = await browser.post("/api/support/email", { subject: "Invoice copy", content: "Could you resend November's invoice?" });
    expect(emailed.status, emailed.text).toBe(202);
    const [mail] = await app.sql<{ subject: string; body_text: string; reply_to: string }[]>`
      select subject, body_text, reply_to from mail_outbox where to_address = ${SUPPORT_EMAIL} order by id desc limit 1`;
    expect(mail).toMatchObject({ subject: "[SocialDesk support] Invoice copy", reply_to: input.email });
    expect(mail!.body_text).toContain(`From: Ana Ruiz <${input.email}>`);
    expect(mail!.body_text).toMatch(/Workspace: .+, plan: starter/);
    expect(mail!.body_text).toContain("Could you resend November's invoice?");
  });
});
