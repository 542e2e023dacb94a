import { Effect } from "effect";
import type { MessageFact } from "../../domain/reports";
import { Database } from "../db/Database";

/**
 * What other modules read of the inbox, as the inbox module answers it: they call these instead of
 * selecting from its tables. Each needs only the database.
 */

/**
 * The messages people sent a workspace in local days `first` to `last` of `timeZone` (a client's
 * report; not the conversations the workspace started), with how long after each the first reply
 * the platform accepted went out.
 */
export const messagesSentIn = (workspaceId: string, days: { readonly first: string; readonly last: string; readonly timeZone: string }) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ replied_after_ms: number | null }[]>`
        select (extract(epoch from r.first_sent - m.sent_at) * 1000)::float8 as replied_after_ms
        from inbox_messages m
        left join lateral (select min(r.sent_at) as first_sent from inbox_replies r where r.message_id = m.id and r.status = 'sent') r on true
        where m.workspace_id = ${workspaceId} and not m.outgoing
          and m.sent_at >= (${days.first}::date)::timestamp at time zone ${days.timeZone}
          and m.sent_at < (${days.last}::date + 1)::timestamp at time zone ${days.timeZone}`,
    ),
  ).pipe(
    // A reply stamped before the message (the platform's clock against ours) waited nothing.
    Effect.map((rows) => rows.map((row): MessageFact => ({ repliedAfterMs: row.replied_after_ms === null ? null : Math.max(0, row.replied_after_ms) }))),
  );
