import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";

/** Events of a tracked competitor's stream (`competitor-{id}`). Its daily figures are rows, not events. */
export const competitorEvents = defineEvents({
  CompetitorAdded: Schema.Struct({
    competitorId: Schema.String,
    workspaceId: Schema.String,
    platform: Schema.String,
    handle: Schema.String,
    /** The platform's lasting id of the account (Bluesky: its DID), so a renamed handle is still followed. */
    externalId: Schema.String,
    name: Schema.String,
    avatar: Schema.NullOr(Schema.String),
    /** The account's public page. */
    url: Schema.String,
  }),
  CompetitorRemoved: Schema.Struct({}),
});

export type CompetitorEvent = EventOf<typeof competitorEvents.schemas>;
export const competitorStreamId = (competitorId: string) => `competitor-${competitorId}`;
