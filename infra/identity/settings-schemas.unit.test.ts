import { describe, expect, it } from "vitest";
import { fieldErrors } from "../web/http-fields";
import { changePasswordSchema, notificationPreferencesFromForm, notificationPreferencesSchema } from "./schemas";

describe("settings payloads", () => {
  it("a password change needs the current one and a new one of 8 or more, confirmed (the registration's messages)", () => {
    const errors = (input: unknown) => {
      const parsed = changePasswordSchema.safeParse(input);
      return parsed.success ? {} : fieldErrors(parsed.error);
    };
    expect(errors({})).toEqual({
      currentPassword: "Please enter your current password.",
      newPassword: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
    });
    expect(errors({ currentPassword: "old", newPassword: "short", confirmPassword: "short" })).toEqual({
      newPassword: "Password must be at least 8 characters",
    });
    expect(errors({ currentPassword: "old", newPassword: "long enough", confirmPassword: "long enougH" })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(errors({ currentPassword: "old", newPassword: "long enough", confirmPassword: "long enough" })).toEqual({});
  });

  it("notification preferences take any of the seven booleans", () => {
    expect(notificationPreferencesSchema.parse({ weeklyReports: false })).toEqual({ weeklyReports: false });
    expect(notificationPreferencesSchema.safeParse({ weeklyReports: "false" }).success).toBe(false);
  });

  it("a posted form sets ticked switches on and the others off", () => {
    expect(notificationPreferencesFromForm({ _form: "notifications", pushNotifications: "on", failureAlerts: "on" })).toEqual({
      emailNotifications: false,
      pushNotifications: true,
      weeklyReports: false,
      postReminders: false,
      failureAlerts: true,
      reviewAlerts: false,
      sandboxReviewAlerts: false,
    });
  });
});
