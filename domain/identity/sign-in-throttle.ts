/**
 * The throttles on guessing passwords and on reset mails: pure rules, counted by infra/identity/SignIn
 * from the rows of `login_attempts` and `password_reset_tokens`.
 *
 * An account's failures are kept in buckets: the strangers' one (attempts from a browser that never
 * signed in to the account) and one per known device (a browser that did). A stranger's failures
 * therefore never slow down the owner on their own device.
 */

/** Failed attempts an account's bucket may have within the window before each further one waits. */
export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MINUTES = 15;
/** The longest wait between two attempts once the free ones are spent (the wait doubles up to it). */
export const MAX_SIGN_IN_WAIT_MINUTES = 15;

/**
 * Failed sign-ins from one client address, whatever the accounts, within the window: far more than a
 * household or an office behind one address makes by mistyping, far fewer than a list of stolen
 * passwords tried from one machine needs (at most 200 an hour instead of thousands a minute).
 */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 50;

/** A browser that signed in to an account is known to it for this long after its last sign-in there. */
export const KNOWN_DEVICE_DAYS = 365;

/** Reset mails an account is sent at most within an hour (asking more answers the same, sends nothing). */
export const MAX_RESET_MAILS_PER_HOUR = 3;

const MINUTE_MS = 60_000;

/**
 * How long (in seconds, 0 = not at all) an account's bucket must wait before its next attempt: free
 * for its first MAX_FAILED_LOGINS failures within the window, then 1 minute after the latest
 * failure, 2 after the next, 4, 8, ... up to MAX_SIGN_IN_WAIT_MINUTES. Attempts refused while
 * waiting are not checked and not counted, so only an attempt that is let through makes it longer.
 */
export const accountWaitSeconds = (failures: number, latestFailure: Date | null, now: Date): number => {
  if (failures < MAX_FAILED_LOGINS || !latestFailure) return 0;
  const waitMinutes = Math.min(2 ** (failures - MAX_FAILED_LOGINS), MAX_SIGN_IN_WAIT_MINUTES);
  return secondsUntil(latestFailure, waitMinutes, now);
};

/**
 * How long (in seconds, 0 = not at all) a client address must wait: until it has fewer than
 * MAX_FAILED_LOGINS_PER_ADDRESS failures within the window, that is until the
 * MAX_FAILED_LOGINS_PER_ADDRESS-th newest of them (null when there are fewer) leaves the window.
 */
export const addressWaitSeconds = (nthNewestFailure: Date | null, now: Date): number =>
  nthNewestFailure ? secondsUntil(nthNewestFailure, FAILED_LOGIN_WINDOW_MINUTES, now) : 0;

/**
 * Seconds from `now` until `minutes` after `since`. Parallel attempts each carry the time their
 * request arrived, so a failure counted by one that arrived later may be dated after `now`: it
 * counts as made now (the wait is never longer than its rule).
 */
const secondsUntil = (since: Date, minutes: number, now: Date) =>
  Math.max(0, Math.ceil((Math.min(since.getTime(), now.getTime()) + minutes * MINUTE_MS - now.getTime()) / 1000));

/** A wait as a person reads it: "45 seconds", "1 minute", "4 minutes" (whole minutes, rounded up, from one minute on). */
export const waitText = (seconds: number): string => {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
};
