import { Effect } from "effect";
import { PRODUCT_NAME } from "../../domain/shared/brand";
import type { RecordedEvent } from "../../domain/shared";
import type { SupportEvent } from "../../domain/support";
import { config } from "../config";
import { Database } from "../db/Database";
import type { Reaction } from "../eventstore/reactions";
import { subscriberOf, workspaceWithOwner, peopleOf, historyNameOf } from "../identity/queries";
import { addJob } from "../jobs/add-job";
import { queueMail } from "../mail/Mailer";

/**
 * How long after an operator's reply the customer is e-mailed if nobody in the workspace has read it
 * by then (their panel open reads it at once). A job at that time checks the read model, so it does
 * not matter which process served the reply or the reading.
 */
export const REPLY_MAIL_DELAY_MINUTES = 5;

type Sent = RecordedEvent<Extract<SupportEvent, { type: "SupportEmailSent" }>>;

/** The e-mail form's message, to SUPPORT_EMAIL in the transaction that recorded it, answerable to its writer. */
export const supportEmailMail: Reaction = {
  name: "support-email-mail",
  handles: ["SupportEmailSent"],
  react: (recorded) =>
    Effect.gen(function* () {
      const event = recorded as Sent;
      const workspaceId = event.metadata.workspaceId;
      if (!workspaceId) return;
      const [person] = yield* peopleOf([event.data.authorId]);
      const workspace = yield* workspaceWithOwner(workspaceId);
      const plan = (yield* subscriberOf(workspaceId))?.tier ?? "unknown";
      const name = historyNameOf(person);
      yield* queueMail({
        to: config().SUPPORT_EMAIL,
        subject: `[${PRODUCT_NAME} support] ${event.data.subject}`,
        text: [
          `From: ${name}${person ? ` <${person.email}>` : ""}`,
          `Workspace: ${workspace?.name ?? "unknown"} (${workspaceId}), plan: ${plan}`,
          "",
          event.data.content,
          "",
          "Reply to this e-mail to answer them.",
        ].join("\n"),
        ...(person ? { replyTo: person.email } : {}),
      });
    }),
};

/** An operator's reply: the unread-reply mail is due a few minutes later (one pending per conversation, the newest reply's). */
export const supportReplyMailJob: Reaction = {
  name: "support-reply-mail-job",
  handles: ["SupportReplySent"],
  react: (event) => {
    const workspaceId = event.streamId.slice("support-".length);
    return addJob(
      "support_reply_mail",
      { workspaceId },
      { runAt: new Date(event.createdAt.getTime() + REPLY_MAIL_DELAY_MINUTES * 60_000), jobKey: `support-reply-mail-${workspaceId}`, maxAttempts: 5 },
    ).pipe(Effect.asVoid);
  },
};

/**
 * The operators' replies nobody in the workspace has read, e-mailed to the person who last wrote (the
 * workspace's owner if they are gone); nothing when they were read meanwhile.
 */
export const mailUnreadReplies = (workspaceId: string) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const [conversation] = yield* db.query(
      (sql) => sql<{ customer_read_seq: number }[]>`select customer_read_seq from support_conversations where id = ${workspaceId}`,
    );
    if (!conversation) return undefined;
    const unread = yield* db.query(
      (sql) => sql<{ content: string }[]>`
        select content from support_messages where conversation_id = ${workspaceId} and side = 'operator' and seq > ${conversation.customer_read_seq} order by seq`,
    );
    if (unread.length === 0) return undefined;
    const [writer] = yield* db.query(
      (sql) => sql<{ author_id: string }[]>`select author_id from support_messages where conversation_id = ${workspaceId} and side = 'customer' order by seq desc limit 1`,
    );
    const [person] = writer ? yield* peopleOf([writer.author_id]) : [];
    const to = person?.email ?? (yield* workspaceWithOwner(workspaceId))?.ownerEmail;
    if (!to) return undefined;
    yield* queueMail({
      to,
      subject: `${PRODUCT_NAME} support answered you`,
      text: [
        `${person?.firstName ? `Hi ${person.firstName},` : "Hello,"}`,
        "",
        unread.length === 1 ? "Our support team answered your message:" : `Our support team answered your message (${unread.length} replies):`,
        "",
        ...unread.map((m) => m.content.split("\n").map((line) => `> ${line}`).join("\n")),
        "",
        `Answer in the app: ${new URL("/app/dashboard?help=open", config().publicUrl).href}`,
      ].join("\n"),
    });
    return `Support: e-mailed an unread reply to ${to}`;
  });
