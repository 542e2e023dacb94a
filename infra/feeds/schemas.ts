import { z } from "zod";
import { FEED_DELIVERIES, FEED_MESSAGES, POSTING_SCHEDULES } from "../../domain/feeds";

const schedule = z.enum(POSTING_SCHEDULES, { error: "Choose a posting schedule: immediate, daily or weekly." });
const delivery = z.enum(FEED_DELIVERIES, { error: "Choose whether new items are scheduled or kept as drafts." });
const list = (what: string) => z.array(z.string().max(100), { error: `${what} is a list.` }).max(200, `Choose at most 200 ${what.toLowerCase()}.`);

/** POST /api/rss-feeds {name, url, platforms, postTemplate, postingSchedule, isActive} (spec engagement §7), plus accountIds and delivery. */
export const addFeedSchema = z.object({
  name: z.string({ error: FEED_MESSAGES.nameRequired }).max(1_000).default(""),
  url: z.string({ error: FEED_MESSAGES.urlRequired }).max(2_000, FEED_MESSAGES.urlInvalid).default(""),
  platforms: list("Platforms").default([]),
  accountIds: list("Accounts").default([]),
  postTemplate: z.string({ error: "The post template is text." }).max(10_000).nullish(),
  postingSchedule: schedule.default("immediate"),
  delivery: delivery.default("schedule"),
  isActive: z.boolean({ error: "isActive is true or false." }).default(true),
});

/** PUT /api/rss-feeds/{id}: any of the fields (a pause or resume is `{isActive}`). */
export const editFeedSchema = z.object({
  name: z.string({ error: FEED_MESSAGES.nameRequired }).max(1_000).optional(),
  url: z.string({ error: FEED_MESSAGES.urlRequired }).max(2_000, FEED_MESSAGES.urlInvalid).optional(),
  platforms: list("Platforms").optional(),
  accountIds: list("Accounts").optional(),
  postTemplate: z.string({ error: "The post template is text." }).max(10_000).nullish(),
  postingSchedule: schedule.optional(),
  delivery: delivery.optional(),
  isActive: z.boolean({ error: "isActive is true or false." }).optional(),
});
