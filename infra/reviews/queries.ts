import { Effect } from "effect";
import type { ReviewFact } from "../../domain/reports";
import { Database } from "../db/Database";

/**
 * What other modules read of the reviews, as the reviews module answers it: they call these instead
 * of selecting from its tables. Each needs only the database.
 */

/**
 * The reviews of a workspace written in local days `first` to `last` of `timeZone` (a client's report), with how long after each was
 * answered. `responded_at` is the latest response's time: an edited response counts from its edit.
 */
export const reviewsWrittenIn = (workspaceId: string, days: { readonly first: string; readonly last: string; readonly timeZone: string }) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ rating: number; responded_after_ms: number | null }[]>`
        select rating, (extract(epoch from responded_at - reviewed_at) * 1000)::float8 as responded_after_ms
        from reviews
        where workspace_id = ${workspaceId}
          and reviewed_at >= (${days.first}::date)::timestamp at time zone ${days.timeZone}
          and reviewed_at < (${days.last}::date + 1)::timestamp at time zone ${days.timeZone}`,
    ),
  ).pipe(
    // A response stamped before the review (the site's clock against ours) waited nothing.
    Effect.map((rows) =>
      rows.map((row): ReviewFact => ({ rating: row.rating, respondedAfterMs: row.responded_after_ms === null ? null : Math.max(0, row.responded_after_ms) })),
    ),
  );
