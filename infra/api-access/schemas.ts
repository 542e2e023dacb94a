import { z } from "zod";
import { API_KEY_ACCESS, API_KEY_MESSAGES, API_KEY_NAME_MAX } from "../../domain/api-access/rules";

/** `POST /api/api-keys`: the shape and the sentences a person reads (the domain trims the name and checks the expiry against its clock). */
export const newApiKeySchema = z.object({
  name: z.string({ error: API_KEY_MESSAGES.nameRequired }).trim().min(1, API_KEY_MESSAGES.nameRequired).max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  access: z.enum(API_KEY_ACCESS, { error: API_KEY_MESSAGES.access }),
  requireApproval: z.boolean({ error: "requireApproval must be true or false." }).optional(),
  expiresAt: z.iso
    .datetime({ offset: true, error: API_KEY_MESSAGES.expiresAt })
    .nullish()
    .transform((value) => (value ? new Date(value) : null)),
});
