import { Effect } from "effect";
import type { CommandContext } from "../../domain/shared";
import { Registration } from "../identity/Registration";
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
  const registration = yield* Registration;
  const invitation = yield* team.invitation(token, ctx.now);
  return yield* registration.registerInWorkspace(
    { ...form, email: invitation.email },
    { id: invitation.workspaceId, company: invitation.workspaceName, selectedPlan: invitation.selectedPlan },
    ctx,
    (userId, member) => team.join(token, userId, member),
  );
});
