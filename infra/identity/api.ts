import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { InvalidCredentials, NoWorkspaceAccess, NotificationPreferences, TooManyAttempts } from "../../domain/identity";
import { ROLES } from "../../domain/shared";
import { Guard, InvalidRequest, PeopleOnly, PublicEdge, RequestBody, Requires } from "../web/api/guard";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, problem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { PublicUserSchema } from "./public-user";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  notificationPreferencesSchema,
  onboardingSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  workspaceSwitchSchema,
} from "./schemas";

/** Sign-in, sign-up, password reset and invitations carry a few short fields: 16 KB at most (README "Request bodies"). */
export const AUTH_BODY_BYTES = 16_000;
/** A plain form posted to a call (the shell's workspace switch): a handful of short fields, 64 KB at most. */
const FORM_BODY_BYTES = 64_000;

export const InvalidCredentialsProblem = problem(InvalidCredentials, "Wrong email or password", () => new InvalidCredentials());
export const TooManyAttemptsProblem = problem(TooManyAttempts, "Too many attempts", () => new TooManyAttempts({ seconds: 0, scope: "account" }));
export const NoWorkspaceAccessProblem = problem(NoWorkspaceAccess, "No access to the workspace", () => new NoWorkspaceAccess());

/** A signed-in person and the screen to open next. */
const SignedIn = Schema.Struct({ user: PublicUserSchema, redirectTo: Schema.String }).annotate({ identifier: "SignedIn" });
const Message = Schema.Struct({ message: Schema.String }).annotate({ identifier: "Message" });

/** A plain HTML form's post (no script): the same fields, answered with a redirect (303) instead of JSON. */
const Redirect = HttpApiSchema.Empty(303);

/**
 * The operations anyone may call: signing in and up, a forgotten password, signing out. Signing in
 * and up set the session cookie (HttpOnly, SameSite=Lax, 30 days) and clear demo mode's; signing in
 * also sets the known-device cookie (infra/identity/SignIn.ts). The pages /login, /register,
 * /forgot-password and /reset-password post their plain forms to these same operations
 * (src/lib/api/page-form.ts).
 */
