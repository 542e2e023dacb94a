/** The Create Post screen's form state and the POST/PUT /api/posts payload (spec core §3, §4, §5). */
import type { PlatformId } from "../../../domain/accounts";
import type { PostType } from "../../../domain/publishing";
import type { QueueOrder } from "../../../domain/publishing/timeslots";
import type { PostFields, ScheduleType } from "../posts/post-form";

export type { ScheduleType };
export type RecurringType = "daily" | "weekly" | "monthly";
export type Ordinal = "1st" | "2nd" | "3rd" | "4th" | "last";
export type WeekdayName = "Sunday" | "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday";

export interface ComposeAccount {
  readonly id: string;
  readonly platform: PlatformId;
  readonly accountName: string;
  readonly username: string | null;
  /** The account's own picture, when the platform gave one. */
  readonly avatar?: string | null;
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
  /** A Business Profile post's type and details, read with the post: kept as they are and sent back with an edit. */
  business: BusinessFields | null;
}

export interface BusinessFields {
  readonly postType: PostType;
  readonly businessData: Readonly<Record<string, string | number>>;
  readonly locationIds: ReadonlyArray<string>;
}

export const emptyForm = (timeZone: string, scheduleDate = ""): FormState => ({
  business: null,
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

export type Action = "now" | "schedule" | "timeslot" | "draft";

/** What the screen says when a post to edit cannot be read. */
export const LOAD_FAILED = "Could not load the post.";

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
  readonly postType?: PostType;
  readonly businessData?: Readonly<Record<string, string | number>>;
  readonly locationIds?: ReadonlyArray<string>;
  readonly targets: ReadonlyArray<{ readonly accountId: string }>;
  readonly recurrence: {
    readonly frequency: RecurringType;
    readonly weekdays?: ReadonlyArray<number>;
    readonly ordinal?: Ordinal;
    readonly weekday?: number;
    readonly end: { readonly type: "after"; readonly count: number } | { readonly type: "on"; readonly date: string } | { readonly type: "never" };
  } | null;
}

