// Imported by the categories island too: no Effect code here.
import { DAY_MS } from "../shared/instants";

/**
 * Evergreen recycling (plan feature content_recycling): an evergreen category's published posts are
 * re-queued into the workspace's time slots, one post per cadence, each post at most `maxRepeats`
 * times and never sooner than `minGapDays` after it last went out.
 */
export interface EvergreenSettings {
  /** The cadence: one post of the category is re-queued every this many days. */
  readonly everyDays: number;
  /** The least time between two publications of the same post. */
  readonly minGapDays: number;
  /** How many times one post may be re-queued, its first publication not counted. */
  readonly maxRepeats: number;
}

export const EVERGREEN_BOUNDS: Readonly<Record<keyof EvergreenSettings, { readonly min: number; readonly max: number }>> = {
  everyDays: { min: 1, max: 90 },
  minGapDays: { min: 1, max: 365 },
  maxRepeats: { min: 1, max: 50 },
};

export const EVERGREEN_DEFAULTS: EvergreenSettings = { everyDays: 7, minGapDays: 30, maxRepeats: 5 };

export const EVERGREEN_MESSAGES: Readonly<Record<keyof EvergreenSettings, string>> = {
  everyDays: `Re-queue a post every ${EVERGREEN_BOUNDS.everyDays.min} to ${EVERGREEN_BOUNDS.everyDays.max} days (a whole number).`,
  minGapDays: `Leave ${EVERGREEN_BOUNDS.minGapDays.min} to ${EVERGREEN_BOUNDS.minGapDays.max} days (a whole number) between two repeats of the same post.`,
  maxRepeats: `Repeat each post ${EVERGREEN_BOUNDS.maxRepeats.min} to ${EVERGREEN_BOUNDS.maxRepeats.max} times (a whole number).`,
};

export const EVERGREEN_UPGRADE_MESSAGE = "Evergreen recycling comes with the Growth and Agency plans. Upgrade to re-queue your best posts automatically.";

export const daysInMs = (days: number) => days * DAY_MS;

const isWithin = (value: number, key: keyof EvergreenSettings) =>
  Number.isInteger(value) && value >= EVERGREEN_BOUNDS[key].min && value <= EVERGREEN_BOUNDS[key].max;

/** The settings as they will be kept (those not given stay as `current`), or one sentence per wrong field. */
export const checkEvergreenSettings = (
  input: Partial<EvergreenSettings>,
  current: EvergreenSettings,
): { readonly ok: true; readonly settings: EvergreenSettings } | { readonly ok: false; readonly errors: Record<string, string> } => {
  const keys = Object.keys(EVERGREEN_BOUNDS) as Array<keyof EvergreenSettings>;
  const settings = Object.fromEntries(keys.map((key) => [key, input[key] ?? current[key]])) as unknown as EvergreenSettings;
  const errors: Record<string, string> = {};
  for (const key of keys) {
    if (!isWithin(settings[key], key)) errors[key] = EVERGREEN_MESSAGES[key];
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, settings };
};

/**
 * The next time a post is due after one was re-queued at `now` for the repeat due at `due`: whole
 * cadences after `due`, so the time of day holds and a worker that was down does not catch up in a burst.
 */
export const nextRepeatAfter = (due: Date, now: Date, everyDays: number): Date => {
  const cadence = daysInMs(everyDays);
  const periods = Math.max(1, Math.floor((now.getTime() - due.getTime()) / cadence) + 1);
  return new Date(due.getTime() + periods * cadence);
};

/** A post's history and the audit trail say the same of a repeat (PostRecycled). */
export const recycledLine = (d: { readonly categoryName: string; readonly repeat: number; readonly maxRepeats: number }) =>
  `Re-queued from evergreen category ${d.categoryName} (repeat ${d.repeat} of ${d.maxRepeats})`;
