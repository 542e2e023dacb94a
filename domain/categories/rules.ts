// The catalogue file itself, not the module index: islands import these rules, and the index also
// brings the accounts module's Effect code along.
import { normalizePlatformId, PLATFORM_IDS, type PlatformId } from "../accounts/platforms";

/** The six colours a category may have (spec engagement §3); blue when none is chosen (§5). */
export const CATEGORY_COLORS = ["blue", "green", "purple", "orange", "red", "pink"] as const;
export type CategoryColor = (typeof CATEGORY_COLORS)[number];
export const DEFAULT_CATEGORY_COLOR: CategoryColor = "blue";

export const CATEGORY_NAME_MAX = 50;
export const CATEGORY_DESCRIPTION_MAX = 500;

/** What a person reads when a category field is wrong (the name's is the spec's, engagement §5). */
export const CATEGORY_MESSAGES = {
  nameRequired: "Category name is required",
  nameTooLong: `Category name must be at most ${CATEGORY_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters`,
  color: `Choose one of the colors: ${CATEGORY_COLORS.join(", ")}`,
  platforms: "Choose platforms from the list",
  unknownPlatform: (value: string) => `Unknown platform: ${value.slice(0, 40)}`,
  nameTaken: (name: string) => `A category named "${name}" already exists.`,
} as const;

export const isCategoryColor = (value: unknown): value is CategoryColor =>
  typeof value === "string" && (CATEGORY_COLORS as ReadonlyArray<string>).includes(value);

/** A name as kept: trimmed, inner runs of white space made one space. */
export const normalizeCategoryName = (name: string) => name.trim().replace(/\s+/g, " ");

/** The same name for the one-name-per-workspace rule: letter case does not count. */
export const categoryNameKey = (name: string) => normalizeCategoryName(name).toLowerCase();

/**
 * Platform ids as kept: known ids only (`x` is twitter), each once, in the catalogue's order.
 * Answers the first unknown value instead when there is one.
 */
export const normalizeCategoryPlatforms = (
  values: ReadonlyArray<string>,
): { readonly ok: true; readonly platforms: ReadonlyArray<PlatformId> } | { readonly ok: false; readonly unknown: string } => {
  const chosen = new Set<PlatformId>();
  for (const value of values) {
    const id = normalizePlatformId(value.trim().toLowerCase());
    if (!id) return { ok: false, unknown: value };
    chosen.add(id);
  }
  return { ok: true, platforms: PLATFORM_IDS.filter((id) => chosen.has(id)) };
};

export interface CategoryFieldsInput {
  readonly name?: string;
  readonly description?: string;
  readonly color?: string;
  readonly platforms?: ReadonlyArray<string>;
}

export interface CategoryFields {
  readonly name?: string;
  readonly description?: string;
  readonly color?: CategoryColor;
  readonly platforms?: ReadonlyArray<PlatformId>;
}

/**
 * Checks and normalises the fields given (absent ones stay absent): the clean values, or one
 * message per wrong field.
 */
export const checkCategoryFields = (
  input: CategoryFieldsInput,
): { readonly ok: true; readonly fields: CategoryFields } | { readonly ok: false; readonly errors: Record<string, string> } => {
  const errors: Record<string, string> = {};
  const fields: { -readonly [K in keyof CategoryFields]: CategoryFields[K] } = {};
  if (input.name !== undefined) {
    const name = normalizeCategoryName(input.name);
    if (name === "") errors.name = CATEGORY_MESSAGES.nameRequired;
    else if (name.length > CATEGORY_NAME_MAX) errors.name = CATEGORY_MESSAGES.nameTooLong;
    else fields.name = name;
  }
  if (input.description !== undefined) {
    const description = input.description.trim();
    if (description.length > CATEGORY_DESCRIPTION_MAX) errors.description = CATEGORY_MESSAGES.descriptionTooLong;
    else fields.description = description;
  }
  if (input.color !== undefined) {
    if (isCategoryColor(input.color)) fields.color = input.color;
    else errors.color = CATEGORY_MESSAGES.color;
  }
  if (input.platforms !== undefined) {
    const platforms = normalizeCategoryPlatforms(input.platforms);
    if (platforms.ok) fields.platforms = platforms.platforms;
    else errors.platforms = CATEGORY_MESSAGES.unknownPlatform(platforms.unknown);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields };
};
