/** The Create Post screen's form state and the POST/PUT /api/posts payload (spec core §3, §4, §5). */
import type { PlatformId } from "../../../domain/accounts";
import type { QueueOrder } from "../../../domain/publishing/timeslots";
import type { PostFields, ScheduleType } from "../posts/post-form";

export type { ScheduleType };
export type RecurringType = "daily" | "weekly" | "monthly";
export type Ordinal = "1st" | "2nd" | "3rd" | "4th" | "last";
export const ORDINALS: ReadonlyArray<Ordinal> = ["1st", "2nd", "3rd", "4th", "last"];
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];
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

export interface ComposeAccount {
  readonly id: string;
  readonly platform: PlatformId;
  readonly accountName: string;
  readonly username: string | null;
  readonly sandbox: boolean;
}

export interface ComposeCategory {
  readonly id: string;
  readonly name: string;
  readonly platforms: ReadonlyArray<string>;
}

export type OptionsState = Record<string, Record<string, unknown>>;

/** The compose form: the shared post fields, the accounts, the zone, the repeats and each platform's options. */
export interface FormState extends PostFields {
  categoryId: string;
  accountIds: string[];
  timeZone: string;
  autoOptimize: boolean;
  repeat: boolean;
  recurringType: RecurringType;
  recurringDays: number[];
  recurringDay: Ordinal;
  recurringDayOfWeek: WeekdayName;
  endType: "after" | "on";
  recurringCount: number;
  recurringEnd: string;
  /** How Add to Timeslot picks the slot (spec core §3: optimal in the form). */
  queueOrder: QueueOrder;
  options: OptionsState;
}

export const emptyForm = (timeZone: string, scheduleDate = ""): FormState => ({
  categoryId: "",
  accountIds: [],
  content: "",
  media: [],
  scheduleType: scheduleDate ? "schedule" : "now",
  scheduleDate,
  scheduleTime: "",
  timeZone,
  autoOptimize: true,
  repeat: false,
  recurringType: "weekly",
  recurringDays: [],
  recurringDay: "1st",
  recurringDayOfWeek: "Monday",
  endType: "after",
  recurringCount: 1,
  recurringEnd: "",
  queueOrder: "optimal",
  options: {},
});

/** The accounts a category offers: all when none is chosen or it names no platforms. */
export const accountsForCategory = (accounts: ReadonlyArray<ComposeAccount>, category: ComposeCategory | undefined) =>
  !category || category.platforms.length === 0 ? accounts : accounts.filter((a) => category.platforms.includes(a.platform));

export const selectedPlatforms = (accounts: ReadonlyArray<ComposeAccount>, ids: ReadonlyArray<string>): PlatformId[] => [
  ...new Set(accounts.filter((a) => ids.includes(a.id)).map((a) => a.platform)),
];

/** The X thread's posts after the first, as written (blank ones are not sent). */
export const threadOf = (options: OptionsState): ReadonlyArray<string> => {
  const parts = options.twitter?.thread;
  return Array.isArray(parts) ? parts.filter((x): x is string => typeof x === "string" && x.trim() !== "") : [];
};

export type Action = "now" | "schedule" | "timeslot" | "draft";

/** Spec core §5: a Google Drive URL with a /d/{id} segment becomes the file's preview URL. */
export type DriveResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly title: string; readonly description: string };
export const driveVideoUrl = (input: string): DriveResult => {
  const value = input.trim();
  if (value === "") return { ok: false, title: "URL Required", description: "Please enter a Google Drive video URL" };
  const match = /\/d\/([A-Za-z0-9_-]+)/.exec(value);
  if (!match) return { ok: false, title: "Invalid URL", description: "Please enter a valid Google Drive video URL" };
  return { ok: true, url: `https://drive.google.com/file/d/${match[1]}/preview` };
};

/** The form of an existing post (?post={id}), as GET /api/posts/{id} returns it. */
export interface LoadedPost {
  readonly id: string;
  /** The post's version: sent back as `expectedVersion` with a change, so another's change in between is not overwritten. */
  readonly version?: number;
  readonly content: string;
  readonly media: ReadonlyArray<string>;
  readonly status: string;
  readonly scheduledAt: string | null;
  readonly timeZone: string;
  readonly categoryId: string | null;
  readonly options: Record<string, unknown>;
  readonly targets: ReadonlyArray<{ readonly accountId: string }>;
  readonly recurrence: {
    readonly frequency: RecurringType;
    readonly weekdays?: ReadonlyArray<number>;
    readonly ordinal?: Ordinal;
    readonly weekday?: number;
    readonly end: { readonly type: "after"; readonly count: number } | { readonly type: "on"; readonly date: string } | { readonly type: "never" };
  } | null;
}

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
