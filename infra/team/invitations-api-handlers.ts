import { Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import type { CurrentUser } from "../identity/current-user";
import { publicUser } from "../identity/public-user";
import { SignIn } from "../identity/SignIn";
import { clientOfRequest, edgeContext } from "../web/api/edge";
import { CurrentCaller, EdgeRequest } from "../web/api/guard";
import { dieOnSqlError } from "../web/api/handlers";
import { changeCookies } from "../web/cookies";
import { acceptInvitation, acceptInvitationAsPerson } from "./accept-invitation";
import type { InvitationLinkApi, InvitationsApi } from "./invitations-api";
import { type Invitation, Team } from "./Team";

/** What the link shows of an invitation: not its workspace's id nor its plan. */
const shown = ({ workspaceId: _workspace, selectedPlan: _plan, ...rest }: Invitation) => rest;

/** The invitation link's operations (./invitations-api.ts InvitationLinkApi). */
export const invitationLinkHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof InvitationLinkApi>) =>
  handlers
    .handle("read", ({ params }) => Team.use((team) => team.invitation(params.token, new Date())).pipe(Effect.map(shown), dieOnSqlError))
    .handle("join", ({ params, payload }) =>
      Effect.gen(function* () {
        const ctx = yield* edgeContext;
        const { firstName, lastName, password, timeZone } = payload;
        const user = yield* acceptInvitation(params.token, { firstName, lastName, password, timeZone: timeZone ?? "America/New_York" }, ctx);
        const session = yield* (yield* SignIn).startSession(user.id, yield* clientOfRequest, ctx.now);
        yield* changeCookies({ session: session.token });
        return { user: publicUser(user), redirectTo: "/app/dashboard" };
      }).pipe(dieOnSqlError),
    );

/** Accepting with one's own account (./invitations-api.ts InvitationsApi). */
export const invitationsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof InvitationsApi>) =>
  handlers.handle("accept", ({ params }) =>
    Effect.gen(function* () {
      const person = (yield* EdgeRequest).user as CurrentUser;
      return shown(yield* acceptInvitationAsPerson(params.token, person, yield* CurrentCaller));
    }).pipe(dieOnSqlError),
  );