export class SignInApi extends HttpApiGroup.make("sign-in")
  .add(
    HttpApiEndpoint.post("login", "/api/auth/login", {
      payload: zodPayload(loginSchema, "SignInForm"),
      success: SignedIn,
      error: [InvalidInputProblem, InvalidCredentialsProblem, TooManyAttemptsProblem, NoWorkspaceAccessProblem],
    })
      .annotate(RequestBody, { maxBytes: AUTH_BODY_BYTES })
      .annotate(
        OpenApi.Description,
        "Signs in: the user, a session cookie and the known-device cookie. 401 \"Invalid email or password.\"; 429 with the wait while the account's or the address's throttle holds; 403 for someone removed from their workspace.",
      ),
    HttpApiEndpoint.post("register", "/api/auth/register", {
      payload: zodPayload(registerSchema, "SignUpForm"),
      success: SignedIn.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(RequestBody, { maxBytes: AUTH_BODY_BYTES })
      .annotate(OpenApi.Description, "Creates the account, its workspace and its trial; 201 with the user and a session cookie. 409 when the email is taken."),
    HttpApiEndpoint.post("forgotPassword", "/api/auth/forgot-password", {
      payload: zodPayload(forgotPasswordSchema, "ForgotPasswordForm"),
      success: Message,
      error: InvalidInputProblem,
    })
      .annotate(RequestBody, { maxBytes: AUTH_BODY_BYTES })
      .annotate(OpenApi.Description, "Mails a one-hour, single-use reset link; the answer never tells whether the email has an account."),
    HttpApiEndpoint.post("resetPassword", "/api/auth/reset-password", {
      payload: zodPayload(resetPasswordSchema, "ResetPasswordForm"),
      success: Schema.Struct({ message: Schema.String, redirectTo: Schema.String }),
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(RequestBody, { maxBytes: AUTH_BODY_BYTES })
      .annotate(OpenApi.Description, "Sets a new password with a valid link; signs out every session of the account."),
    HttpApiEndpoint.post("logout", "/api/auth/logout", {
      payload: [Schema.Struct({}), Schema.Struct({}).pipe(HttpApiSchema.asFormUrlEncoded())],
      success: [Schema.Struct({ ok: Schema.Literal(true), redirectTo: Schema.String }), Redirect],
      error: InvalidInputProblem,
    }).annotate(
      OpenApi.Description,
      'Ends the session on the server and clears its cookie (and demo mode\'s). A plain form\'s post is sent on to "/" (303) with the toast "Logged out successfully".',
    ),
  )
  .middleware(InvalidRequest)
  .middleware(PublicEdge)
  .annotate(OpenApi.Title, "Signing in") {}

const SessionView = Schema.Struct({
  id: Schema.String.annotate({ description: "The public id (not the stored key): DELETE /api/user/sessions/{id} takes it." }),
  device: Schema.String,
  browser: Schema.NullOr(Schema.String),
  os: Schema.NullOr(Schema.String),
  ip: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  lastUsedAt: Schema.String,
  current: Schema.Boolean.annotate({ description: 'The session of this request ("This device").' }),
}).annotate({ identifier: "Session" });

const own = {} as const;

/**
 * The signed-in person's own account: who they are, their profile, notification switches, password,
 * onboarding and sessions. Any signed-in person may do each for themselves (`Requires` {}); Settings
 * and the onboarding page post their plain forms to the same operations.
 */
export class AccountApi extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.get("me", "/api/auth/user", { success: PublicUserSchema }).annotate(
      OpenApi.Description,
      "The signed-in user (or the demo user in demo mode); 401 when signed out.",
    ),
    HttpApiEndpoint.get("profile", "/api/user/profile", {
      success: Schema.Struct({ username: Schema.String, email: Schema.String, timezone: Schema.String }),
    }).annotate(OpenApi.Description, "Username, email and time zone."),
    HttpApiEndpoint.put("updateProfile", "/api/user/profile", {
      payload: zodPayload(profileSchema, "Profile"),
      success: Schema.Struct({ user: PublicUserSchema, message: Schema.String }),
      error: [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, own)
      .annotate(OpenApi.Description, "Saves username, email and time zone; 409 when the username or email is taken.")
      .annotate(PeopleOnly, true),
    HttpApiEndpoint.get("notifications", "/api/user/notifications", { success: NotificationPreferences })
      .annotate(OpenApi.Description, "The seven notification switches.")
      .annotate(PeopleOnly, true),
    HttpApiEndpoint.put("setNotifications", "/api/user/notifications", {
      payload: zodPayload(notificationPreferencesSchema, "NotificationSwitches"),
      success: Schema.Struct({ ...NotificationPreferences.fields, message: Schema.String }),
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, own)
      .annotate(OpenApi.Description, 'Any of the switches (the others stay); answers all seven with "Notification preferences saved.".')
      .annotate(PeopleOnly, true),
    HttpApiEndpoint.post("changePassword", "/api/user/password", {
      payload: zodPayload(changePasswordSchema, "PasswordChange"),
      success: Message,
      error: [InvalidInputProblem, TooManyAttemptsProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, own)
      .annotate(RequestBody, { maxBytes: AUTH_BODY_BYTES })
      .annotate(
        OpenApi.Description,
        'A wrong current password is 400 "Your current password is not correct." (and counts as a failed sign-in); otherwise the new one is saved and every other session signed out.',
      )
      .annotate(PeopleOnly, true),
    HttpApiEndpoint.post("completeOnboarding", "/api/user/onboarding", {
      payload: zodPayload(onboardingSchema, "Onboarding"),
      success: SignedIn,
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, own)
      .annotate(OpenApi.Description, "Saves the time zone and marks onboarding done.")
      .annotate(PeopleOnly, true),
    HttpApiEndpoint.get("sessions", "/api/user/sessions", { success: Schema.Array(SessionView) })
      .annotate(OpenApi.Description, "The person's active sessions, this device first, then the most recently used.")
      .annotate(PeopleOnly, true),
    HttpApiEndpoint.delete("revokeSession", "/api/user/sessions/:id", {
      params: { id: Schema.String },
      success: Message,
      error: NotFoundProblem,
    })
      .annotate(Requires, own)
      .annotate(OpenApi.Description, "Signs out one of the person's sessions (its public id); any other id is 404.")
      .annotate(PeopleOnly, true),
    HttpApiEndpoint.post("revokeOtherSessions", "/api/user/sessions/revoke-others", {
      success: Schema.Struct({ revoked: Schema.Number, message: Schema.String }),
    })
      .annotate(Requires, own)
      .annotate(OpenApi.Description, "Signs out every session of the person but this one.")
      .annotate(PeopleOnly, true),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Your account") {}

const PersonWorkspace = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  role: Schema.Literals(ROLES),
  current: Schema.Boolean.annotate({ description: "The one they work in now." }),
  unread: Schema.Number.annotate({ description: "Unread messages waiting in its social inbox (archived ones left out)." }),
}).annotate({ identifier: "PersonWorkspace" });

/** The workspaces a person belongs to, and moving between them (the shell's switcher, a plain form). */
export class WorkspacesApi extends HttpApiGroup.make("workspaces")
  .add(
    HttpApiEndpoint.get("list", "/api/workspaces", { success: Schema.Array(PersonWorkspace) }).annotate(
      OpenApi.Description,
      "The workspaces the person belongs to: id, name, role, which is the current one, and the unread messages of each one's social inbox.",
    ),
    HttpApiEndpoint.post("switch", "/api/workspaces/switch", {
      payload: [
        zodPayload(workspaceSwitchSchema, "WorkspaceSwitch"),
        zodPayload(workspaceSwitchSchema, "WorkspaceSwitchForm").pipe(HttpApiSchema.asFormUrlEncoded()),
      ],
      success: [Schema.Array(PersonWorkspace), Redirect],
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      // The service checks the person belongs to the workspace they switch to (404 otherwise).
      .annotate(Requires, own)
      .annotate(RequestBody, { maxBytes: FORM_BODY_BYTES })
      .annotate(
        OpenApi.Description,
        "Works in another of the person's workspaces from now on (200 with the list); another workspace answers 404. Sent as a plain form (with `back`, the screen it was on), it answers 303 to that screen.",
      )
      .annotate(PeopleOnly, true),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Workspaces") {}
