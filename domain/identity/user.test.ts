import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { UserEvent } from "./events";
import { changeNotificationPreferences, changePassword, completeOnboarding, grantOperator, register, updateProfile, userDecider } from "./user";
import { uniqueUsername, usernameBase } from "./username";

const spec = DeciderSpecification(userDecider);

const registration = {
  userId: "u1",
  workspaceId: "w1",
  email: "jane@example.com",
  username: "jane",
  passwordHash: "hash",
  firstName: "Jane",
  lastName: "Doe",
  company: "Doe Dental",
  selectedPlan: "growth",
  timeZone: "Europe/Paris",
};

const registered: UserEvent[] = [
  {
    type: "UserRegistered",
    data: {
      userId: "u1",
      workspaceId: "w1",
      email: "jane@example.com",
      username: "jane",
      passwordHash: "hash",
      firstName: "Jane",
      lastName: "Doe",
      company: "Doe Dental",
      selectedPlan: "growth",
      timeZone: "Europe/Paris",
    },
  },
];

describe("a user", () => {
  it("when registering, then they are registered", () => spec.given([]).when(register(registration)).then(registered));

  it("given a registered user, when registering again, then it is a conflict: an account with this email already exists", () =>
    spec.given(registered).when(register(registration)).thenFails("Conflict", "An account with this email already exists."));

  it("given a registered user, when the profile is updated with the same values, then nothing happens", () =>
    spec
      .given(registered)
      .when(updateProfile({ username: "jane", email: "jane@example.com", timeZone: "Europe/Paris" }))
      .thenNothingHappens());

  it("given a registered user, when the profile changes, then ProfileUpdated is recorded", () =>
    spec
      .given(registered)
      .when(updateProfile({ username: "janed", email: "jane@example.com", timeZone: "Asia/Tokyo" }))
      .then([{ type: "ProfileUpdated", data: { username: "janed", email: "jane@example.com", timeZone: "Asia/Tokyo" } }]));

  it("given a registered user, when granted operator, then OperatorGranted is recorded", () =>
    spec
      .given(registered)
      .when(grantOperator())
      .then([{ type: "OperatorGranted", data: {} }]));

  it("given an operator, when granted operator again, then nothing happens", () =>
    spec
      .given([...registered, { type: "OperatorGranted", data: {} }])
      .when(grantOperator())
      .thenNothingHappens());

  it("given no user, when onboarding is completed, then the user is not found", () =>
    spec
      .given([])
      .when(completeOnboarding({ timeZone: "UTC" }))
      .thenFails("NotFound", "This user does not exist, or was deleted."));

  it("given no user, when granted operator, then the user is not found", () =>
    spec.given([]).when(grantOperator()).thenFails("NotFound", "This user does not exist, or was deleted."));
});

describe("notification preferences", () => {
  const all = { emailNotifications: true, pushNotifications: false, weeklyReports: true, postReminders: true, failureAlerts: true, reviewAlerts: true, sandboxReviewAlerts: false };

  it("given a new user, turning switches changes them and records all five", () =>
    spec
      .given(registered)
      .when(changeNotificationPreferences({ preferences: { pushNotifications: true, weeklyReports: false } }))
      .then([{ type: "NotificationPreferencesChanged", data: { ...all, pushNotifications: true, weeklyReports: false } }]));

  it("given earlier changes, they are kept for the switches not given", () =>
    spec
      .given([...registered, { type: "NotificationPreferencesChanged", data: { ...all, failureAlerts: false } }])
      .when(changeNotificationPreferences({ preferences: { emailNotifications: false } }))
      .then([{ type: "NotificationPreferencesChanged", data: { ...all, emailNotifications: false, failureAlerts: false } }]));

  it("given the same values, nothing is recorded", () =>
    spec
      .given(registered)
      .when(changeNotificationPreferences({ preferences: { emailNotifications: true } }))
      .thenNothingHappens());

  it("given no user, when preferences change, then the user is not found", () =>
    spec
      .given([])
      .when(changeNotificationPreferences({ preferences: { emailNotifications: false } }))
      .thenFails("NotFound", "This user does not exist, or was deleted."));
});

describe("password change from settings", () => {
  it("records the new hash and where it was changed", () =>
    spec
      .given(registered)
      .when(changePassword({ passwordHash: "new-hash", via: "settings" }))
      .then([{ type: "PasswordChanged", data: { passwordHash: "new-hash", via: "settings" } }]));
});

describe("usernames", () => {
  it("derive from the email's local part", () => {
    expect(usernameBase("Jane.Doe+news@Example.com")).toBe("jane.doe");
    expect(usernameBase("a@b.co")).toBe("auser");
    expect(usernameBase("!!@b.co")).toBe("user");
  });
  it("take the smallest free number", () => {
    expect(uniqueUsername("jane", new Set())).toBe("jane");
    expect(uniqueUsername("jane", new Set(["jane", "jane2"]))).toBe("jane3");
  });
});
