const MIN = 3;
const MAX = 30;

/** A username from an email's local part: lower case letters, digits, dots, dashes and underscores. */
export const usernameBase = (email: string): string => {
  const local = email.split("@")[0]?.toLowerCase() ?? "";
  const cleaned = local.replace(/\+.*$/, "").replace(/[^a-z0-9._-]/g, "").replace(/^[._-]+|[._-]+$/g, "");
  const base = cleaned.slice(0, MAX - 4);
  return base.length >= MIN ? base : `${base}user`.slice(0, MAX - 4).padEnd(MIN, "0");
};

/** The base itself when free, else the base with the smallest number from 2 that is free. */
export const uniqueUsername = (base: string, taken: ReadonlySet<string>): string => {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
};
