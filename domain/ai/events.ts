import { Schema } from "effect";
import { defineEvents, type EventOf, type Upcaster } from "../shared";
import { AI_ACTIONS, AI_DRAFT_KINDS } from "./rules";

/** What a use was for: one of the compose actions, a reply draft, an image. */
const purpose = Schema.Literals([...AI_ACTIONS, ...AI_DRAFT_KINDS.map((k) => `draft-${k}` as const), "image"]);
const kind = Schema.Literals(["text", "images"]);

/** Uses recorded before reservations existed (version 1) belong to none. */
const withoutReservation = (type: string): Upcaster => ({ type, fromVersion: 1, upcast: (data) => ({ ...data, reservationId: null }) });

/**
 * A workspace's AI use in one calendar month (`ai-usage-{workspaceId}-{YYYY-MM}`). A call first
 * reserves a use (AiUseReserved, refused past the quota before the model is called); the answer
 * then records it (AiTextGenerated / AiImageGenerated, with the month's count of real uses after
 * it: the read model's counter), or the reservation is released (the call failed, timed out, or
 * its reader left). A reservation neither recorded nor released stops counting at `expiresAt`.
 */
export const aiUsageEvents = defineEvents(
  {
    AiUseReserved: Schema.Struct({
      workspaceId: Schema.String,
      month: Schema.String,
      reservationId: Schema.String,
      kind,
      purpose,
      /** When it stops holding a place if its process never records nor releases it (it crashed). */
      expiresAt: Schema.String,
    }),
    AiUseReleased: Schema.Struct({
      workspaceId: Schema.String,
      month: Schema.String,
      reservationId: Schema.String,
      kind,
      reason: Schema.Literals(["failed", "left"]),
    }),
    AiTextGenerated: Schema.Struct({
      workspaceId: Schema.String,
      month: Schema.String,
      purpose,
      model: Schema.String,
      used: Schema.Number,
      reservationId: Schema.NullOr(Schema.String),
    }),
    AiImageGenerated: Schema.Struct({
      workspaceId: Schema.String,
      month: Schema.String,
      model: Schema.String,
      mediaId: Schema.String,
      used: Schema.Number,
      reservationId: Schema.NullOr(Schema.String),
    }),
  },
  { versions: { AiTextGenerated: 2, AiImageGenerated: 2 }, upcasters: ["AiTextGenerated", "AiImageGenerated"].map(withoutReservation) },
);

export type AiUsageEvent = EventOf<typeof aiUsageEvents.schemas>;
export type AiPurpose = Extract<AiUsageEvent, { type: "AiTextGenerated" }>["data"]["purpose"];
export type AiReleaseReason = Extract<AiUsageEvent, { type: "AiUseReleased" }>["data"]["reason"];

export const aiUsageStreamId = (workspaceId: string, month: string) => `ai-usage-${workspaceId}-${month}`;
