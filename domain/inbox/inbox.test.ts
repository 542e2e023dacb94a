import { describe, expect, it } from "vitest";
import { eventDecoder, eventTypesOf } from "../shared";
import { DeciderSpecification } from "../shared/decider-spec";
import { type InboxEvent, inboxEvents, type InboxMessageReceived, replyTemplateEvents } from "./events";
import {
  archiveMessage,
  assignMessage,
  attemptReply,
  markMessage,
  messageDecider,
  receiveMessage,
  recordReplySent,
  requestReply,
  startConversation,
} from "./message";
import { isQuestion, priorityOf } from "./rules";
import { createTemplate, deleteTemplate, templateDecider, updateTemplate } from "./templates";

const spec = DeciderSpecification(messageDecider);
const now = new Date("2026-11-24T12:00:00.000Z");
const dm: InboxMessageReceived = {
  messageId: "m1",
  workspaceId: "w1",
  accountId: "a1",
  platform: "facebook",
  type: "dm",
  externalId: "mid.1",
  threadId: "t.1",
  parentExternalId: null,
  postId: null,
  postTitle: null,
  fromName: "Jane Smith",
  fromUsername: "jane.smith",
  fromAvatar: null,
  fromVerified: false,
  fromFollowers: null,
  content: "Do you take new patients on Saturdays?",
  sentAt: "2026-11-24T10:00:00.000Z",
  url: null,
  likes: 0,
  sentiment: "neutral",
  priority: "medium",
};
const received: InboxEvent = { type: "InboxMessageReceived", data: dm };
const reply = (content = "Yes, from 9 to 1!", at = now) =>
  requestReply({ replyId: "r1", content, isPublic: false, authorId: "u1", maxCharacters: 2000, platformName: "Facebook", now: at });
const requested: InboxEvent = { type: "InboxReplyRequested", data: { replyId: "r1", content: "Yes, from 9 to 1!", isPublic: false, authorId: "u1" } };
const attempted: InboxEvent = { type: "InboxReplyAttempted", data: { replyId: "r1", attempt: 1 } };

