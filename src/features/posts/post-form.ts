/**
 * The post form the compose screen and the dashboard's Create New Post dialog share (spec core §3,
 * §4, §5): its fields, the media limit, the platform list and the checks made before sending (the
 * server checks again, with the same messages).
 */
import { PLATFORMS, type PlatformId, platformById } from "../../../domain/accounts/platforms";

import type { ToastAction } from "../../islands/toast/toast-store";
import { formatter } from "../../lib/dates";
import type { AppScreen } from "../../lib/routes";

export { MAX_MEDIA, withMedia, withoutMedia } from "./post-media";

/** "Tue, Nov 24, 9:00 AM" in the zone: when a post goes out, as its toasts say it. */
export const whenLabel = (iso: string, timeZone: string): string =>
  formatter("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(iso));

/** The action of a "scheduled" toast: the queue, where the post now waits. */
export const viewQueue: ToastAction = { label: "View queue", onClick: () => window.location.assign("/app/queue" satisfies AppScreen) };

/**
 * The character limit a post is counted against: the tightest of the chosen platforms' limits,
 * never above `max` (a form's own maximum, like the dialog's 280), with the platform that sets it.
 */
export const characterLimitOf = (platforms: ReadonlyArray<string>, max: number): { readonly limit: number; readonly setBy: PostPlatform | null } => {
  let setBy: PostPlatform | null = null;
  for (const id of platforms) {
    const platform = POST_PLATFORMS.find((p) => p.id === id);
    if (platform && platform.maxCharacters < (setBy?.maxCharacters ?? max + 1) && platform.maxCharacters <= max) setBy = platform;
  }
  return { limit: setBy?.maxCharacters ?? max, setBy };
};

export const PLATFORMS_REQUIRED = "Select at least one platform";
export const CONTENT_REQUIRED = "Content is required";
export const CONTENT_TOO_LONG = "Content too long";
export const DATE_AND_TIME_REQUIRED = "Choose a date and a time.";

export type ScheduleType = "now" | "schedule" | "recurring";

/** The fields every post form has. */
export interface PostFields {
  content: string;
  media: string[];
  scheduleType: ScheduleType;
  scheduleDate: string;
  scheduleTime: string;
}

/** The chosen date and time ("YYYY-MM-DDTHH:mm", read in the post's zone), when the post is not for now and both are set. */
export const localScheduledAt = (form: Pick<PostFields, "scheduleType" | "scheduleDate" | "scheduleTime">): string | null =>
  form.scheduleType !== "now" && form.scheduleDate && form.scheduleTime ? `${form.scheduleDate}T${form.scheduleTime}` : null;

export interface PostChecks {
  /** The text must not be empty. */
  readonly requireContent?: boolean;
  /** At most this many characters. */
  readonly maxContent?: number;
  /** A date and a time must be chosen (Schedule). */
  readonly requireDateAndTime?: boolean;
}

/**
 * The form's checks before sending, by field: `content`, `platforms` (an empty `targets`: the
 * platforms or accounts chosen) and `scheduledAt`.
 */
export const validatePost = (
  form: Pick<PostFields, "content" | "scheduleDate" | "scheduleTime"> & { readonly targets: ReadonlyArray<string> },
  checks: PostChecks,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (checks.requireContent && form.content.length < 1) errors.content = CONTENT_REQUIRED;
  else if (checks.maxContent !== undefined && form.content.length > checks.maxContent) errors.content = CONTENT_TOO_LONG;
  if (form.targets.length < 1) errors.platforms = PLATFORMS_REQUIRED;
  if (checks.requireDateAndTime && (!form.scheduleDate || !form.scheduleTime)) errors.scheduledAt = DATE_AND_TIME_REQUIRED;
  return errors;
};

export interface PostPlatform {
  readonly id: PlatformId;
  readonly name: string;
  readonly maxCharacters: number;
}

/** Every platform a post can name, with its name and character limit (domain/accounts/platforms). */
export const POST_PLATFORMS: ReadonlyArray<PostPlatform> = PLATFORMS.map(({ id, name, maxCharacters }) => ({ id, name, maxCharacters }));

/** The spec's shorter names in the dialog's checklist. */
const DIALOG_NAMES: Partial<Record<PlatformId, string>> = { twitter: "Twitter", google_business: "Google My Business" };

/** The Create New Post dialog's checklist (spec core: Facebook, Twitter, Instagram, LinkedIn, Google My Business). */
export const DIALOG_PLATFORMS: ReadonlyArray<{ readonly id: PlatformId; readonly name: string }> = (
  ["facebook", "twitter", "instagram", "linkedin", "google_business"] as const
).map((id) => ({ id, name: DIALOG_NAMES[id] ?? platformById(id).name }));
