import { z } from "zod";
import { NOTIFICATION_PREFERENCE_KEYS, type NotificationPreferences } from "../../../domain/identity";
import { newPasswordField } from "../auth/schemas";

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

export { NOTIFICATION_SWITCHES, NOTIFICATIONS_SAVED } from "./switches";

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
