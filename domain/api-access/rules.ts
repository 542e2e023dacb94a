import type { Role } from "../shared";

/** What a key may do: read only, or read and change. */
export const API_KEY_ACCESS = ["read", "write"] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** Every key starts so (as Stripe's `sk_live_`): secret scanners and people can tell it is one of ours. */
export const API_KEY_PREFIX = "sd_live_";
export const API_KEY_NAME_MAX = 100;
/** Enough for every integration a workspace has, and a list that stays one page. */
export const MAX_API_KEYS_PER_WORKSPACE = 50;

/** The highest role a key acts with: a write key as a member, a read key as a viewer (whoever created it). */
export const ROLE_CAP: Readonly<Record<ApiKeyAccess, Role>> = {
  write: "member",
  read: "viewer",
};

const RANK: Readonly<Record<Role, number>> = {
  viewer: 0,
  member: 1,
  admin: 2,
  owner: 3,
};

/** The role a key acts with: its creator's, no higher than its access allows. */
export const cappedRole = (creatorRole: Role, access: ApiKeyAccess): Role => (RANK[creatorRole] <= RANK[ROLE_CAP[access]] ? creatorRole : ROLE_CAP[access]);

export const API_KEY_MESSAGES = {
  nameRequired: "Give the key a name, such as the app that will use it.",
  nameTooLong: `A key's name can be at most ${API_KEY_NAME_MAX} characters.`,
  access: 'Access must be "read" or "write".',
  expiresAt: "The expiry must be a date and time, such as 2027-01-31T00:00:00Z.",
  expiresInPast: "The expiry must be in the future.",
  tooMany: `A workspace can have at most ${MAX_API_KEYS_PER_WORKSPACE} API keys. Revoke one you no longer use first.`,
  /** A request with a key that names no key of ours (mistyped, or from another server). */
  unknown: "This API key is not valid. Check that it was copied whole, or create a new one in Settings › API keys.",
  revoked: "This API key was revoked. Create a new one in Settings › API keys.",
  expired: "This API key has expired. Create a new one in Settings › API keys.",
  /** Its creator left the workspace's team: the key acts for no one. */
  creatorGone: "This API key's creator is no longer in the workspace, so the key no longer works. Create a new one in Settings › API keys.",
  readOnly: "This API key can only read. Create a key with write access to make changes.",
  peopleOnly: "This call is for people signed in to SocialDesk, not for API keys.",
  alreadyRevoked: "This API key was already revoked.",
} as const;
