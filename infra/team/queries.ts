import { Effect } from "effect";
import { hasFeature } from "../../domain/plans";
import { isUuid } from "../../domain/shared";
import { Database } from "../db/Database";
import { subscriberOf } from "../identity/queries";
import type { Brand } from "./Team";

/**
 * What other modules (and the team's own reactions) read of the team, as the team module answers
 * it: they call these instead of selecting from its tables. Each needs only the database.
 */

/** The brand each of these workspaces set, by workspace (one that set none is left out; whether its plan shows it is the caller's question). */
export const brandsOf = (workspaceIds: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ workspace_id: string; name: string; logo_url: string | null; color: string }[]>`
        select workspace_id, name, logo_url, color from brands where workspace_id = any(${workspaceIds.filter(isUuid)}::uuid[])`,
    ),
  ).pipe(Effect.map((rows) => new Map(rows.map((row): [string, Brand] => [row.workspace_id, { name: row.name, logoUrl: row.logo_url, color: row.color }]))));

const brandSetBy = (workspaceId: string) => Effect.map(brandsOf([workspaceId]), (brands) => brands.get(workspaceId) ?? null);

/** The white label a workspace shows its clients: its own, or its agency's for a client workspace; null for none. */
export const brandOf = (workspaceId: string) =>
  Effect.flatMap(subscriberOf(workspaceId), (subscriber) => (subscriber ? brandSetBy(subscriber.id) : Effect.succeed(null)));

/** Whether a workspace's pages show its agency's brand instead of the product's: a brand set, on a plan that has white label (one kept from a plan the agency left shows no more). */
export const isWhiteLabelled = (workspaceId: string) =>
  Effect.flatMap(subscriberOf(workspaceId), (subscriber) =>
    subscriber && hasFeature(subscriber.tier, "white_label") ? Effect.map(brandSetBy(subscriber.id), (brand) => brand !== null) : Effect.succeed(false),
  );

/** Whether members' posts in the workspace go to its owners and admins for approval first (off until set). */
export const approvalRequiredIn = (workspaceId: string) =>
  Database.use((db) =>
    db.query((sql) => sql<{ approval_required: boolean }[]>`select approval_required from team_settings where workspace_id = ${workspaceId}`),
  ).pipe(Effect.map(([row]) => row?.approval_required ?? false));
