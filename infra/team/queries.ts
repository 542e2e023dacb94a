import { Effect } from "effect";
import { Database } from "../db/Database";
import type { Brand } from "./Team";

/**
 * What other modules read of the team's settings (the white label's brand), as the team module
 * answers it: they call these instead of selecting from its tables. Each needs only the database.
 */

// Read by inbox, reviews, feeds, listening, reports, billing, audit

/** The brand each of these workspaces set, by workspace (one that set none is left out; whether its plan shows it is the caller's question). */
export const brandsOf = (workspaceIds: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ workspace_id: string; name: string; logo_url: string | null; color: string }[]>`
        select workspace_id, name, logo_url, color from brands where workspace_id = any(${workspaceIds as string[]}::uuid[])`,
    ),
  ).pipe(Effect.map((rows) => new Map(rows.map((row): [string, Brand] => [row.workspace_id, { name: row.name, logoUrl: row.logo_url, color: row.color }]))));
