/*
 * What the inbox brings from each platform and where New Message may write first, read from the
 * platform table (domain/accounts/platforms.ts, `inbox`). Apart from rules.ts so that the inbox island,
 * which reads those rules, does not carry the table.
 */
import { PLATFORMS, type PlatformId, platformById } from "../accounts/platforms";
import { INBOX_MESSAGES, MESSAGE_TYPES, type MessageType } from "./rules";

/**
 * What each platform's API lets the inbox read (spec engagement §9), from the platform table
 * (domain/accounts/platforms.ts, `inbox`), and why not where it reads nothing.
 */
export const INBOX_SUPPORT: Readonly<Partial<Record<PlatformId, ReadonlyArray<MessageType>>>> = Object.fromEntries(
  PLATFORMS.flatMap((p) => {
    const types = MESSAGE_TYPES.filter((type) => (type === "dm" ? p.inbox.dm : type === "comment" ? p.inbox.comments : p.inbox.mentions));
    return types.length > 0 ? [[p.id, types]] : [];
  }),
);

export const NO_INBOX_REASON: Readonly<Partial<Record<PlatformId, string>>> = {
  tiktok: "TikTok's API gives apps no access to comments or messages.",
  pinterest: "Pinterest's API gives apps no access to comments or messages.",
  reddit: "Reddit replies are not read yet.",
  snapchat: "Snapchat's API gives apps no access to messages.",
  google_business: "Google reviews are answered from Reviews.",
  telegram: "A Telegram channel's comments live in its discussion group, which is not read.",
  discord: "A Discord webhook only posts: it reads no messages.",
};

/** Why the inbox brings nothing from the platform, or null where it brings something. */
export const noInboxReason = (platform: PlatformId): string | null => {
  const p = platformById(platform);
  if ((INBOX_SUPPORT[platform]?.length ?? 0) > 0) return null;
  return NO_INBOX_REASON[platform] ?? (p.inbox.reviews ? `${p.name} reviews are answered from Reviews.` : `${p.name}'s API gives no access to messages.`);
};

/**
 * Where a person can write first (New Message), from the platform table: X lets an app open a direct
 * message with anyone who accepts them (`dm.write`). Meta lets a page only answer people who wrote to
 * it; the others' APIs carry no direct messages. A sandbox account keeps its platform's rule, so what
 * is learnt there works once the real account is connected.
 */
export const NEW_MESSAGE_PLATFORMS: ReadonlyArray<PlatformId> = PLATFORMS.filter((p) => p.inbox.writeFirst).map((p) => p.id);

/** Why New Message cannot start from an account of the platform, or null where it can. */
export const newMessageRefusal = (platform: PlatformId): string | null => {
  const p = platformById(platform);
  if (p.inbox.writeFirst) return null;
  if (!p.inbox.dm) return INBOX_MESSAGES.noDirectMessages(p.name, p.inbox.reviews);
  return INBOX_MESSAGES.newMessageUnavailable(p.name);
};