describe("an inbox message", () => {
  it("given a message, when the platform delivers it again, then nothing more is recorded", () => {
    spec.given([]).when(receiveMessage(dm)).then([received]);
    spec.given([received]).when(receiveMessage(dm)).thenNothingHappens();
  });

  it("when opened it is read, once; marked unread it is unread again", () => {
    spec
      .given([received])
      .when(markMessage({ read: true }))
      .then([{ type: "InboxMessageRead", data: {} }]);
    spec
      .given([received, { type: "InboxMessageRead", data: {} }])
      .when(markMessage({ read: true }))
      .thenNothingHappens();
    spec
      .given([received, { type: "InboxMessageRead", data: {} }])
      .when(markMessage({ read: false }))
      .then([{ type: "InboxMessageMarkedUnread", data: {} }]);
    spec
      .given([])
      .when(markMessage({ read: true }))
      .thenFails("NotFound", /message/);
  });

  it("is archived and back, and assigned to someone or to nobody", () => {
    spec
      .given([received])
      .when(archiveMessage({ archived: true }))
      .then([{ type: "InboxMessageArchived", data: {} }]);
    spec
      .given([received])
      .when(archiveMessage({ archived: false }))
      .thenNothingHappens();
    spec
      .given([received])
      .when(assignMessage({ userId: "u2" }))
      .then([{ type: "InboxMessageAssigned", data: { userId: "u2", previousUserId: null } }]);
  });

  it("a reply is trimmed; a blank, too long, second pending or archived one is refused", () => {
    spec.given([received]).when(reply("  Yes, from 9 to 1!  ")).then([requested]);
    spec.given([received]).when(reply("   ")).thenFails("InvalidInput", "Write a reply first.");
    spec
      .given([received])
      .when(requestReply({ replyId: "r1", content: "x".repeat(301), isPublic: true, authorId: null, maxCharacters: 300, platformName: "Bluesky", now }))
      .thenFails("InvalidInput", "Bluesky takes replies of at most 300 characters.");
    spec
      .given([received, requested])
      .when(reply())
      .thenFails("Conflict", /being sent/);
    spec
      .given([received, { type: "InboxMessageArchived", data: {} }])
      .when(reply())
      .thenFails("Conflict", /archived/);
  });

  it("a Facebook or Instagram direct message can be answered for 24 hours only", () =>
    spec
      .given([received])
      .when(reply("Yes", new Date("2026-11-25T10:00:01.000Z")))
      .thenFails("Conflict", /within 24 hours/));

  it("a reply is attempted before the platform is called, sent once, and the message is replied", () => {
    spec
      .given([received, requested])
      .when(attemptReply({ replyId: "r1", idempotent: false }))
      .then([attempted]);
    const sent: InboxEvent = { type: "InboxReplySent", data: { replyId: "r1", externalId: "m.2", url: null, sentAt: now.toISOString() } };
    spec
      .given([received, requested, attempted])
      .when(recordReplySent({ replyId: "r1", externalId: "m.2", url: null, sentAt: now }))
      .then([sent]);
    spec
      .given([received, requested, attempted, sent])
      .when(attemptReply({ replyId: "r1", idempotent: false }))
      .thenNothingHappens();
  });

  it("after an attempt that never came back, a platform that knows repeats is asked again; any other reply fails, never sent twice", () => {
    spec
      .given([received, requested, attempted])
      .when(attemptReply({ replyId: "r1", idempotent: true }))
      .then([{ type: "InboxReplyAttempted", data: { replyId: "r1", attempt: 2 } }]);
    spec
      .given([received, requested, attempted])
      .when(attemptReply({ replyId: "r1", idempotent: false }))
      .then([
        {
          type: "InboxReplyFailed",
          data: {
            replyId: "r1",
            reason: "The platform did not confirm the reply before the connection was lost. Check on the platform before sending it again.",
          },
        },
      ]);
  });

  it("given nothing, New Message starts a conversation whose text is its first reply; no one to write to, or no text, is refused", () => {
    const start = (to: string, content = "Hi Jane, your order is ready.") =>
      startConversation({
        messageId: "m9",
        workspaceId: "w1",
        accountId: "a2",
        platform: "twitter",
        to,
        content,
        replyId: "r9",
        authorId: "u1",
        maxCharacters: 280,
        platformName: "X (Twitter)",
        now,
      });
    spec
      .given([])
      .when(start(" @jane "))
      .then([
        {
          type: "InboxConversationStarted",
          data: {
            messageId: "m9",
            workspaceId: "w1",
            accountId: "a2",
            platform: "twitter",
            toUsername: "jane",
            content: "Hi Jane, your order is ready.",
            startedAt: now.toISOString(),
          },
        },
        { type: "InboxReplyRequested", data: { replyId: "r9", content: "Hi Jane, your order is ready.", isPublic: false, authorId: "u1" } },
      ]);
    spec.given([]).when(start("  ")).thenFails("InvalidInput", "Say who to write to: their username on the platform.");
    spec.given([]).when(start("jane", " ")).thenFails("InvalidInput", "Write a reply first.");
    spec
      .given([])
      .when(start("jane", "x".repeat(281)))
      .thenFails("InvalidInput", "X (Twitter) takes replies of at most 280 characters.");
  });

  it("priority follows stated rules", () => {
    expect(priorityOf({ sentiment: "negative", verified: true, followers: null, content: "Awful" })).toBe("urgent");
    expect(priorityOf({ sentiment: "negative", verified: false, followers: 12, content: "Awful" })).toBe("high");
    expect(priorityOf({ sentiment: "positive", verified: false, followers: 25_000, content: "Great" })).toBe("high");
    expect(priorityOf({ sentiment: "neutral", verified: false, followers: 3, content: "When do you open" })).toBe("medium");
    expect(priorityOf({ sentiment: "positive", verified: false, followers: 3, content: "Thanks!" })).toBe("low");
    expect(isQuestion("Great visit. How much is whitening")).toBe(true);
  });

  it("the catalogues' events are read back whole", () => {
    const decoder = eventDecoder([inboxEvents, replyTemplateEvents]);
    const envelope = { streamId: "inbox-m1", metadata: { actorId: null, workspaceId: "w1", correlationId: "c", causationId: null } };
    expect(decoder.decode("InboxMessageReceived", 1, dm, envelope)).toStrictEqual(dm);
    expect([...eventTypesOf(inboxEvents)]).toContain("InboxReplyAttempted");
  });
});

describe("a quick reply template", () => {
  const tspec = DeciderSpecification(templateDecider);
  const created = {
    type: "ReplyTemplateCreated" as const,
    data: { templateId: "t1", workspaceId: "w1", title: "Thanks", content: "Thank you for the kind words!", category: "gratitude" as const },
  };

  it("is created, changed and deleted; bad fields are refused by field", () => {
    tspec
      .given([])
      .when(createTemplate({ templateId: "t1", workspaceId: "w1", title: " Thanks ", content: "Thank you for the kind words!", category: "gratitude" }))
      .then([created]);
    tspec
      .given([created])
      .when(updateTemplate({ title: "Thanks", content: "Thank you!", category: "gratitude" }))
      .then([{ type: "ReplyTemplateUpdated", data: { title: "Thanks", content: "Thank you!", category: "gratitude" } }]);
    tspec
      .given([created])
      .when(updateTemplate({ title: "", content: "", category: "other" }))
      .thenFails("InvalidInput", /title/);
    tspec
      .given([created])
      .when(deleteTemplate())
      .then([{ type: "ReplyTemplateDeleted", data: {} }]);
    tspec
      .given([created, { type: "ReplyTemplateDeleted", data: {} }])
      .when(deleteTemplate())
      .thenFails("NotFound", /template/);
  });
});
