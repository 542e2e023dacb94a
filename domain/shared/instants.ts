/**
 * An instant PostgreSQL's timestamptz takes as the app writes it (`toISOString`): years 1 to 9999 in
 * UTC. "9999-12-31T23:59-05:00" is already year 10000 there, and year 0 does not exist.
 */
export const isStorableInstant = (at: Date): boolean => {
  const year = at.getUTCFullYear();
  return !Number.isNaN(at.getTime()) && year >= 1 && year <= 9999;
};

export const DAY_MS = 86_400_000;
