/**
 * What Compose sends when a post is saved: its checks and the request body. Loaded when an account
 * is chosen or at the first save, not with the page.
 */
import { localScheduledAt, validatePost } from "../posts/post-form";
import { type Action, type ComposeAccount, type FormState, type OptionsState, selectedPlatforms } from "./compose-model";

const isBlank = (v: unknown) => typeof v === "string" && v.trim() === "";

/** Drops blank strings (in lists too), empty lists and unset values; only panels of selected platforms are sent. */
export const cleanOptions = (options: OptionsState, platforms: ReadonlyArray<string>): OptionsState => {
  const out: OptionsState = {};
  for (const platform of platforms) {
    const values = options[platform];
    if (!values) continue;
    const kept = Object.fromEntries(
      Object.entries(values)
        .map(([k, v]) => [k, Array.isArray(v) ? v.filter((x) => !isBlank(x)) : v] as const)
        .filter(([, v]) => v !== undefined && v !== null && !isBlank(v) && v !== false && !(Array.isArray(v) && v.length === 0)),
    );
    if (Object.keys(kept).length > 0) out[platform] = kept;
  }
  return out;
};

/** Compose's checks before sending: an account chosen; Schedule needs a date and a time. */
export const composeErrors = (form: FormState, action: Action): Record<string, string> =>
  validatePost({ ...form, targets: form.accountIds }, { requireDateAndTime: action === "schedule" });

/**
 * Spec core §4: Post Now → published (no scheduledAt); Schedule → scheduled with date + "T" + time
 * (recurring too); Add to Timeslot → scheduled at the next free slot the server picks in the form's
 * queue order; Add to Drafts → draft (keeps the chosen date and time when both are set).
 */
export const postPayload = (form: FormState, accounts: ReadonlyArray<ComposeAccount>, action: Action) => {
  const platforms = selectedPlatforms(accounts, form.accountIds);
  const status = action === "now" ? "published" : action === "draft" ? "draft" : "scheduled";
  const dated = action === "schedule" || action === "draft" ? localScheduledAt(form) : null;
  const recurring = action !== "now" && (form.scheduleType === "recurring" || form.repeat);
  return {
    content: form.content,
    platforms,
    accountIds: form.accountIds,
    media: form.media,
    status,
    scheduledAt: dated,
    timeZone: form.timeZone,
    categoryId: form.categoryId || null,
    options: cleanOptions(form.options, platforms),
    isRecurring: recurring,
    ...(action === "timeslot" ? { addToTimeslot: true, queueOrder: form.queueOrder } : {}),
    ...(recurring
      ? {
          recurringInterval: form.recurringType,
          recurringDays: form.recurringType === "weekly" ? form.recurringDays : null,
          recurringDay: form.recurringType === "monthly" ? form.recurringDay : null,
          recurringDayOfWeek: form.recurringType === "monthly" ? form.recurringDayOfWeek : null,
          hasExpiration: form.endType === "after",
          expirationCount: form.endType === "after" ? Math.max(1, form.recurringCount) : null,
          endDate: form.endType === "on" && form.recurringEnd ? form.recurringEnd : null,
        }
      : {}),
  };
};

