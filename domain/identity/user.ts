import { Effect } from "effect";
import { Conflict, type Decider, NotFound } from "../shared";
import type { NotificationPreferences, UserEvent } from "./events";

/** The switches a new user starts with (the notification_preferences defaults). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  pushNotifications: false,
  weeklyReports: true,
  postReminders: true,
  failureAlerts: true,
  reviewAlerts: true,
  sandboxReviewAlerts: false,
};

export const NOTIFICATION_PREFERENCE_KEYS = [
  "emailNotifications",
  "pushNotifications",
  "weeklyReports",
  "postReminders",
  "failureAlerts",
  "reviewAlerts",
  "sandboxReviewAlerts",
] as const satisfies ReadonlyArray<keyof NotificationPreferences>;

export interface UserState {
  readonly exists: boolean;
  readonly email: string;
  readonly username: string;
  readonly timeZone: string;
  readonly isOperator: boolean;
  readonly onboarded: boolean;
  readonly notifications: NotificationPreferences;
}

export const userDecider: Decider<UserState, UserEvent> = {
  initialState: () => ({
    exists: false,
    email: "",
    username: "",
    timeZone: "America/New_York",
    isOperator: false,
    onboarded: false,
    notifications: DEFAULT_NOTIFICATION_PREFERENCES,
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case "UserRegistered":
        return {
          ...state,
          exists: true,
          email: event.data.email,
          username: event.data.username,
          timeZone: event.data.timeZone,
        };
      case "ProfileUpdated":
        return { ...state, email: event.data.email, username: event.data.username, timeZone: event.data.timeZone };
      case "OperatorGranted":
        return { ...state, isOperator: true };
      case "OnboardingCompleted":
        return { ...state, onboarded: true, timeZone: event.data.timeZone };
      case "WorkspaceSwitched":
        return state;
      case "PasswordChanged":
        return state;
      case "NotificationPreferencesChanged":
        return { ...state, notifications: { ...event.data } };
    }
  },
};

/** Decides for an existing user only; a command for an unknown user is NotFound. */
const forExisting = (state: UserState, decide: () => ReadonlyArray<UserEvent>) =>
  state.exists ? Effect.succeed(decide()) : Effect.fail(new NotFound({ what: "user" }));

export interface RegisterUser {
  readonly userId: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly username: string;
  readonly passwordHash: string | null;
  readonly firstName: string;
  readonly lastName: string;
  readonly company: string;
  readonly selectedPlan: string;
  readonly timeZone: string;
}

/** A person's registration; their workspace (and its trial) is created with it (see workspace.ts). */
export const register = (command: RegisterUser) => (state: UserState) =>
  state.exists
    ? Effect.fail(new Conflict({ message: "An account with this email already exists." }))
    : Effect.succeed<ReadonlyArray<UserEvent>>([
        {
          type: "UserRegistered",
          data: {
            userId: command.userId,
            workspaceId: command.workspaceId,
            email: command.email,
            username: command.username,
            passwordHash: command.passwordHash,
            firstName: command.firstName,
            lastName: command.lastName,
            company: command.company,
            selectedPlan: command.selectedPlan,
            timeZone: command.timeZone,
          },
        },
      ]);

export const updateProfile = (command: { readonly username: string; readonly email: string; readonly timeZone: string }) => (state: UserState) =>
  forExisting(state, () =>
    state.username === command.username && state.email === command.email && state.timeZone === command.timeZone
      ? []
      : [{ type: "ProfileUpdated", data: { ...command } }],
  );

export const changePassword = (command: { readonly passwordHash: string; readonly via: "settings" | "reset" }) => (state: UserState) =>
  forExisting(state, () => [{ type: "PasswordChanged", data: { ...command } }]);

export const grantOperator = () => (state: UserState) => forExisting(state, () => (state.isOperator ? [] : [{ type: "OperatorGranted", data: {} }]));

/** Into another workspace the person belongs to (the service checks they do); nothing when it is the current one. */
export const switchWorkspace = (command: { readonly workspaceId: string; readonly currentWorkspaceId: string }) => (state: UserState) =>
  forExisting(state, () =>
    command.workspaceId === command.currentWorkspaceId ? [] : [{ type: "WorkspaceSwitched", data: { workspaceId: command.workspaceId } }],
  );

export const completeOnboarding = (command: { readonly timeZone: string }) => (state: UserState) =>
  forExisting(state, () => [{ type: "OnboardingCompleted", data: { ...command } }]);

/** Sets the switches given (the others stay); records all of them, and nothing when none changed. */
export const changeNotificationPreferences = (command: { readonly preferences: Partial<NotificationPreferences> }) => (state: UserState) =>
  forExisting(state, () => {
    const { notifications: was } = state;
    const { preferences: asked } = command;
    const next = Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, asked[key] ?? was[key]])) as unknown as NotificationPreferences;
    return NOTIFICATION_PREFERENCE_KEYS.every((key) => next[key] === state.notifications[key]) ? [] : [{ type: "NotificationPreferencesChanged", data: next }];
  });
