import { Effect } from "effect";
import { type CommandContext, Forbidden, personActing } from "../../domain/shared";
import { Database } from "../db/Database";
import type { CurrentUser } from "../identity/current-user";
import { Registration } from "../identity/Registration";
import { Workspaces } from "../identity/Workspaces";
import { Members } from "./Members";
import { Team } from "./Team";

/** What a person gives to join through an invitation link: the address is the invitation's. */
export interface JoinForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly password: string;
  readonly timeZone: string;
}

/**
 * Joining through an invitation link: the person's account in the inviting workspace and their
 * joining, in one transaction; the link is used up (spec engagement §9: single use, 7 days).
 */
export const acceptInvitation = Effect.fn("acceptInvitation")(function* (token: string, form: JoinForm, ctx: CommandContext) {
  const team = yield* Team;
  const members = yield* Members;
  const registration = yield* Registration;
  const invitation = yield* team.invitation(token, ctx.now);
  return yield* registration.registerInWorkspace(
    { ...form, email: invitation.email },
    { id: invitation.workspaceId, company: invitation.workspaceName, selectedPlan: invitation.selectedPlan },
    ctx,
    (userId, member) => members.join(token, userId, member),
  );
});

/**
 * Joining through an invitation link with the account one has (signed in as the invited address):
 * the person joins the team and works in that workspace from now on; their other workspaces stay
 * theirs, a switch away in the shell.
 */
export const acceptInvitationAsPerson = Effect.fn("acceptInvitationAsPerson")(function* (token: string, person: CurrentUser, ctx: CommandContext) {
  const team = yield* Team;
  const members = yield* Members;
  const workspaces = yield* Workspaces;
  const db = yield* Database;
  const invitation = yield* team.invitation(token, ctx.now);
  if (invitation.email !== person.email.trim().toLowerCase())
    return yield* new Forbidden({ message: `This invitation is for ${invitation.email}. Sign in with that address to accept it.` });
  const acting: CommandContext = { ...ctx, actor: personActing(person.id) };
  yield* db.withTransaction(
    Effect.gen(function* () {
      yield* members.join(token, person.id, acting);
      yield* workspaces.switchTo(person.id, invitation.workspaceId, acting);
    }),
  );
  return invitation;
});
