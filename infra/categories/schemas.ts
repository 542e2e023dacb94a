import { z } from "zod";
import { EVERGREEN_BOUNDS, EVERGREEN_MESSAGES, type EvergreenSettings } from "../../domain/categories/evergreen";
import { CATEGORY_COLORS, CATEGORY_DESCRIPTION_MAX, CATEGORY_MESSAGES, CATEGORY_NAME_MAX } from "../../domain/categories/rules";

/**
 * Category payloads at the HTTP edge (spec engagement §5, §7). The shape and the messages a person
 * reads; the domain normalises the values (trims, `x` → twitter) and checks the platforms.
 */
const name = z
  .string({ error: CATEGORY_MESSAGES.nameRequired })
  .trim()
  .min(1, CATEGORY_MESSAGES.nameRequired)
  .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong);

const description = z
  .string({ error: CATEGORY_MESSAGES.descriptionTooLong })
  .max(CATEGORY_DESCRIPTION_MAX + 100, CATEGORY_MESSAGES.descriptionTooLong)
  .nullish()
  .transform((value) => value ?? undefined);

const color = z.enum(CATEGORY_COLORS, { error: CATEGORY_MESSAGES.color });

const platforms = z
  .array(z.string({ error: CATEGORY_MESSAGES.platforms }).max(40, CATEGORY_MESSAGES.platforms), { error: CATEGORY_MESSAGES.platforms })
  .max(40, CATEGORY_MESSAGES.platforms)
  .nullish()
  .transform((value) => value ?? undefined);

const isDefault = z.boolean({ error: "isDefault must be true or false" });

export const createCategorySchema = z.object({
  name,
  description,
  color: color.nullish().transform((value) => value ?? undefined),
  isDefault: isDefault.optional(),
  platforms,
});

export const updateCategorySchema = z.object({
  name: name.optional(),
  description,
  color: color.optional(),
  isDefault: isDefault.optional(),
  platforms,
  version: z.number({ error: "version must be a whole number" }).int().positive().optional(),
});

const evergreenSetting = (key: keyof EvergreenSettings) =>
  z
    .number({ error: EVERGREEN_MESSAGES[key] })
    .int(EVERGREEN_MESSAGES[key])
    .min(EVERGREEN_BOUNDS[key].min, EVERGREEN_MESSAGES[key])
    .max(EVERGREEN_BOUNDS[key].max, EVERGREEN_MESSAGES[key])
    .optional();

/** PUT /api/categories/{id}/evergreen: on (settings not given stay as they were) or off. */
export const evergreenSchema = z.object({
  enabled: z.boolean({ error: "Say whether the category is evergreen: enabled must be true or false." }),
  everyDays: evergreenSetting("everyDays"),
  minGapDays: evergreenSetting("minGapDays"),
  maxRepeats: evergreenSetting("maxRepeats"),
  version: z.number({ error: "version must be a whole number" }).int().positive().optional(),
});

export type CreateCategoryInput = z.infer<typeof createCategorySchema>;
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;
