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

export const listingSchema = z.object({
  platform: platformField,
  url: z.string({ error: "Enter the address of your profile page." }).trim().min(1, "Enter the address of your profile page.").max(2_000, "A profile address is at most 2,000 characters."),
});

export const activeSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false." }),
});
