/**
 * Served by the declared API (infra/identity/api.ts, through the catch-all route): this file only
 * keeps Astro from giving the path to the account connection's route file api/auth/[platform].ts,
 * which a named parameter makes win over the catch-all. It goes when that route is declared too.
 */
export { ALL } from "../[...operation]";
