/**
 * Loads compose-later.ts: what the compose screen shows once an account is chosen, the attached
 * files, the save and read code. One place imports it, so the page's code names it once.
 */
export const loadLater = () => import("./compose-later");
