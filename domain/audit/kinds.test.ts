import { describe, expect, it } from "vitest";
import { auditKindGaps, auditKindList, auditKindsByType, type AuditedModule } from "./kinds";

const events = (...types: string[]) => ({ schemas: Object.fromEntries(types.map((t) => [t, {}])) });

const inbox: AuditedModule = {
  name: "inbox",
  events: events("MessageReceived", "ReplyTemplateCreated"),
  auditKinds: [
    { id: "templates", label: "Reply templates", events: ["ReplyTemplateCreated"] },
    { id: "inbox", label: "Inbox" },
  ],
};
const reviews: AuditedModule = { name: "reviews", events: events("ReviewReceived", "ReviewResponded"), auditKinds: [{ id: "reviews", label: "Reviews" }] };

describe("the audit trail's kinds of change", () => {
  it("given a module of one kind, then every event of it is filed under that kind", () => {
    const kinds = auditKindsByType([reviews]);
    expect(kinds.get("ReviewReceived")).toBe("reviews");
    expect(kinds.get("ReviewResponded")).toBe("reviews");
  });

  it("given a module of several kinds, then a listed event goes under its kind and the others under the kind that takes the rest", () => {
    const kinds = auditKindsByType([inbox]);
    expect(kinds.get("ReplyTemplateCreated")).toBe("templates");
    expect(kinds.get("MessageReceived")).toBe("inbox");
  });

  it("given the modules, then the filter offers every kind once, by label A to Z", () => {
    expect(auditKindList([reviews, inbox])).toEqual([
      { id: "inbox", label: "Inbox" },
      { id: "templates", label: "Reply templates" },
      { id: "reviews", label: "Reviews" },
    ]);
  });

  it("given a module whose events have no kind, then the check names each event", () => {
    const surveys: AuditedModule = { name: "surveys", events: events("SurveyAnswered", "SurveyClosed") };
    expect(auditKindGaps([reviews, surveys])).toEqual(["surveys: no audit kind for SurveyAnswered", "surveys: no audit kind for SurveyClosed"]);
    expect(auditKindsByType([surveys]).has("SurveyAnswered")).toBe(false);
  });

  it("given kinds that list only some events, a stranger, or the same event twice, then the check names each", () => {
    const polls: AuditedModule = {
      name: "polls",
      events: events("PollOpened", "PollClosed", "VoteCast"),
      auditKinds: [
        { id: "polls", label: "Polls", events: ["PollOpened", "PollDeleted"] },
        { id: "votes", label: "Votes", events: ["PollOpened"] },
      ],
    };
    expect(auditKindGaps([polls])).toEqual([
      "polls: audit kind polls lists PollDeleted, not an event of the module",
      "polls: PollOpened is listed by audit kinds polls and votes",
      "polls: no audit kind for PollClosed",
      "polls: no audit kind for VoteCast",
    ]);
  });

  it("given two modules declaring one kind or one label, then the check names the second", () => {
    const more: AuditedModule = { name: "more-reviews", events: events("ReviewImported"), auditKinds: [{ id: "reviews", label: "Reviews" }] };
    expect(auditKindGaps([reviews, more])).toEqual([
      "more-reviews: audit kind reviews is also declared by reviews",
      'more-reviews: audit kind label "Reviews" is also used by reviews',
    ]);
  });
});
