import { instantAt } from "../shared/zoned";
import { Effect } from "effect";
import { isTimeZone } from "../identity/timezones";
import { InvalidInput, isStorableInstant } from "../shared";
import { notATime } from "../shared/clock-time";

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

const invalid = (message: string) => Effect.fail(new InvalidInput({ message, fields: { scheduledAt: message } }));

/**
 * Reads a scheduledAt as the API receives it. With an offset or `Z` it is taken as given; without
 * one (the spec's `date + "T" + time`, with or without ":00") it is the wall-clock time in
 * `timeZone`. A time skipped by a DST change (02:30 on 2026-03-08 in New York) moves forward an hour;
 * a time that happens twice is the first.
 */
const storable = (at: Date, input: string) =>
  Number.isNaN(at.getTime())
    ? invalid(`"${input}" is not a valid date and time.`)
    : isStorableInstant(at)
      ? Effect.succeed(at)
      : invalid("Choose a date and time between the years 1 and 9999.");

export const readScheduledAt = (input: string, timeZone: string): Effect.Effect<Date, InvalidInput> => {
  const m = PATTERN.exec(input.trim());
  if (!m) return invalid(`"${input}" is not a date and time (expected YYYY-MM-DDTHH:mm).`);
  const [year, month, day, hours, minutes, seconds = 0, ms = 0] = m
    .slice(1, 8)
    .map((v, i) => (v === undefined ? undefined : i === 6 ? Number(v.padEnd(3, "0")) : Number(v))) as Array<number>;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > lastDay) return invalid(`"${input}" is not a valid date and time.`);
  if (hours > 23 || minutes > 59) return invalid(notATime(`${m[4]}:${m[5]}`));
  if (seconds > 59) return invalid(notATime(`${m[4]}:${m[5]}:${m[6]}`));
  const offset = m[8];
  if (offset) {
    const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${String(seconds).padStart(2, "0")}.${String(ms).padStart(3, "0")}${
      offset === "Z" ? "Z" : offset.includes(":") ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`
    }`;
    return storable(new Date(iso), input);
  }
  if (!isTimeZone(timeZone)) return invalid(`Unknown time zone "${timeZone}".`);
  return storable(instantAt({ year, month, day, hours, minutes, seconds, ms }, timeZone), input);
};

export const isInPast = (at: Date, now: Date): boolean => at.getTime() < now.getTime();

export const SCHEDULED_IN_PAST_MESSAGE = "The scheduled time is in the past. Choose a later time.";
