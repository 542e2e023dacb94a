import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { actorIdOf, type Caller, type ConcurrencyConflict, type Conflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { APPROVAL_LINK_DAYS, approvalLinkOutcome, createApprovalLink, revokeApprovalLink, TEAM_MESSAGES } from "../../domain/team";
import { generateToken, hashToken } from "../auth/tokens";
import { config } from "../config";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { brandedHtml, PRODUCT_BRAND } from "../mail/branded";
import { Mailer } from "../mail/Mailer";
import { type ApprovalLink, Team } from "./Team";
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
      const mailer = yield* Mailer;
      const team = yield* Team;
      const { onTeam, workspaceOf } = teamStream(db, yield* EventStore);

      const createLink = Effect.fn("Team.createLink")(function* (caller: Caller, postIds: ReadonlyArray<string>, sendTo?: string) {
        const ids = [...new Set(postIds)].filter(isUuid);
        const [{ awaiting }] = yield* db.query(
          (sql) => sql<{ awaiting: number }[]>`
            select count(*)::int as awaiting from posts
            where workspace_id = ${caller.workspaceId} and id = any(${ids}::uuid[]) and status = 'awaiting_approval' and deleted_at is null`,
        );
        if (ids.length === 0 || awaiting !== ids.length || ids.length !== postIds.length)
          return yield* new InvalidInput({ message: TEAM_MESSAGES.linkPosts, fields: { postIds: TEAM_MESSAGES.linkPosts } });
        const token = generateToken();
        const linkId = randomUUID();
        const expiresAt = new Date(caller.now.getTime() + APPROVAL_LINK_DAYS * 86_400_000);
        const workspace = yield* workspaceOf(caller.workspaceId);
        const url = `${config().publicUrl}/approve/${token}`;
        yield* db.withTransaction(
          Effect.gen(function* () {
            const { events } = yield* onTeam(
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
            const sentTo = events[0]?.type === "ApprovalLinkCreated" ? events[0].data.sentTo : undefined;
            if (sentTo) yield* mailLink(caller, workspace.name, sentTo, ids.length, url, expiresAt);
          }),
        );
        const posts = { approved: 0, sentBack: 0, waiting: ids.length };
        return { id: linkId, postIds: ids, createdAt: caller.now.toISOString(), expiresAt: expiresAt.toISOString(), outcome: approvalLinkOutcome(posts, false), posts, url };
      });

      /** The link e-mailed to the client: from the agency's white label where it has one, else from the product. */
      const mailLink = (caller: Caller, workspaceName: string, to: string, posts: number, url: string, expiresAt: Date) =>
        Effect.gen(function* () {
          const brand = (yield* team.brandOf(caller.workspaceId)) ?? PRODUCT_BRAND;
          const asker = brand === PRODUCT_BRAND ? workspaceName : brand.name;
          const until = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: caller.timeZone }).format(expiresAt);
          const what = `${posts} ${posts === 1 ? "post awaits" : "posts await"} your approval`;
          const paragraphs = [
            "Hello,",
            `${asker} would like your approval before ${posts === 1 ? "this post goes" : "these posts go"} out. Open the link to see ${posts === 1 ? "it" : "them"} as ${posts === 1 ? "it" : "they"} will appear, then approve or ask for changes: no account needed.`,
            `The link works until ${until}.`,
          ];
          yield* mailer.queue({
            to,
            subject: `${asker}: ${what}`,
            text: [...paragraphs.flatMap((p) => [p, ""]), `Review the posts: ${url}`, "", brand.name].join("\n"),
            html: brandedHtml(brand, { title: what.charAt(0).toUpperCase() + what.slice(1), paragraphs, action: { label: "Review the posts", url } }),
            fromName: brand.name,
          });
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
