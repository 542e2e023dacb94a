/**
 * The identity module's request schemas (sign-in, sign-up, password reset, the person's own
 * settings): the declared operations (./api.ts) read them, and so do the pages whose forms post
 * to those operations. Zod at the edge, its messages the spec's field messages.
 */
import { z } from "zod";
import { DEFAULT_PLAN, PLAN_IDS } from "../../domain/plans";
import { canonicalTimeZone, NOTIFICATION_PREFERENCE_KEYS, type NotificationPreferences } from "../../domain/identity";
import { isUuid } from "../../domain/shared";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./password-strength";

/** A string field whose missing, wrong-typed and too-short values all read the spec's one message. */
const atLeast = (min: number, message: string, max = 100) =>
  z.string({ error: message }).trim().min(min, message).max(max, `Please use at most ${max} characters.`);

/** An IANA zone, stored under its canonical name ("US/Pacific" → "America/Los_Angeles"). */
export const timeZoneField = z.string({ error: "Choose a time zone." }).transform((zone, ctx) => {
  const canonical = canonicalTimeZone(zone);
  if (canonical === null) ctx.addIssue({ code: "custom", message: "Choose a time zone from the list." });
  return canonical ?? zone;
});

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));

/**
 * The rules of every new password (sign-up, joining a team, reset, Settings' change): at least 8
 * characters, at most 256, and not one of the common ones (the length's message comes first).
 */
export const newPasswordField = z
  .string({ error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  .max(256, "Please use at most 256 characters.")
  .refine((password) => password.length < 8 || password.length > 256 || !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);

/** The person's name and a new password, as sign-up asks them (and joining a team through an invitation). */
export const personFields = {
  firstName: atLeast(2, "First name must be at least 2 characters"),
  lastName: atLeast(2, "Last name must be at least 2 characters"),
  password: newPasswordField,
  confirmPassword: z.string({ error: "Passwords don't match" }),
};

export const passwordsMatch: [(data: { password: string; confirmPassword: string }) => boolean, { message: string; path: string[] }] = [
  (data) => data.password === data.confirmPassword,
  { message: "Passwords don't match", path: ["confirmPassword"] },
];

export const registerSchema = z
  .object({
    firstName: personFields.firstName,
    lastName: personFields.lastName,
    email: email("Please enter a valid email address"),
    company: atLeast(2, "Company name must be at least 2 characters", 200),
    password: personFields.password,
    confirmPassword: personFields.confirmPassword,
    selectedPlan: z.enum(PLAN_IDS, { error: "Please choose a plan." }).default(DEFAULT_PLAN),
    timeZone: timeZoneField.optional().catch(undefined),
  })
  .refine(...passwordsMatch);

export const loginSchema = z.object({
  email: email("Please enter a valid email address"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

export const profileSchema = z.object({
  username: atLeast(3, "Username must be at least 3 characters", 30).regex(/^[A-Za-z0-9._-]+$/, "Use only letters, digits, dots, dashes and underscores."),
  email: email("Invalid email address"),
  timezone: timeZoneField,
});

export const forgotPasswordSchema = z.object({
  email: email("Please enter a valid email address"),
});

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is invalid or has expired. Request a new one." }).min(1),
    password: newPasswordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const onboardingSchema = z.object({
  timeZone: timeZoneField,
});

export const FORGOT_PASSWORD_SENT = "If an account exists for that email, we've sent a link to reset the password. It works once, within 1 hour.";

const toggle = z.boolean({ error: "Use true or false." }).optional();

/** PUT /api/user/notifications: any of the seven switches (spec core §2, §3); the others stay. */
export const notificationPreferencesSchema = z.object({
  emailNotifications: toggle,
  pushNotifications: toggle,
  weeklyReports: toggle,
  postReminders: toggle,
  failureAlerts: toggle,
  reviewAlerts: toggle,
  sandboxReviewAlerts: toggle,
});

/** A posted notifications form: a checkbox is sent only when ticked, so all seven are read. */
export const notificationPreferencesFromForm = (form: Record<string, string>): NotificationPreferences =>
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, key in form])) as unknown as NotificationPreferences;

/** POST /api/user/password and the Security form: the registration's rules for the new one. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password." }).min(1, "Please enter your current password.").max(256),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((data) => data.newPassword === data.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const PASSWORD_CHANGED = "Password changed";
export const PASSWORD_CHANGED_DESCRIPTION = "Your new password is saved. Your other devices were signed out.";

/**
 * POST /api/workspaces/switch: the workspace to work in. The shell's plain form also sends `back`,
 * the screen it was on (the answer is a redirect there, through the one gate of return addresses).
 */
export const workspaceSwitchSchema = z.object({
  workspaceId: z.uuid({ error: "Choose a workspace." }),
  back: z.string().optional(),
});

/** Joining a team through an invitation (POST /api/invitations/{token}): an account whose address is the invitation's. */
export const joinSchema = z.object({ ...personFields, timeZone: timeZoneField.optional().catch(undefined) }).refine(...passwordsMatch);

const blankIsNoneAcross = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * Reading across an agency's workspaces: `workspaces=all` (the agency's own and each client the person
 * is in the team of), and `workspace` for one of them (the inbox, posts awaiting approval).
 */
export const acrossWorkspacesShape = {
  workspaces: z.preprocess(blankIsNoneAcross, z.enum(["all"], { error: "workspaces is all, or left out for the workspace you work in." }).optional()),
  workspace: z.preprocess(
    blankIsNoneAcross,
    z
      .string()
      .refine((v) => isUuid(v), "Choose one of your workspaces.")
      .optional(),
  ),
};
