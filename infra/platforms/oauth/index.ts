import type { PlatformId } from "../../../domain/accounts/platforms";
import type { OAuthPlatform } from "../types";
import { makeOAuthPlatform, type OAuthDefinition } from "./define";
import { googleBusiness, youtube } from "./google";
import { linkedin } from "./linkedin";
import { facebook, instagram, threads } from "./meta";
import { pinterest } from "./pinterest";
import { reddit } from "./reddit";
import { tiktok } from "./tiktok";
import { twitter } from "./twitter";

export const OAUTH_DEFINITIONS: ReadonlyArray<OAuthDefinition> = [
  facebook,
  instagram,
  twitter,
  linkedin,
  tiktok,
  youtube,
  pinterest,
  googleBusiness,
  threads,
  reddit,
];

const platforms = new Map<PlatformId, OAuthPlatform>(OAUTH_DEFINITIONS.map((d) => [d.platform, makeOAuthPlatform(d)]));

/** The OAuth adapter of a platform, or null for platforms that connect otherwise (Bluesky, listings). */
export const oauthPlatform = (id: PlatformId): OAuthPlatform | null => platforms.get(id) ?? null;

export type { OAuthDefinition } from "./define";
