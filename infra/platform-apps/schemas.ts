import { z } from "zod";
import { PLATFORM_APP_FIELDS } from "../../domain/platform-apps/rules";

const text = (field: string) => z.string({ error: `${field} must be text.` }).optional();

/** Every platform's extra field, each optional: the service keeps only those of the platform saved. */
const extraFields = Object.fromEntries(
  Object.values(PLATFORM_APP_FIELDS).flatMap((fields) => (fields ?? []).map((field) => [field.name, text(field.label)] as const)),
);

/**
 * `PUT /api/admin/platforms/{platform}`: the shape only; the sentences of a missing or unusable value
 * are the domain's (they depend on what is saved: an empty secret keeps the saved one).
 */
export const platformAppSchema = z.object({
  clientId: text("The client id"),
  clientSecret: text("The client secret"),
  ...extraFields,
});
