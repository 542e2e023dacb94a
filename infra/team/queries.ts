import { Effect } from "effect";
import { hasFeature } from "../../domain/plans";
import { Database } from "../db/Database";
import { subscriberOf } from "../identity/queries";
import type { Brand } from "./Team";

/**
 * What other modules (and the team's own reactions) read of the team, as the team module answers
 * it: they call these instead of selecting from its tables. Each needs only the database.
 */

const brandRowOf = (subscriberId: string) =>
  Database.use((db) =>
    db.query((sql) => sql<{ name: string; logo_url: string | null; color: string }[]>`select name, logo_url, color from brands where workspace_id = ${subscriberId}`),
  ).pipe(Effect.map(([row]) => (row ? ({ name: row.name, logoUrl: row.logo_url, color: row.color } satisfies Brand) : null)));

/** The white label a workspace shows its clients: its own, or its agency's for a client workspace; null for none. */
export const brandOf = (workspaceId: string) =>
  Effect.flatMap(subscriberOf(workspaceId), (subscriber) => (subscriber ? brandRowOf(subscriber.id) : Effect.succeed(null)));

/** Whether a workspace's pages show its agency's brand instead of the product's: a brand set, on a plan that has white label (one kept from a plan the agency left shows no more). */
export const isWhiteLabelled = (workspaceId: string) =>
  Effect.flatMap(subscriberOf(workspaceId), (subscriber) =>
    subscriber && hasFeature(subscriber.tier, "white_label") ? Effect.map(brandRowOf(subscriber.id), (brand) => brand !== null) : Effect.succeed(false),
  );
