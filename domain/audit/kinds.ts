/**
 * The kinds of change the audit trail is filtered by (issue: "kind of change"), from the stream an
 * event is on: each stream prefix names what changed.
 */
export const AUDIT_KINDS = [
  { id: "posts", label: "Posts", prefix: "post-" },
  { id: "accounts", label: "Connected accounts", prefix: "account-" },
  { id: "team", label: "Team", prefix: "team-" },
  { id: "notes", label: "Calendar notes", prefix: "calendar-note-" },
  { id: "categories", label: "Categories", prefix: "category-" },
  { id: "media", label: "Media", prefix: "media-" },
  { id: "plan", label: "Plan and workspace", prefix: "workspace-" },
  { id: "people", label: "People's settings", prefix: "user-" },
  { id: "reports", label: "Client reports", prefix: "reports-" },
  { id: "inbox", label: "Inbox", prefix: "inbox-" },
  { id: "templates", label: "Reply templates", prefix: "reply-template-" },
  { id: "link-in-bio", label: "Link in bio", prefix: "link-in-bio-" },
  { id: "billing", label: "Billing", prefix: "billing-" },
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number]["id"] | "other";

export const isAuditKind = (value: string): value is AuditKind => value === "other" || AUDIT_KINDS.some((k) => k.id === value);

/** The kind of change of an event on `streamId`. */
export const auditKindOf = (streamId: string): AuditKind => AUDIT_KINDS.find((k) => streamId.startsWith(k.prefix))?.id ?? "other";
