import { Schema } from "effect";
import { MAX_SIGN_IN_WAIT_MINUTES, waitText } from "./sign-in-throttle";

/** Wrong email or password (HTTP 401); never says which. */
export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()("InvalidCredentials", {}) {
  static readonly status = 401;
  static readonly code = "invalid_credentials";
  override get message() {
    return "Invalid email or password.";
  }
}

/**
 * An attempt refused before its password is checked (HTTP 429): the account's bucket is waiting
 * (growing waits after MAX_FAILED_LOGINS failures) or the client address has too many failures.
 */
export class TooManyAttempts extends Schema.TaggedError<TooManyAttempts>()("TooManyAttempts", {
  seconds: Schema.Number,
  scope: Schema.Literals(["account", "address"]),
}) {
  static readonly status = 429;
  static readonly code = "too_many_attempts";
  override get message() {
    return this.scope === "address"
      ? `Too many sign-in attempts from your network. Try again in ${waitText(this.seconds)}.`
      : `Too many sign-in attempts. Try again in ${waitText(this.seconds)}, or reset your password. Each further wrong password doubles the wait (up to ${MAX_SIGN_IN_WAIT_MINUTES} minutes).`;
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

export const RESET_LINK_MINUTES = 60;
export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists.";
export const USERNAME_TAKEN_MESSAGE = "This username is already taken.";
export const RESET_LINK_INVALID_MESSAGE = "This reset link is invalid or has expired. Request a new one.";
