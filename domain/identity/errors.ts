import { Schema } from "effect";

/** Wrong email or password (HTTP 401); never says which. */
export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()("InvalidCredentials", {}) {
  static readonly status = 401;
  static readonly code = "invalid_credentials";
  override get message() {
    return "Invalid email or password.";
  }
}

/** Too many failed sign-ins for one email (HTTP 429). */
export class TooManyAttempts extends Schema.TaggedError<TooManyAttempts>()("TooManyAttempts", {
  minutes: Schema.Number,
}) {
  static readonly status = 429;
  static readonly code = "too_many_attempts";
  override get message() {
    return `Too many sign-in attempts. Try again in ${this.minutes} minute${this.minutes === 1 ? "" : "s"}.`;
  }
}

/** The right password of someone removed from their workspace's team (HTTP 403): they are told, not let in. */
export class NoWorkspaceAccess extends Schema.TaggedError<NoWorkspaceAccess>()("NoWorkspaceAccess", {}) {
  static readonly status = 403;
  static readonly code = "no_workspace_access";
  override get message() {
    return "You no longer have access to this workspace. Ask its owner or an admin to invite you again.";
  }
}

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MINUTES = 15;
export const RESET_LINK_MINUTES = 60;
export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists.";
export const USERNAME_TAKEN_MESSAGE = "This username is already taken.";
export const RESET_LINK_INVALID_MESSAGE = "This reset link is invalid or has expired. Request a new one.";
