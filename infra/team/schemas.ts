import { z } from "zod";
import { CLIENT_LOGO_MESSAGE, CLIENT_NAME_MESSAGE } from "../../domain/identity";
import { BRAND_MESSAGES, INVITABLE_ROLES, TEAM_MESSAGES } from "../../domain/team/rules";

/** Team payloads at the HTTP edge (spec engagement §3, §7): the shape and the sentences a person reads; the domain checks the rest. */

const role = z.enum(INVITABLE_ROLES, { error: TEAM_MESSAGES.roleInvalid });

export const inviteSchema = z.object({
  email: z.string({ error: TEAM_MESSAGES.emailRequired }).max(254, TEAM_MESSAGES.emailInvalid),
  role: role.default("member"),
});

export const roleSchema = z.object({ role });

export const teamSettingsSchema = z.object({ approvalRequired: z.boolean({ error: "approvalRequired is true or false." }) });

/** A client's approval link: the posts (each awaiting approval) and, optionally, the client's address to e-mail it to. */
export const approvalLinkSchema = z.object({
  postIds: z.array(z.string(), { error: TEAM_MESSAGES.linkPosts }).min(1, TEAM_MESSAGES.linkPosts).max(50, TEAM_MESSAGES.linkPosts),
  email: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string({ error: TEAM_MESSAGES.emailInvalid }).optional()),
});

/** The agency's white label: a name, a logo (an https:// address, empty for none) and a preset colour. */
export const brandSchema = z.object({
  name: z.string({ error: BRAND_MESSAGES.name }).max(60, BRAND_MESSAGES.name),
  logoUrl: z.preprocess((v) => (v === "" ? null : v), z.string({ error: BRAND_MESSAGES.logo }).max(500, BRAND_MESSAGES.logo).nullable().default(null)),
  color: z.string({ error: BRAND_MESSAGES.color }),
});

/** What the agency says of a client: its name and logo (an https:// address; empty for none). */
export const clientDetailsSchema = z.object({
  name: z.string({ error: CLIENT_NAME_MESSAGE }).max(100, CLIENT_NAME_MESSAGE),
  logoUrl: z.preprocess((v) => (v === "" ? null : v), z.string({ error: CLIENT_LOGO_MESSAGE }).max(500, CLIENT_LOGO_MESSAGE).nullable().default(null)),
});

/** `granted` from a form ("true"/"false") or JSON. */
const grantedSchema = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: "granted is true or false." }));

export const accessSchema = z.object({ userId: z.uuid({ error: "Choose someone of your team." }), granted: grantedSchema });

/** A client's decision on their approval page: their name, approve or request changes (with what to change). */
export const clientDecisionSchema = z
  .object({
    postId: z.string({ error: "Choose a post of the link." }).max(100, "Choose a post of the link."),
    name: z
      .string({ error: "Please enter your name (2 to 80 characters), so the team knows who decided." })
      .trim()
      .min(2, "Please enter your name (2 to 80 characters), so the team knows who decided.")
      .max(80, "Please enter your name (2 to 80 characters), so the team knows who decided."),
    decision: z.enum(["approve", "request_changes"], { error: "Approve the post or request changes." }),
    comment: z.string({ error: "Say what to change, in up to 1,000 characters." }).trim().max(1000, "Say what to change, in up to 1,000 characters.").default(""),
    publishNow: z.boolean({ error: "publishNow is true or false." }).default(false),
  })
  .refine((d) => d.decision === "approve" || d.comment !== "", { message: "Say what to change, in up to 1,000 characters.", path: ["comment"] });
