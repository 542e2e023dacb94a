import { z } from "zod";
import { INVITABLE_ROLES, TEAM_MESSAGES } from "../../../domain/team/rules";

/** Team payloads at the HTTP edge (spec engagement §3, §7): the shape and the sentences a person reads; the domain checks the rest. */

const role = z.enum(INVITABLE_ROLES, { error: TEAM_MESSAGES.roleInvalid });

export const inviteSchema = z.object({
  email: z.string({ error: TEAM_MESSAGES.emailRequired }).max(254, TEAM_MESSAGES.emailInvalid),
  role: role.default("member"),
});

export const roleSchema = z.object({ role });

export const teamSettingsSchema = z.object({ approvalRequired: z.boolean({ error: "approvalRequired is true or false." }) });

/** Joining through an invitation: with the account's forms, infra/identity/schemas.ts. */
export { joinSchema } from "../../../infra/identity/schemas";
