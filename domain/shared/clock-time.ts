/**
 * A time of day as people type it into a form or a call: HH:MM on a 24-hour clock. One sentence for
 * one that is not (25:99, 7:60, "noon"), wherever a time is typed: the compose screen, the API's
 * scheduledAt, a bulk upload's scheduledTime, a Business Profile event's time.
 */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Longer text is cut in the sentence: it is not a time anyway. */
const SHOWN = 20;

/** "25:99 is not a time. Use HH:MM, from 00:00 to 23:59." */
export const notATime = (text: string): string => {
  const shown = text.trim();
  return `${shown.length > SHOWN ? `${shown.slice(0, SHOWN)}…` : shown} is not a time. Use HH:MM, from 00:00 to 23:59.`;
};
