/**
 * The Post Scheduling card's time field: any minute, typed as people write times ("9:37", "09:37",
 * "21:37", "937", "9.37 pm"), kept as the HH:MM (24-hour) that the spec's schedule uses.
 */

/** What the field says when it cannot read the text: "25:99 is not a time. Use HH:MM, from 00:00 to 23:59." */
export { notATime as timeUnreadable } from "../../../domain/shared/clock-time";

/**
 * The HH:MM a typed time names, or null. Hours alone mean the full hour ("9" → "09:00"); three or four
 * digits are hours and minutes ("937" → "09:37"); "am"/"pm" read the hours on a 12-hour clock.
 */
export const parseTime = (text: string): string | null => {
  const match = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(?:([ap])\.?m?\.?)?$/.exec(text.trim().toLowerCase());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const half = match[3];
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === "p" ? 12 : 0);
  } else if (hours > 23) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
};
