/**
 * The compose form's parts needed only once an account is chosen or a post is opened: the
 * repeat's weekdays and ordinals, the X thread, a Google Drive address, and an existing post read
 * back into the form (compose-model.ts holds what the page needs at first).
 */
import { emptyForm, type FormState, type LoadedPost, type Ordinal, type OptionsState, type WeekdayName } from "./compose-model";

export const ORDINALS: ReadonlyArray<Ordinal> = ["1st", "2nd", "3rd", "4th", "last"];
export const WEEKDAY_NAMES: ReadonlyArray<WeekdayName> = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** Weekday buttons Mon..Sun = 1..6, 0 (spec core §9). */
export const WEEKDAY_BUTTONS: ReadonlyArray<{ readonly value: number; readonly label: string }> = [
  { value: 1, label: "Mon" },
  { value: 2, label: "Tue" },
  { value: 3, label: "Wed" },
  { value: 4, label: "Thu" },
  { value: 5, label: "Fri" },
  { value: 6, label: "Sat" },
  { value: 0, label: "Sun" },
];

/** The X thread's posts after the first, as written (blank ones are not sent). */
export const threadOf = (options: OptionsState): ReadonlyArray<string> => {
  const parts = options.twitter?.thread;
  return Array.isArray(parts) ? parts.filter((x): x is string => typeof x === "string" && x.trim() !== "") : [];
};

/** Spec core §5: a Google Drive URL with a /d/{id} segment becomes the file's preview URL. */
export type DriveResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly title: string; readonly description: string };
export const driveVideoUrl = (input: string): DriveResult => {
  const value = input.trim();
  if (value === "") return { ok: false, title: "URL Required", description: "Please enter a Google Drive video URL" };
  const match = /\/d\/([A-Za-z0-9_-]+)/.exec(value);
  if (!match) return { ok: false, title: "Invalid URL", description: "Please enter a valid Google Drive video URL" };
  return { ok: true, url: `https://drive.google.com/file/d/${match[1]}/preview` };
};

const localParts = (iso: string, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

export const formFromPost = (post: LoadedPost, fallbackZone: string): FormState => {
  const timeZone = post.timeZone || fallbackZone;
  const base = emptyForm(timeZone);
  const when = post.scheduledAt ? localParts(post.scheduledAt, timeZone) : null;
  const r = post.recurrence;
  return {
    ...base,
    categoryId: post.categoryId ?? "",
    accountIds: post.targets.map((t) => t.accountId),
    content: post.content,
    media: [...post.media],
    scheduleType: r ? "recurring" : when ? "schedule" : "now",
    scheduleDate: when?.date ?? "",
    scheduleTime: when?.time ?? "",
    options: (post.options ?? {}) as OptionsState,
    business:
      post.postType && post.postType !== "standard"
        ? { postType: post.postType, businessData: post.businessData ?? {}, locationIds: post.locationIds ?? [] }
        : null,
    repeat: Boolean(r),
    recurringType: r?.frequency ?? base.recurringType,
    recurringDays: r?.weekdays ? [...r.weekdays] : [],
    recurringDay: r?.ordinal ?? base.recurringDay,
    recurringDayOfWeek: r?.weekday !== undefined ? WEEKDAY_NAMES[r.weekday] ?? "Monday" : "Monday",
    endType: r?.end.type === "on" ? "on" : "after",
    recurringCount: r?.end.type === "after" ? r.end.count : 1,
    recurringEnd: r?.end.type === "on" ? r.end.date : "",
  };
};
