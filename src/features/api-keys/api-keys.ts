/**
 * Settings › API keys as pure functions: the words for a key's access and state, its expiry from
 * the date a person picks, and what a program or an MCP client is given to use a key. The island
 * bundles this file and the page reads plain forms through it, so it imports no runtime code
 * from infra/ or effect.
 */
import { addDays, isCalendarDate } from "../../../domain/shared/calendar-days";
import { instantAt, wallClockOf } from "../../../domain/shared/zoned";
import type { RequestOf, ResponseOf } from "../../lib/api/client";
import { relativeTime } from "../dashboard/dashboard-data";

/** A key as GET /api/api-keys answers it (never its secret). */
export type ApiKeyItem = ResponseOf<"GET", "/api/api-keys">[number];
/** The answer to POST /api/api-keys: the only one that holds the key itself. */
export type CreatedApiKey = ResponseOf<"POST", "/api/api-keys">;
export type NewApiKeyPayload = RequestOf<"POST", "/api/api-keys">["payload"];
export type Access = ApiKeyItem["access"];

export const ACCESS_CHOICES: ReadonlyArray<{ readonly value: Access; readonly label: string; readonly hint: string }> = [
  {
    value: "read",
    label: "Read only",
    hint: "Reads posts, accounts, the inbox, reviews and analytics, as a viewer would. It changes nothing.",
  },
  {
    value: "write",
    label: "Read and write",
    hint: "Also creates, schedules and changes posts and answers messages, as a member would at most. It never manages the team, accounts, billing or keys.",
  },
];
export const ACCESS_LABELS: Readonly<Record<Access, string>> = { read: "Read only", write: "Read and write" };

export const AGENT_BADGE = "Agent key — posts wait for approval";
export const APPROVAL_HINT =
  "Every post this key creates or schedules waits for an owner's or admin's approval, whatever your approval setting: the agent proposes, a person decides.";
export const SHOWN_ONCE = "Copy this key now. You won't be able to see it again.";
export const REVOKE_WARNING = "Programs using it stop working at once: their next request is refused. Revoking cannot be undone.";

/** The fields of the create form, as named in the page's plain form and in the API's `errors`. */
export const KEY_FIELDS = ["name", "access", "requireApproval", "expiresAt"] as const;

/**
 * When a key picked to expire on `day` (YYYY-MM-DD, the date field's value) stops working: at the
 * end of that day in the person's time zone, so "expires on the 31st" still works all the 31st.
 * Anything else is passed on as typed, for the API to refuse with its sentence beside the field.
 */
export const expiryOf = (day: string, timeZone: string): string | null => {
  const typed = day.trim();
  if (typed === "") return null;
  if (!isCalendarDate(typed)) return typed;
  const [year, month, date] = addDays(typed, 1).split("-").map(Number) as [number, number, number];
  return instantAt({ year, month, day: date, hours: 0, minutes: 0 }, timeZone).toISOString();
};

/**
 * A key's expiry in words: "Never", the last day it works when it ends at a midnight (as the form
 * sets it), else the moment (a program may have set any).
 */
export const expiryText = (iso: string | null, timeZone: string, formatDay: (iso: string) => string, formatWhen: (iso: string) => string): string => {
  if (!iso) return "Never";
  const at = new Date(iso);
  const clock = wallClockOf(at, timeZone);
  return clock.hours === 0 && clock.minutes === 0 && at.getUTCSeconds() === 0 && at.getUTCMilliseconds() === 0 ? `End of ${formatDay(new Date(at.getTime() - 1).toISOString())}` : formatWhen(iso);
};

/** The create form as posted without JavaScript (a ticked checkbox sends "on"), in the API's shape. */
export const newKeyFromForm = (posted: Readonly<Record<string, string | undefined>>, timeZone: string): NewApiKeyPayload => ({
  name: posted.name ?? "",
  access: (posted.access ?? "") as Access,
  requireApproval: posted.requireApproval === "on" || posted.requireApproval === "true",
  expiresAt: expiryOf(posted.expiresAt ?? "", timeZone),
});

export type KeyState = "live" | "expired" | "revoked";

export const stateOf = (key: Pick<ApiKeyItem, "revokedAt" | "expiresAt">, now: Date): KeyState =>
  key.revokedAt ? "revoked" : key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime() ? "expired" : "live";

/** "Never", "Just now", "12 minutes ago", "3 hours ago", "2 days ago", or the date after a week. */
export const lastUsedText = (iso: string | null, now: Date, formatDay: (iso: string) => string): string => {
  if (!iso) return "Never";
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes} ${minutes === 1 ? "minute" : "minutes"} ago`;
  if (minutes < 7 * 24 * 60) return relativeTime(iso, now);
  return formatDay(iso);
};

/** How the key is shown once created: the prefix and its last four, as Stripe shows `sk_live_…abcd`. */
export const maskedKey = (lastFour: string): string => `sd_live_…${lastFour}`;

/** The MCP endpoint of this server (Streamable HTTP). */
export const mcpEndpoint = (origin: string): string => new URL("/mcp", origin).href;

/** What stands for the key in the snippets before one is created. */
export const KEY_PLACEHOLDER = "<your API key>";

/**
 * An MCP client's configuration for this server: the `mcpServers` file Claude Code (.mcp.json),
 * Cursor (mcp.json) and most other clients read, with the key sent as a Bearer token.
 */
export const mcpConfig = (origin: string, key: string = KEY_PLACEHOLDER): string =>
  JSON.stringify(
    {
      mcpServers: {
        socialdesk: { type: "http", url: mcpEndpoint(origin), headers: { Authorization: `Bearer ${key}` } },
      },
    },
    null,
    2,
  );

/** A first request with the key: the workspace's posts. */
export const curlExample = (origin: string, key: string = KEY_PLACEHOLDER): string =>
  `curl ${new URL("/api/posts", origin).href} \\\n  -H "Authorization: Bearer ${key}"`;
