import { describe, expect, it } from "vitest";
import { auditKindOf, isAuditKind } from "./kinds";

describe("the audit trail's kinds of change", () => {
  it("given an event's stream, then its kind is what the stream is about", () => {
    expect(auditKindOf("post-0c6b")).toBe("posts");
    expect(auditKindOf("calendar-note-1")).toBe("notes");
    expect(auditKindOf("team-w1")).toBe("team");
    expect(auditKindOf("workspace-w1")).toBe("plan");
    expect(auditKindOf("user-u1")).toBe("people");
    expect(auditKindOf("inbox-m1")).toBe("inbox");
    expect(auditKindOf("reply-template-t1")).toBe("templates");
    expect(auditKindOf("reports-c1")).toBe("reports");
    expect(auditKindOf("billing-w1")).toBe("billing");
    expect(auditKindOf("something-else")).toBe("other");
    expect(isAuditKind("media")).toBe(true);
    expect(isAuditKind("everything")).toBe(false);
  });
});
