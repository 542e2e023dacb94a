import { Effect } from "effect";
import { type Caller, type CommandContext, NotFound } from "../../domain/shared";
import { workspaceWithOwner } from "../identity/queries";
import { Posts } from "../publishing/Posts";
import { Team } from "./Team";

export interface ClientDecision {
  /** The name the client gives: recorded with the decision (the audit trail and the post's history). */
  readonly name: string;
  readonly approve: boolean;
  /** What to change (required to send a post back). */
  readonly comment?: string;
  /** Confirms publishing now a post whose time has passed. */
  readonly publishNow: boolean;
}

/**
 * A client's decision through their approval link (issue 10: "a client approves without an account"):
 * for a post of the link, as a share-link actor with their name, through the same approval commands
 * as an owner's or admin's.
 */
export const decideThroughLink = Effect.fn("decideThroughLink")(function* (token: string, postId: string, decision: ClientDecision, ctx: CommandContext) {
  const team = yield* Team;
  const posts = yield* Posts;
  const link = yield* team.openLink(token, ctx.now);
  if (!link.postIds.includes(postId)) return yield* new NotFound({ what: "post" });
  const workspace = yield* workspaceWithOwner(link.workspaceId);
  const caller: Caller = {
    ...ctx,
    actor: { kind: "share_link", linkId: link.linkId, name: decision.name },
    workspaceId: link.workspaceId,
    role: "admin",
    plan: workspace?.tier ?? "trial",
    timeZone: workspace?.ownerTimeZone ?? "America/New_York",
  };
  return decision.approve
    ? yield* posts.approve(caller, postId, { publishNow: decision.publishNow })
    : yield* posts.requestChanges(caller, postId, decision.comment ?? "");
});
