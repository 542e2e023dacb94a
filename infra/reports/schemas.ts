import { z } from "zod";
import { REPORT_MESSAGES } from "../../domain/reports";

/** A report schedule: "off" (a form's way to stop it), weekly or monthly, to a list of addresses. */
export const reportScheduleSchema = z.object({
  frequency: z.string({ error: REPORT_MESSAGES.frequency }),
  recipients: z.union([z.string(), z.array(z.string())]).default(""),
});
