import { Effect, Layer } from "effect";
import { defineEvents, type RecordedEvent, systemContext } from "../../domain/shared";
import { inboxEvents, inboxProjection, replyTemplateEvents } from "../../domain/inbox";
import type { PostEvent } from "../../domain/publishing";
import { config } from "../config";
import { sandboxPostUrl } from "../publishing/sandbox";
import type { Reaction } from "../eventstore/reactions";
import { addJob, addJobs } from "../jobs/add-job";
import { defineModule, moduleApi } from "../module";
import { InboxApi, ReplyTemplatesApi } from "./api";
import { inboxHandlers, replyTemplatesHandlers } from "./api-handlers";
import { InboxArrivals } from "./arrivals";
import { Inbox } from "./Inbox";
import { InboxQueries } from "./InboxQueries";
import { UnreadMessages } from "../identity/ports";
import { pollInbox } from "./poll";
import { writeSandboxConversation } from "./sandbox";
import { ReplyTemplates } from "./ReplyTemplates";
import { sendInboxReply } from "./send-reply";
import { startBlueskyInbox } from "./bluesky-firehose";
import { MetaWebhookApi } from "./webhook-api";
import { metaWebhookHandlers } from "./webhook-api-handlers";

/** The switcher's unread counts (identity's port), from the inbox's reads. */
const unreadMessagesLayer = Layer.effect(
  UnreadMessages,
  Effect.map(InboxQueries, (queries) => ({ unreadIn: queries.unreadIn })),
);

/** A reply's job: graphile-worker's retries only ever repeat what attemptReply allows. */
const replyJob: Reaction = {
  name: "send-inbox-reply",
  handles: ["InboxReplyRequested"],
  react: (event) =>
    Effect.asVoid(
      addJob(
        "send_inbox_reply",
        { messageId: event.streamId.slice("inbox-".length), replyId: (event.data as { replyId: string }).replyId },
        { jobKey: `reply:${(event.data as { replyId: string }).replyId}`, maxAttempts: 5 },
      ),
    ),
};

/** The conversation job of a post published to a sandbox account, or null for another account. */
const sandboxConversationOf = (recorded: RecordedEvent) => {
  const event = recorded as RecordedEvent<Extract<PostEvent, { type: "PostPublishedToAccount" }>>;
  if (!event.data.url?.startsWith(sandboxPostUrl(""))) return null;
  return {
    payload: { accountId: event.data.accountId, postId: event.streamId.slice("post-".length), platformPostId: event.data.platformPostId },
    options: { runAt: new Date(Date.parse(event.data.publishedAt) + config().SANDBOX_REPLY_DELAY_SECONDS * 1000), jobKey: `sandbox-conversation:${event.data.platformPostId}` },
  };
};

/** People answer a post published to a sandbox account a little after it goes out (SANDBOX_REPLY_DELAY_SECONDS). */
const sandboxConversationJob: Reaction = {
  name: "sandbox-conversation",
  handles: ["PostPublishedToAccount"],
  react: (recorded) => {
    const job = sandboxConversationOf(recorded);
    return job ? Effect.asVoid(addJob("sandbox_conversation", job.payload, job.options)) : Effect.void;
  },
  // A burst's results are settled 200 posts to a transaction: their jobs go in one add_jobs, not one statement each.
  reactMany: (events) => {
    const jobs = events.flatMap((event) => sandboxConversationOf(event) ?? []);
    return jobs.length > 0 ? Effect.asVoid(addJobs("sandbox_conversation", jobs)) : Effect.void;
  },
};

const snippet = (text: string) => (text.length > 60 ? `"${text.slice(0, 59)}…"` : `"${text}"`);

/** The social inbox: messages from the platforms, replies, quick reply templates. */
export const inboxModule = defineModule({
  name: "inbox",
  events: defineEvents({ ...inboxEvents.schemas, ...replyTemplateEvents.schemas }),
  auditKinds: [
    { id: "templates", label: "Reply templates", events: Object.keys(replyTemplateEvents.schemas) },
    { id: "inbox", label: "Inbox" },
  ],
  layer: Layer.mergeAll(Inbox.layer, unreadMessagesLayer, ReplyTemplates.layer, InboxArrivals.layer).pipe(Layer.provideMerge(InboxQueries.layer)),
  api: [moduleApi(InboxApi, inboxHandlers), moduleApi(ReplyTemplatesApi, replyTemplatesHandlers), moduleApi(MetaWebhookApi, metaWebhookHandlers)],
  projections: [inboxProjection],
  reactions: [replyJob, sandboxConversationJob],
  tasks: {
    send_inbox_reply: (payload, job) =>
      Effect.map(
        sendInboxReply(
          systemContext("ingestion", job.now, `job-${job.id}`),
          (payload as { messageId: string }).messageId,
          (payload as { replyId: string }).replyId,
        ),
        (outcome) => `Reply ${outcome}`,
      ),
    poll_inbox: (_payload, job) =>
      Effect.map(pollInbox(job.now), (r) => (r.received > 0 ? `Inbox: ${r.received} new message(s) from ${r.accounts} account(s)` : undefined)),
    sandbox_conversation: (payload, job) => writeSandboxConversation(payload as { accountId: string; postId: string; platformPostId: string }, job),
  },
  ioTasks: ["send_inbox_reply", "poll_inbox"],
  cron: ["* * * * * poll_inbox"],
  processes: ["ingestion"],
  // Bluesky's event stream, for the inbox: listened to where the worker runs.
  listeners: [{ name: "Bluesky inbox", start: (runtime) => startBlueskyInbox(runtime as never) }],
  auditSummaries: {
    InboxMessageReceived: (d) => `${d.type === "dm" ? "Message" : d.type === "comment" ? "Comment" : "Mention"} from ${d.fromName} on ${d.platform}`,
    InboxConversationStarted: (d) => `Wrote to @${d.toUsername} on ${d.platform}: ${snippet(d.content)}`,
    InboxMessageRead: () => "Read a message",
    InboxMessageMarkedUnread: () => "Marked a message unread",
    InboxMessageArchived: () => "Archived a message",
    InboxMessageUnarchived: () => "Moved a message back to the inbox",
    InboxMessageAssigned: (d) => (d.userId ? "Assigned a message" : "Unassigned a message"),
    InboxReplyRequested: (d) => `Replied ${snippet(d.content)}`,
    InboxReplyAttempted: (d) => `Sending a reply (attempt ${d.attempt})`,
    InboxReplySent: () => "Reply sent",
    InboxReplyFailed: (d) => `Reply not sent: ${d.reason}`,
    ReplyTemplateCreated: (d) => `Created the reply template "${d.title}"`,
    ReplyTemplateUpdated: (d) => `Changed the reply template "${d.title}"`,
    ReplyTemplateDeleted: () => "Deleted a reply template",
  },
});
