import { z } from "zod";
import { acrossWorkspacesShape } from "../identity/schemas";
import { normalizePlatformId, type PlatformId } from "../../domain/accounts";
import { CALENDAR_PER_DAY, daysBetween, isCalendarDate, NOTE_MESSAGES } from "../../domain/calendar/rules";
import { isPeriodId, type PeriodId } from "../../domain/publishing/periods";
import { canonicalTimeZone } from "../../domain/identity/timezones";
import { isStorableInstant, isUuid } from "../../domain/shared";
import { businessPostProblems, MONTHLY_ORDINALS, priceOf, POST_TYPES, QUEUE_ORDERS, type RecurrenceRule, type Weekday } from "../../domain/publishing";
import { MAX_MEDIA } from "../../domain/publishing/post-media";

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const platforms = z
  .array(z.string(), { error: "Select at least one platform" })
  .min(1, "Select at least one platform")
  .transform((values, ctx) => {
    const ids = [...new Set(values.map((v) => normalizePlatformId(v.trim().toLowerCase())))];
    if (ids.includes(null)) ctx.addIssue({ code: "custom", message: "Choose platforms from the list." });
    return ids.filter((id): id is PlatformId => id !== null);
  });

const uuid = z.uuid({ error: "Choose an item from the list." });

/**
 * The payload of POST/PUT /api/posts: the dashboard dialog's (content, platforms, media, status,
 * scheduledAt) and the compose screen's (plus the recurrence fields of spec core §3 and the
 * scheduling form), with accountIds, category and per-platform options.
 */
/** A zone as given; stored under its canonical name (an unknown one is the post's rules' to refuse, with its message). */
export const zoneName = z
  .string()
  .max(64)
  .nullish()
  .transform((zone) => (zone ? (canonicalTimeZone(zone) ?? zone) : zone));

/** A file of the media library (its id or address) or a file on the web by https (a design, a Drive video). */
export const mediaRef = z
  .string()
  .max(2_000)
  .refine(
    (ref) => isUuid(ref) || /^\/media\/[0-9a-f-]{36}\/\S*$/i.test(ref) || /^https:\/\/\S+$/.test(ref),
    "Add media from your media library, or by an https:// address.",
  );

/** A repeat's last day: YYYY-MM-DD, or a date picker's full instant of that day. */
const endDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, "Choose an end date.");

/** A platform option of the compose screen: text, a number, a switch, or a list (tags, an X thread). */
const optionValue = z.union([z.string().max(5_000), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(5_000), z.number()])).max(100)]);

/** The version of the post the write was based on (GET answers it as `version`). */
const expectedVersion = z
  .number({ error: "expectedVersion must be the post's version number, as GET /api/posts/{id} answers it." })
  .int("expectedVersion must be a whole number.")
  .min(0, "expectedVersion must be a whole number.");

/** The body of DELETE /api/posts/{id} and POST /publish: empty, or the version read. */
export const versionedWriteSchema = z.object({ expectedVersion: expectedVersion.optional() });

/** An approver's yes; `publishNow` confirms publishing a post whose time has passed (or that was to go out at once). */
export const approveSchema = z.object({
  expectedVersion: expectedVersion.optional(),
  publishNow: z.boolean({ error: "publishNow is true or false." }).default(false),
});

/** An approver's "not yet", with what to change. */
export const requestChangesSchema = z.object({
  expectedVersion: expectedVersion.optional(),
  comment: z.string({ error: "Say what to change, in up to 1,000 characters." }).max(1000, "Say what to change, in up to 1,000 characters."),
});

/**
 * businessData as stored: a product's price as a number ("19.99" → 19.99; checked before by
 * businessPostProblems), so that it is shown with its currency and compared as a price; other
 * details as text.
 */
const withNumericPrice = (data: Readonly<Record<string, string | number>>): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, key === "productPrice" ? (priceOf(value) ?? String(value)) : typeof value === "number" ? String(value) : value]),
  );

