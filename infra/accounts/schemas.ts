import { z } from "zod";
import { BUSINESS_KINDS, normalizePlatformId, type PlatformId } from "../../domain/accounts";

export const platformField = z
  .string({ error: "Choose a platform from the list." })
  .transform((value, ctx) => {
    const id = normalizePlatformId(value.trim().toLowerCase());
    if (!id) ctx.addIssue({ code: "custom", message: "Choose a platform from the list." });
    return id as PlatformId;
  });

const accountName = z
  .string({ error: "Enter a name for the account." })
  .trim()
  .min(1, "Enter a name for the account.")
  .max(100, "Please use at most 100 characters.");

/**
 * POST /api/social-accounts/sandbox: a test account whose posts stay in the app; the kind of business
 * its sample comments, messages and reviews are written for, if chosen ("" or absent: from its name).
 */
export const sandboxSchema = z.object({
  platform: platformField,
  accountName,
  businessKind: z
    .enum(["", ...BUSINESS_KINDS], { error: "Choose a kind of business from the list, or leave it to the account's name." })
    .optional()
    .transform((kind) => kind || undefined),
});

/** POST /api/social-accounts, the spec's placeholder payload: it makes a sandbox account (its token is ignored). */
export const placeholderSchema = z.object({
  platform: platformField,
  accountName,
  accountId: z.string().max(200).optional(),
  accessToken: z.string().optional(),
  isActive: z.boolean().optional(),
  followers: z.number().int().min(0).max(1_000_000_000).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const blueskySchema = z.object({
  identifier: z
    .string({ error: "Enter your Bluesky handle or email." })
    .trim()
    .min(1, "Enter your Bluesky handle or email.")
    .max(253, "Enter your Bluesky handle or email."),
  appPassword: z
    .string({ error: "Enter an app password (Bluesky: Settings → Privacy and security → App passwords)." })
    .trim()
    .min(1, "Enter an app password (Bluesky: Settings → Privacy and security → App passwords)."),
  service: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ error: "Enter the server address, like https://bsky.social." }).optional()),
});

/** POST /api/social-accounts/telegram: the bot's token from BotFather and the channel it administers. */
export const telegramSchema = z.object({
  botToken: z
    .string({ error: "Enter the bot's token from BotFather." })
    .trim()
    .min(1, "Enter the bot's token from BotFather.")
    .regex(/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, "That is not a bot token: BotFather gives it as 123456789:AAH… when you create the bot."),
  chatId: z
    .string({ error: "Enter the channel's @username or its id." })
    .trim()
    .min(1, "Enter the channel's @username or its id.")
    .regex(/^(@?[A-Za-z][A-Za-z0-9_]{3,31}|-?\d{5,20}|(https?:\/\/)?(www\.)?t(elegram)?\.me\/[A-Za-z][A-Za-z0-9_]{3,31}\/?)$/, "Enter the channel's @username (like @morgandental) or its id (like -1001234567890)."),
});

/** POST /api/social-accounts/discord: a channel's webhook address. */
export const discordSchema = z.object({
  webhookUrl: z
    .string({ error: "Paste the channel's webhook URL." })
    .trim()
    .min(1, "Paste the channel's webhook URL.")
    .max(500, "Paste the channel's webhook URL."),
});

export const listingSchema = z.object({
  platform: platformField,
  url: z.string({ error: "Enter the address of your profile page." }).trim().min(1, "Enter the address of your profile page.").max(2_000, "A profile address is at most 2,000 characters."),
});

export const activeSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false." }),
});
