import { PLATFORMS } from "../../../domain/accounts/platforms";

/**
 * The platforms the public pages name, read from the catalogue (spec core §1 named 19: 12 social
 * and 7 review or directory sites; Mastodon, Telegram and Discord came with issue 32), so a
 * platform added there is named here too.
 */
export const SOCIAL_PLATFORMS: ReadonlyArray<string> = PLATFORMS.filter((p) => p.category === "social").map((p) => p.name);

export const REVIEW_PLATFORMS: ReadonlyArray<string> = PLATFORMS.filter((p) => p.category === "review").map((p) => p.name);

export const PLATFORM_COUNT = SOCIAL_PLATFORMS.length + REVIEW_PLATFORMS.length;
