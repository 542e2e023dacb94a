import { Effect, Option } from "effect";
import { HttpServerRequest, HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { NOTIFICATIONS_SAVED } from "../../domain/identity/notification-texts";
import { Sessions } from "../auth/Sessions";
import { clientOfRequest, edgeContext, isFormPost } from "../web/api/edge";
import { CurrentCaller, EdgeRequest } from "../web/api/guard";
import { dieOnSqlError } from "../web/api/handlers";
import { changeCookies, DEMO_COOKIE, DEVICE_COOKIE, SESSION_COOKIE } from "../web/cookies";
import { safeNext } from "../web/return-address";
import type { AccountApi, SignInApi, WorkspacesApi } from "./api";
import type { CurrentUser } from "./current-user";
import { publicUser } from "./public-user";
import { Registration } from "./Registration";
import { PASSWORD_CHANGED_DESCRIPTION, FORGOT_PASSWORD_SENT } from "./schemas";
import { sessionViews } from "./session-views";
import { SignIn } from "./SignIn";
import { UserSettings } from "./UserSettings";
import { UnreadMessages } from "./ports";
import { type PersonWorkspace, Workspaces } from "./Workspaces";

/** The signed-in person of a guarded operation (the guard let the request through with them), as the session read them. */
const person = Effect.gen(function* () {
  return (yield* EdgeRequest).user as CurrentUser;
});

/** The operations anyone may call (./api.ts SignInApi). */
export const signInHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof SignInApi>) =>
  handlers
    .handle("login", ({ payload }) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest;
        const client = { ...(yield* clientOfRequest), device: request.cookies[DEVICE_COOKIE] ?? null };
        const { user, token, device } = yield* (yield* SignIn).signIn(payload.email, payload.password, client, new Date());
        yield* changeCookies({ session: token, device, clear: [DEMO_COOKIE] });
        return { user: publicUser(user), redirectTo: "/app/dashboard" };
      }).pipe(dieOnSqlError),
    )
    .handle("register", ({ payload }) =>
      Effect.gen(function* () {
        const ctx = yield* edgeContext;
        const user = yield* (yield* Registration).register({ ...payload, timeZone: payload.timeZone ?? "America/New_York" }, ctx);
        const session = yield* (yield* SignIn).startSession(user.id, yield* clientOfRequest, ctx.now);
        yield* changeCookies({ session: session.token, clear: [DEMO_COOKIE] });
        return { user: publicUser(user), redirectTo: "/app/onboarding" };
      }).pipe(dieOnSqlError),
    )
    .handle("forgotPassword", ({ payload }) =>
      SignIn.use((signIn) => signIn.requestPasswordReset(payload.email, new Date())).pipe(
        Effect.as({ message: FORGOT_PASSWORD_SENT }),
        dieOnSqlError,
      ),
    )
    .handle("resetPassword", ({ payload }) =>
      Effect.gen(function* () {
        yield* (yield* SignIn).resetPassword(payload.token, payload.password, yield* edgeContext);
        return { message: "Your password has been changed. Sign in with the new one.", redirectTo: "/login" };
      }).pipe(dieOnSqlError),
    )
    .handle("logout", () =>
      Effect.gen(function* () {
        const edge = yield* EdgeRequest;
        if (edge.sessionId) yield* (yield* Sessions).revoke(edge.sessionId);
        const form = yield* isFormPost;
        yield* changeCookies({
          clear: [SESSION_COOKIE, DEMO_COOKIE],
          ...(form ? { flash: { title: "Logged out successfully", description: "You've been signed out of your account." } } : {}),
        });
        return form ? HttpServerResponse.redirect("/", { status: 303 }) : { ok: true as const, redirectTo: "/" };
      }).pipe(dieOnSqlError),
    );

