import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { actorIdOf, type Caller, type ConcurrencyConflict, type Conflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { APPROVAL_LINK_DAYS, approvalLinkOutcome, createApprovalLink, revokeApprovalLink, TEAM_MESSAGES } from "../../domain/team";
import { hashToken } from "../auth/tokens";
import { config } from "../config";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { postStatusesOf } from "../publishing/queries";
import { approvalLinkToken } from "./link-mails";
import type { ApprovalLink } from "./Team";
import { teamStream } from "./team-stream";

type TeamError = SqlError | ConcurrencyConflict;

/** Links for a client to approve posts awaiting approval without an account, for 14 days, withdrawn at will. Reads go through Team. */
export class ApprovalLinks extends Context.Service<
  ApprovalLinks,
  {
    /** A link for a client to approve posts awaiting approval, for 14 days (POST /api/approval-links). */
    readonly createLink: (caller: Caller, postIds: ReadonlyArray<string>, sendTo?: string) => Effect.Effect<ApprovalLink, InvalidInput | Conflict | TeamError>;
    readonly revokeLink: (caller: Caller, linkId: string) => Effect.Effect<void, NotFound | TeamError>;
  }
>()("app/ApprovalLinks") {
  static layer = Layer.effect(
    ApprovalLinks,
    Effect.gen(function* () {
      const db = yield* Database;
      const { onTeam, workspaceOf } = teamStream(db, yield* EventStore);

      // The e-mail to the client goes from the event (link-mails.ts), its token derived from the link's id.
      const createLink = Effect.fn("Team.createLink")(function* (caller: Caller, postIds: ReadonlyArray<string>, sendTo?: string) {
        const ids = [...new Set(postIds)].filter(isUuid);
        const statuses = yield* postStatusesOf(caller.workspaceId, ids).pipe(Effect.provideService(Database, db));
        const awaiting = ids.filter((id) => statuses.get(id) === "awaiting_approval").length;
        if (ids.length === 0 || awaiting !== ids.length || ids.length !== postIds.length)
          return yield* new InvalidInput({ message: TEAM_MESSAGES.linkPosts, fields: { postIds: TEAM_MESSAGES.linkPosts } });
        const linkId = randomUUID();
        const token = approvalLinkToken(linkId);
        const expiresAt = new Date(caller.now.getTime() + APPROVAL_LINK_DAYS * 86_400_000);
        const workspace = yield* workspaceOf(caller.workspaceId);
        yield* onTeam(
          caller.workspaceId,
          createApprovalLink({
            linkId,
            postIds: ids,
            tokenHash: hashToken(token),
            expiresAt,
            createdBy: actorIdOf(caller.actor) ?? workspace.owner_id,
            ...(sendTo === undefined ? {} : { sentTo: sendTo }),
          }),
          caller,
        );
        const posts = { approved: 0, sentBack: 0, waiting: ids.length };
        const url = `${config().publicUrl}/approve/${token}`;
        return { id: linkId, postIds: ids, createdAt: caller.now.toISOString(), expiresAt: expiresAt.toISOString(), outcome: approvalLinkOutcome(posts, false), posts, url };
      });

      const revokeLink = Effect.fn("Team.revokeLink")(function* (caller: Caller, linkId: string) {
        if (!isUuid(linkId)) return yield* new NotFound({ what: "approval link" });
        const [row] = yield* db.query(
          (sql) => sql<{ id: string }[]>`select id from approval_links where id = ${linkId} and workspace_id = ${caller.workspaceId}`,
        );
        if (!row) return yield* new NotFound({ what: "approval link" });
        yield* onTeam(caller.workspaceId, revokeApprovalLink({ linkId }), caller);
      });

      return { createLink, revokeLink };
    }),
  );
}
