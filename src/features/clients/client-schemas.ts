import { z } from "zod";
import { CLIENT_LOGO_MESSAGE, CLIENT_NAME_MESSAGE } from "../../../domain/identity";
import { REPORT_MESSAGES } from "../../../domain/reports";

/** What the agency says of a client: its name and logo (an https:// address; empty for none). */
export const clientDetailsSchema = z.object({
  name: z.string({ error: CLIENT_NAME_MESSAGE }).max(100, CLIENT_NAME_MESSAGE),
  logoUrl: z.preprocess((v) => (v === "" ? null : v), z.string({ error: CLIENT_LOGO_MESSAGE }).max(500, CLIENT_LOGO_MESSAGE).nullable().default(null)),
});

/** `granted` from a form ("true"/"false") or JSON. */
export const grantedSchema = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: "granted is true or false." }));

export const accessSchema = z.object({ userId: z.uuid({ error: "Choose someone of your team." }), granted: grantedSchema });

/** A report schedule: "off" (a form's way to stop it), weekly or monthly, to a list of addresses. */
export const reportScheduleSchema = z.object({
  frequency: z.string({ error: REPORT_MESSAGES.frequency }),
  recipients: z.union([z.string(), z.array(z.string())]).default(""),
});

/** The agency's client pages and calls: on a plan with client management, for those who manage clients. */
export const MANAGE_CLIENTS = { permission: "manage_clients", feature: "client_management" } as const;