/** The signed-in person's own account (./api.ts AccountApi). */
export const accountHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof AccountApi>) =>
  handlers
    .handle("me", () => Effect.map(person, publicUser))
    .handle("profile", () => Effect.map(person, ({ username, email, timeZone }) => ({ username, email, timezone: timeZone })))
    .handle("updateProfile", ({ payload }) =>
      Effect.gen(function* () {
        const { username, email, timezone } = payload;
        const user = yield* (yield* UserSettings).updateProfile((yield* person).id, { username, email, timeZone: timezone }, yield* CurrentCaller);
        return { user: publicUser(user), message: "Profile updated successfully!" };
      }).pipe(dieOnSqlError),
    )
    .handle("notifications", () => Effect.gen(function* () {
      return yield* (yield* UserSettings).notificationPreferences((yield* person).id);
    }).pipe(dieOnSqlError))
    .handle("setNotifications", ({ payload }) =>
      Effect.gen(function* () {
        const saved = yield* (yield* UserSettings).setNotificationPreferences((yield* person).id, payload, yield* CurrentCaller);
        return { ...saved, message: NOTIFICATIONS_SAVED };
      }).pipe(dieOnSqlError),
    )
    .handle("changePassword", ({ payload }) =>
      Effect.gen(function* () {
        const { currentPassword, newPassword } = payload;
        const edge = yield* EdgeRequest;
        yield* (yield* UserSettings).changePasswordWithCurrent((yield* person).id, { currentPassword, newPassword }, edge.sessionId, yield* CurrentCaller);
        return { message: PASSWORD_CHANGED_DESCRIPTION };
      }).pipe(dieOnSqlError),
    )
    .handle("completeOnboarding", ({ payload }) =>
      Effect.gen(function* () {
        const user = yield* (yield* UserSettings).completeOnboarding((yield* person).id, payload.timeZone, yield* CurrentCaller);
        return { user: publicUser(user), redirectTo: "/app/dashboard" };
      }).pipe(dieOnSqlError),
    )
    .handle("sessions", () =>
      Effect.gen(function* () {
        const edge = yield* EdgeRequest;
        return sessionViews(yield* (yield* Sessions).sessionsOf((yield* person).id), edge.sessionId);
      }).pipe(dieOnSqlError),
    )
    .handle("revokeSession", ({ params }) =>
      Effect.gen(function* () {
        yield* (yield* Sessions).revokeSession((yield* person).id, params.id);
        return { message: "Session signed out." };
      }).pipe(dieOnSqlError),
    )
    .handle("revokeOtherSessions", () =>
      Effect.gen(function* () {
        const edge = yield* EdgeRequest;
        const revoked = yield* (yield* Sessions).revokeOtherSessions((yield* person).id, edge.sessionId);
        return { revoked, message: revoked === 1 ? "1 other session signed out." : `${revoked} other sessions signed out.` };
      }).pipe(dieOnSqlError),
    );

/** Each workspace with its unread messages, as the inbox counts them (none when there is no inbox module). */
const withUnread = (workspaces: ReadonlyArray<PersonWorkspace>) =>
  Effect.gen(function* () {
    const inbox = yield* Effect.serviceOption(UnreadMessages);
    const unread = Option.isSome(inbox) ? yield* inbox.value.unreadIn(workspaces.map((w) => w.id)) : new Map<string, number>();
    return workspaces.map((w) => ({ ...w, unread: unread.get(w.id) ?? 0 }));
  });

/** The person's workspaces (./api.ts WorkspacesApi). */
export const workspacesHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof WorkspacesApi>) =>
  handlers
    .handle("list", () => Effect.gen(function* () {
      return yield* withUnread(yield* (yield* Workspaces).ofPerson((yield* person).id));
    }).pipe(dieOnSqlError))
    .handle("switch", ({ payload }) =>
      Effect.gen(function* () {
        const workspaces = yield* Workspaces;
        const { id } = yield* person;
        yield* workspaces.switchTo(id, payload.workspaceId, yield* CurrentCaller);
        // The shell's plain form goes back to the screen it was on.
        if (yield* isFormPost) return HttpServerResponse.redirect(safeNext(payload.back, "/app/dashboard"), { status: 303 });
        return yield* withUnread(yield* workspaces.ofPerson(id));
      }).pipe(dieOnSqlError),
    );