export const postSchema = z
  .object({
    expectedVersion: expectedVersion.optional(),
    content: z.string({ error: "Content is required" }).max(63_206, "Content too long").default(""),
    platforms,
    media: z.array(mediaRef).max(MAX_MEDIA, `Attach at most ${MAX_MEDIA} files.`).default([]),
    status: z.enum(["draft", "scheduled", "published"], { error: "Choose draft, scheduled or published." }).default("draft"),
    scheduledAt: z.string().max(40).nullish(),
    timeZone: zoneName,
    timezone: zoneName,
    accountIds: z.array(uuid).max(200).nullish(),
    postType: z.enum(POST_TYPES, { error: "Choose a post type from the list." }).default("standard"),
    businessData: z.record(z.string(), z.union([z.string().max(2_000), z.number()], { error: "Give each business detail as text." })).default({}),
    locationIds: z.array(z.string().max(200)).max(100).default([]),
    categoryId: uuid.nullish(),
    options: z.record(z.string().max(100), z.record(z.string().max(100), optionValue)).default({}),
    /** Absent on an edit: the post's repeats stay as they are (the calendar moves a post without them). */
    isRecurring: z.boolean().optional(),
    recurringInterval: z.enum(["daily", "weekly", "monthly"]).nullish(),
    recurringType: z.enum(["daily", "weekly", "monthly"]).nullish(),
    recurringDays: z.array(z.number().int().min(0).max(6)).nullish(),
    recurringDay: z.enum(MONTHLY_ORDINALS).nullish(),
    recurringDayOfWeek: z.enum(WEEKDAY_NAMES).nullish(),
    hasExpiration: z.boolean().default(false),
    expirationCount: z.number().int().min(1, "Repeat at least once.").nullish(),
    recurringCount: z.number().int().min(1, "Repeat at least once.").nullish(),
    endDate: endDate.nullish(),
    recurringEnd: endDate.nullish(),
    /** Schedule Options > Add to Timeslot: the server picks the next free slot in this queue order. */
    addToTimeslot: z.boolean().default(false),
    queueOrder: z.enum(QUEUE_ORDERS, { error: "Choose a queue order: optimal, fifo or priority." }).default("optimal"),
  })
  .transform((data, ctx) => {
    // A Business Profile post's type asks for its fields (an offer's title and end date, an event's day).
    if (data.platforms.includes("google_business")) {
      const problems = businessPostProblems(data.postType, data.businessData, new Date().toISOString().slice(0, 10));
      for (const [key, message] of Object.entries(problems)) ctx.addIssue({ code: "custom", path: ["businessData", key], message });
    }
    const interval = data.recurringInterval ?? data.recurringType;
    let recurrence: RecurrenceRule | null | undefined = data.isRecurring === false ? null : undefined;
    if (data.isRecurring || data.recurringType) {
      const count = data.expirationCount ?? data.recurringCount;
      const until = data.endDate ?? data.recurringEnd;
      const end =
        data.hasExpiration && count
          ? { type: "after" as const, count }
          : until
            ? { type: "on" as const, date: until.slice(0, 10) }
            : count
              ? { type: "after" as const, count }
              : { type: "never" as const };
      const weekday = (data.recurringDayOfWeek ? WEEKDAY_NAMES.indexOf(data.recurringDayOfWeek) : 1) as Weekday;
      if (interval === "daily") recurrence = { frequency: "daily", end };
      else if (interval === "weekly")
        recurrence = { frequency: "weekly", weekdays: (data.recurringDays?.length ? data.recurringDays : [weekday]) as Weekday[], end };
      else if (interval === "monthly") recurrence = { frequency: "monthly", ordinal: data.recurringDay ?? "1st", weekday, end };
      else ctx.addIssue({ code: "custom", path: ["recurringInterval"], message: "Choose how often the post repeats." });
    }
    return {
      content: data.content,
      platforms: data.platforms,
      media: data.media,
      status: data.addToTimeslot ? ("scheduled" as const) : data.status,
      scheduledAt: data.addToTimeslot ? null : (data.scheduledAt ?? null),
      timeZone: data.timeZone ?? data.timezone ?? null,
      accountIds: data.accountIds ?? null,
      postType: data.postType,
      businessData: withNumericPrice(data.businessData),
      locationIds: data.locationIds,
      categoryId: data.categoryId ?? null,
      options: data.options,
      recurrence,
      timeslot: data.addToTimeslot ? data.queueOrder : null,
      expectedVersion: data.expectedVersion,
    };
  });

