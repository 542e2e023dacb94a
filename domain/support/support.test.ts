import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import { readSupportConversation, sendSupportEmail, sendSupportMessage, sendSupportReply, supportDecider } from "./conversation";
import type { SupportEvent } from "./events";
import { SUPPORT_MESSAGES, waitOf } from "./rules";

const started: SupportEvent = { type: "SupportConversationStarted", data: { workspaceId: "ws-1" } };
const asked = (messageId: string): SupportEvent => ({ type: "SupportMessageSent", data: { messageId, authorId: "u-1", content: "Where is my post?", attachments: [] } });
const answered = (messageId: string): SupportEvent => ({ type: "SupportReplySent", data: { messageId, operatorId: "op-1", content: "Published at 9." } });

describe("a workspace's support conversation", () => {
  const spec = DeciderSpecification(supportDecider);
  const message = { workspaceId: "ws-1", messageId: "m-1", authorId: "u-1", content: "Where is my post?", attachments: [] };

  it("given no conversation, when a customer writes, then it starts with their message", () =>
    spec.given([]).when(sendSupportMessage(message)).then([started, asked("m-1")]));

  it("given a conversation, when a customer writes again, then only the message is recorded", () =>
    spec.given([started, asked("m-1")]).when(sendSupportMessage({ ...message, messageId: "m-2" })).then([asked("m-2")]));

  it("given no conversation, when an operator replies, then it is refused as not found", () =>
    spec.given([]).when(sendSupportReply({ messageId: "r-1", operatorId: "op-1", content: "Hello" })).thenFails("NotFound", "This conversation does not exist, or was deleted."));

  it("given a customer's message, when an operator replies, then the reply is recorded", () =>
    spec.given([started, asked("m-1")]).when(sendSupportReply({ messageId: "r-1", operatorId: "op-1", content: "Published at 9." })).then([answered("r-1")]));

  it("given an operator's reply, when the customer reads, then it is read up to the reply's version, and reading again records nothing", () => {
    spec
      .given([started, asked("m-1"), answered("r-1")])
      .when(readSupportConversation("customer", "u-1"))
      .then([{ type: "SupportConversationRead", data: { side: "customer", readerId: "u-1", upTo: 3 } }]);
    spec
      .given([started, asked("m-1"), answered("r-1"), { type: "SupportConversationRead", data: { side: "customer", readerId: "u-1", upTo: 3 } }])
      .when(readSupportConversation("customer", "u-1"))
      .thenNothingHappens();
  });

  it("given a customer's message, when an operator opens it, then the operator's side is read; the customer has nothing new", () => {
    spec
      .given([started, asked("m-1")])
      .when(readSupportConversation("operator", "op-1"))
      .then([{ type: "SupportConversationRead", data: { side: "operator", readerId: "op-1", upTo: 2 } }]);
    spec.given([started, asked("m-1")]).when(readSupportConversation("customer", "u-1")).thenNothingHappens();
  });

  it("given any plan, when the e-mail form is sent, then it is recorded without starting a chat", () =>
    spec
      .given([])
      .when(sendSupportEmail({ authorId: "u-1", subject: "Invoice", content: "Please resend it." }))
      .then([{ type: "SupportEmailSent", data: { authorId: "u-1", subject: "Invoice", content: "Please resend it." } }]));
});

describe("the wait against the 4-hour target", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  it("given a customer waiting 3 hours, then it is not overdue; 4 hours and a minute, it is", () => {
    expect(waitOf(new Date("2026-11-27T09:00:00Z"), now)).toEqual({ waitingSince: "2026-11-27T09:00:00.000Z", overdue: false });
    expect(waitOf(new Date("2026-11-27T07:59:00Z"), now).overdue).toBe(true);
    expect(waitOf(null, now)).toEqual({ waitingSince: null, overdue: false });
  });

  it("says the plan refusal with the configured address", () =>
    expect(SUPPORT_MESSAGES.planRefusal("help@example.com")).toBe("Live chat comes with Professional and up. Upgrade, or e-mail us at help@example.com."));
});
