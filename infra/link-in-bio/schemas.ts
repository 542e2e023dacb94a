import { z } from "zod";
import { BIO_LINK_TYPES, BIO_PERIODS, BIO_SOCIAL_PLATFORMS, BIO_THEMES, BIO_MESSAGES } from "../../domain/link-in-bio/rules";

const socialLink = z.object({
  platform: z.enum(BIO_SOCIAL_PLATFORMS, { error: "Choose a social network." }),
  url: z.string({ error: BIO_MESSAGES.socialUrlInvalid }).max(2_000, BIO_MESSAGES.socialUrlInvalid),
  isVisible: z.boolean({ error: "isVisible is true or false." }).default(true),
});

/** PUT /api/link-in-bio {username, title, bio, profileImage, theme, isPublished, socialLinks}: any of them. */
export const editBioPageSchema = z.object({
  username: z.string({ error: BIO_MESSAGES.usernameRequired }).max(200, BIO_MESSAGES.usernameLength).optional(),
  title: z.string({ error: BIO_MESSAGES.titleRequired }).max(1_000, BIO_MESSAGES.titleTooLong).optional(),
  bio: z.string({ error: "The bio is text." }).max(5_000, BIO_MESSAGES.bioTooLong).optional(),
  profileImage: z.string({ error: BIO_MESSAGES.profileImageInvalid }).max(2_000, BIO_MESSAGES.profileImageInvalid).nullish(),
  theme: z.enum(BIO_THEMES, { error: `Choose a theme: ${BIO_THEMES.join(", ")}.` }).optional(),
  isPublished: z.boolean({ error: "isPublished is true or false." }).optional(),
  socialLinks: z.array(socialLink, { error: "socialLinks is a list." }).max(20, "Add at most 20 social links.").optional(),
});

const linkType = z.enum(BIO_LINK_TYPES, { error: `Choose a link type: ${BIO_LINK_TYPES.join(", ")}.` });

/** POST /api/link-in-bio/links {title, url, type, isVisible}. */
export const addBioLinkSchema = z.object({
  title: z.string({ error: BIO_MESSAGES.linkTitleRequired }).max(1_000, BIO_MESSAGES.linkTitleTooLong).default(""),
  url: z.string({ error: BIO_MESSAGES.urlRequired }).max(4_000, BIO_MESSAGES.urlInvalid).default(""),
  type: linkType.default("link"),
  isVisible: z.boolean({ error: "isVisible is true or false." }).default(true),
});

/** PUT /api/link-in-bio/links/{id}: any of its fields, and `order` (its 0-based place among the links). */
export const editBioLinkSchema = z.object({
  title: z.string({ error: BIO_MESSAGES.linkTitleRequired }).max(1_000, BIO_MESSAGES.linkTitleTooLong).optional(),
  url: z.string({ error: BIO_MESSAGES.urlRequired }).max(4_000, BIO_MESSAGES.urlInvalid).optional(),
  type: linkType.optional(),
  isVisible: z.boolean({ error: "isVisible is true or false." }).optional(),
  order: z.number({ error: "order is a whole number from 0." }).int("order is a whole number from 0.").min(0, "order is a whole number from 0.").optional(),
});

/** GET /api/link-in-bio/analytics?period=7d|30d|90d (30d when not given). */
export const bioAnalyticsQuery = z.object({
  period: z.enum(BIO_PERIODS, { error: "Choose a period: 7d, 30d or 90d." }).default("30d"),
});
