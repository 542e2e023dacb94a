import { wallClockOf } from "../shared/zoned";
import { normalizePlatformId } from "../accounts/platforms";
import { BEST_TIMES, suggestTimes } from "./best-times";
import { atWallClock } from "./recurrence";

/**
 * "Add to Timeslot" (spec core §2, §3: Schedule Options, queue order fifo, priority or optimal): the
 * next free slot of the chosen platforms' best times, in the post's time zone.
 *
 *   priority: the earliest free slot from now (fills gaps in the queue);
 *   fifo:     the earliest free slot after the last post already queued (keeps the queue's order);
 *   optimal:  on the earliest day with a free slot, the slot most of the chosen platforms rank best.
 */
export const QUEUE_ORDERS = ["optimal", "fifo", "priority"] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

export const QUEUE_ORDER_LABELS: Readonly<Record<QueueOrder, string>> = {
  optimal: "Optimal (best time of the day)",
  fifo: "First in, first out",
  priority: "Priority (next free slot)",
};

/** Slots for platforms without a best-time list (Bluesky, Threads, review sites, ...). */
export const DEFAULT_TIMESLOTS: ReadonlyArray<string> = ["09:00", "12:00", "17:00"];

/** How far ahead a slot is looked for. */
export const TIMESLOT_HORIZON_DAYS = 28;

/** A queued post within this of a slot takes it. */
const SLOT_WIDTH_MS = 30 * 60_000;

/** A slot must leave the scheduler this much time. */
const LEAD_MS = 60_000;

export const NO_FREE_TIMESLOT_MESSAGE = `Every timeslot of the next ${TIMESLOT_HORIZON_DAYS} days is taken. Choose a date and time instead.`;

export const timeslotsOf = (platforms: ReadonlyArray<string>): ReadonlyArray<string> => {
  const times = suggestTimes(platforms);
  return times.length > 0 ? times : DEFAULT_TIMESLOTS;
};

/** How many of the platforms list the time among their best ones. */
const rank = (time: string, platforms: ReadonlyArray<string>) =>
  platforms.filter((value) => {
    const id = normalizePlatformId(value);
    return id !== null && (BEST_TIMES[id] ?? []).includes(time);
  }).length;

export interface TimeslotRequest {
  readonly platforms: ReadonlyArray<string>;
  readonly timeZone: string;
  readonly now: Date;
  /** When the posts already queued on the same accounts go out. */
  readonly taken: ReadonlyArray<Date>;
  readonly order: QueueOrder;
}

export const nextTimeslot = ({ platforms, timeZone, now, taken, order }: TimeslotRequest): Date | null => {
  const times = timeslotsOf(platforms);
  const lastQueued = order === "fifo" && taken.length > 0 ? Math.max(...taken.map((t) => t.getTime())) : Number.NEGATIVE_INFINITY;
  const isFree = (at: Date) =>
    at.getTime() >= now.getTime() + LEAD_MS && at.getTime() > lastQueued && taken.every((t) => Math.abs(t.getTime() - at.getTime()) >= SLOT_WIDTH_MS);
  const today = wallClockOf(now, timeZone);
  for (let offset = 0; offset <= TIMESLOT_HORIZON_DAYS; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const day = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    };
    const free = times
      .map((time) => ({ time, at: atWallClock(day, Number(time.slice(0, 2)), Number(time.slice(3, 5)), timeZone) }))
      .filter((slot) => isFree(slot.at));
    if (free.length === 0) continue;
    if (order !== "optimal") return free[0]!.at;
    return free.reduce((best, slot) => (rank(slot.time, platforms) > rank(best.time, platforms) ? slot : best)).at;
  }
  return null;
};
