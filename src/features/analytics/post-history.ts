import { recycledLine } from "../../../domain/categories/evergreen";

/**
 * A post's history page: one readable line per event (what), with who, when (the user's time zone)
 * and which account.
 */
export interface HistoryEntry {
  readonly type: string;
  readonly at: string;
  readonly actorId: string | null;
  readonly data: unknown;
}

export interface HistoryLine {
  readonly type: string;
  readonly what: string;
  readonly who: string;
  readonly when: string;
  readonly at: string;
  readonly account: string | null;
  readonly url: string | null;
}

type Names = {
  readonly users: Readonly<Record<string, string>>;
  readonly accounts: Readonly<Record<string, { readonly name: string; readonly platform: string }>>;
  readonly platforms: Readonly<Record<string, string>>;
};

/** "Mar 6, 2026, 9:00 AM" in a time zone. */
export const formatWhen = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One line of the history. */
export const describeEvent = (entry: HistoryEntry, timeZone: string, names: Names): HistoryLine => {
  const d = (entry.data ?? {}) as Record<string, any>;
  const accountId = typeof d.accountId === "string" ? d.accountId : null;
  const platform = typeof d.platform === "string" ? d.platform : accountId ? names.accounts[accountId]?.platform : undefined;
  const platformName = platform ? (names.platforms[platform] ?? platform) : null;
  const account = accountId ? `${platformName ?? "Account"}${names.accounts[accountId] ? ` (${names.accounts[accountId]!.name})` : ""}` : null;
  const time = (iso: unknown) => (typeof iso === "string" ? formatWhen(iso, timeZone) : "");
  let what: string;
  switch (entry.type) {
    case "PostDrafted":
      what = "Created as a draft";
      break;
    case "PostScheduled":
      what = `Scheduled for ${time(d.scheduledAt)}`;
      break;
    case "PostRescheduled":
      what = `Rescheduled to ${time(d.scheduledAt)}${d.previousScheduledAt ? ` (was ${time(d.previousScheduledAt)})` : ""}`;
      break;
    case "PostEdited":
      what = "Edited";
      break;
    case "PostMovedToNow":
      what = `Moved to now to be published at once (was ${time(d.previousScheduledAt)})`;
      break;
    case "PostPublishRequested":
      what = d.dueAt
        ? `Publication started${Number(d.lateByMs) >= 1000 ? `, ${Math.round(Number(d.lateByMs) / 1000)} s late` : ""}`
        : "Publication started (Post now)";
      break;
    case "PostPublishAttempted":
      what = `Sending (attempt ${d.attempt ?? 1})`;
      break;
    case "PostPublishedToAccount":
      what = Array.isArray(d.warnings) && d.warnings.length ? `Published, but: ${d.warnings.join(" ")}` : "Published";
      break;
    case "PostPublishFailedOnAccount":
      what = `Failed: ${d.reason ?? "unknown error"}`;
      break;
    case "PostPublished":
      what = Number(d.occurrence) > 1 ? `Published on every account (occurrence ${d.occurrence})` : "Published on every account";
      break;
    case "PostPublishFailed":
      what = `Publication failed: ${d.reason ?? ""}`.trim();
      break;
    case "PostReturnedToDrafts":
      what = `Returned to drafts: ${d.reason ?? ""}`.trim();
      break;
    case "PostDeleted":
      what = "Deleted";
      break;
    case "PostSubmittedForApproval":
      what = d.scheduledAt ? `Submitted for approval, to go out ${time(d.scheduledAt)}` : "Submitted for approval, to go out once approved";
      break;
    case "PostApproved":
      what = "Approved";
      break;
    case "PostChangesRequested":
      what = `Changes requested: “${d.comment ?? ""}”`;
      break;
    case "RecurrenceSet":
      what = `Set to repeat ${d.rule?.frequency ?? ""}`.trim();
      break;
    case "RecurrenceCleared":
      what = "Stopped repeating";
      break;
    case "OccurrenceScheduled":
      what = `Next occurrence (${d.occurrence}) scheduled for ${time(d.scheduledAt)}`;
      break;
    case "PostRecycled":
      what = `${recycledLine(d as Parameters<typeof recycledLine>[0])}, to go out ${time(d.scheduledAt)}`;
      break;
    case "PostEngagementRecorded":
      what = `Engagement updated: ${plural(Number(d.likes) || 0, "like")}, ${plural(Number(d.shares) || 0, "share")}, ${plural(Number(d.comments) || 0, "comment")}`;
      break;
    default:
      what = entry.type;
  }
  // A client deciding through an approval link has no account: the name they gave.
  const who = typeof d.reviewer === "string" ? `${d.reviewer} (client)` : entry.actorId ? (names.users[entry.actorId] ?? "A former member") : "SocialDesk";
  return {
    type: entry.type,
    what,
    who,
    when: formatWhen(entry.at, timeZone),
    at: entry.at,
    account,
    url: entry.type === "PostPublishedToAccount" && typeof d.url === "string" ? d.url : null,
  };
};