/** A query's instant: a date and time with its offset, or a day, that the database can hold. */
const isoInstant = z.iso.datetime({ offset: true });
const isoDay = z.iso.date();
const instant = (name: string, example: string) => {
  const message = `Give ${name} as a date and time, like ${example}.`;
  return z
    .string({ error: message })
    .refine((value) => (isoInstant.safeParse(value).success || isoDay.safeParse(value).success) && isStorableInstant(new Date(value)), message);
};

export const postQuerySchema = z.object({
  /** One status or several, comma-separated ("scheduled,publishing"). */
  status: z
    .string()
    .transform((value) => value.split(",").map((v) => v.trim()))
    .pipe(
      z.array(
        z.enum(["draft", "awaiting_approval", "scheduled", "publishing", "published"], {
          error: "Choose a status: draft, awaiting_approval, scheduled or published.",
        }),
      ),
    )
    .optional(),
  sort: z.enum(["created", "scheduled", "published"], { error: "Sort by created, scheduled or published." }).default("created"),
  accountId: uuid.optional(),
  categoryId: uuid.optional(),
  from: instant("from", "2026-11-01T00:00:00Z").optional(),
  to: instant("to", "2026-12-01T00:00:00Z").optional(),
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 1000.").max(1000, "limit must be between 1 and 1000.").default(100),
  cursor: z.string().max(200).optional(),
  ...acrossWorkspacesShape,
});

/** GET /api/posts/export.csv?period=7d|30d|90d (30d when not given). */
export const postExportQuerySchema = z.object({
  period: z
    .string()
    .default("30d")
    .refine((period) => isPeriodId(period), "Choose a period: 7d, 30d or 90d.")
    .transform((period) => period as PeriodId),
});

/** The Queue's tab counts narrow like its list: by account, category and search. */
export const postCountsQuerySchema = postQuerySchema.pick({ accountId: true, categoryId: true, q: true });

/** The longest range GET /api/calendar answers: two months, more than the six weeks a month grid shows. */
export const CALENDAR_RANGE_MAX_DAYS = 62;

export const CALENDAR_MESSAGES = {
  order: "The end date must be on or after the start date.",
  span: `Choose a range of at most ${CALENDAR_RANGE_MAX_DAYS} days.`,
  perDay: "perDay must be between 1 and 50.",
} as const;

const date = z.string({ error: NOTE_MESSAGES.date }).refine(isCalendarDate, NOTE_MESSAGES.date);

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD (both inclusive, in the user's time zone)&perDay=3. */
export const calendarQuerySchema = z
  .object({
    from: date,
    to: date,
    perDay: z.coerce.number({ error: CALENDAR_MESSAGES.perDay }).int(CALENDAR_MESSAGES.perDay).min(1, CALENDAR_MESSAGES.perDay).max(50, CALENDAR_MESSAGES.perDay).default(CALENDAR_PER_DAY),
  })
  .superRefine((range, context) => {
    if (!isCalendarDate(range.from) || !isCalendarDate(range.to)) return;
    const days = daysBetween(range.from, range.to);
    if (days < 0) context.addIssue({ code: "custom", path: ["to"], message: CALENDAR_MESSAGES.order });
    else if (days + 1 > CALENDAR_RANGE_MAX_DAYS) context.addIssue({ code: "custom", path: ["to"], message: CALENDAR_MESSAGES.span });
  });

export type CalendarRange = z.infer<typeof calendarQuerySchema>;
