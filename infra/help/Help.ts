import { Context, Effect, Layer } from "effect";
import { helpVoteDecider, helpVoteStreamId, type HelpVotes, NO_VOTES, voteOnHelpArticle } from "../../domain/help";
import { actorIdOf, type Caller, type ConcurrencyConflict, Forbidden } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";

/**
 * The help centre's votes (issue 14): "Was this article helpful?", one answer per person and
 * article, changeable. The articles themselves are the repository's files (src/features/help-center).
 */
export class Help extends Context.Service<
  Help,
  {
    /** Every voted article's counts, with the person's own answers when one is given. */
    readonly votes: (userId: string | null) => Effect.Effect<ReadonlyMap<string, HelpVotes>, SqlError>;
    /** Records the caller's answer on a known article (the edge checks it exists) and gives its counts after. */
    readonly vote: (caller: Caller, articleId: string, helpful: boolean) => Effect.Effect<HelpVotes, Forbidden | SqlError | ConcurrencyConflict>;
  }
>()("app/Help") {
  static layer = Layer.effect(
    Help,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      const rows = (userId: string | null, articleId?: string) =>
        db.query(
          (sql) => sql<{ article_id: string; helpful: number; not_helpful: number; your_vote: boolean | null }[]>`
            select article_id,
              count(*) filter (where helpful)::int as helpful,
              count(*) filter (where not helpful)::int as not_helpful,
              bool_or(helpful) filter (where user_id = ${userId}) as your_vote
            from help_votes
            ${articleId === undefined ? sql`` : sql`where article_id = ${articleId}`}
            group by article_id`,
        );

      const votes = Effect.fn("Help.votes")(function* (userId: string | null) {
        const found = yield* rows(userId);
        return new Map(found.map((r) => [r.article_id, { helpful: r.helpful, notHelpful: r.not_helpful, yourVote: r.your_vote }]));
      });

      const vote = Effect.fn("Help.vote")(function* (caller: Caller, articleId: string, helpful: boolean) {
        const userId = actorIdOf(caller.actor);
        if (userId === null) return yield* new Forbidden({ message: "Sign in to say whether an article helped." });
        yield* handleCommand(helpVoteStreamId(userId, articleId), helpVoteDecider, voteOnHelpArticle({ articleId, userId, helpful }), {
          ctx: caller,
          workspaceId: caller.workspaceId,
        }).pipe(Effect.provideService(EventStore, store));
        const [row] = yield* rows(userId, articleId);
        return row ? { helpful: row.helpful, notHelpful: row.not_helpful, yourVote: row.your_vote } : NO_VOTES;
      });

      return { votes, vote };
    }),
  );
}
