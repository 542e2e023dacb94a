import { z } from "zod";
import { isUuid } from "../../domain/shared";
import { isCalendarDate } from "../../domain/shared/calendar-days";

/** An empty field is no filter (the page's form sends every field). */
const blankIsNone = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const day = z.preprocess(blankIsNone, z.string().refine(isCalendarDate, "Enter a date as YYYY-MM-DD.").optional());

/**
 * The audit trail's filter, from a query string (the page's form and GET /api/audit alike), given
 * the kinds of change the app's modules declare (the list of modules, which this module cannot import).
 */
export const auditFilterSchemaOf = (isAuditKind: (kind: string) => boolean) =>
  z
    .object({
      person: z.preprocess(
        blankIsNone,
        z
          .string()
          .refine((v) => v === "system" || isUuid(v), "Choose a person from the list.")
          .optional(),
      ),
      kind: z.preprocess(blankIsNone, z.string().refine(isAuditKind, "Choose a kind of change from the list.").optional()),
      from: day,
      to: day,
      client: z.preprocess(blankIsNone, z.string().refine(isUuid, "Choose a client from the list.").optional()),
      before: z.preprocess(blankIsNone, z.string().max(200, "This page link is not valid any more. Start from the newest.").optional()),
    })
    .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "The end date must be on or after the start date.", path: ["to"] });
