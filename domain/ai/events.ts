import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { AI_ACTIONS, AI_DRAFT_KINDS } from "./rules";

/** What a use was for: one of the compose actions, a reply draft, an image. */
const purpose = Schema.Literals([...AI_ACTIONS, ...AI_DRAFT_KINDS.map((k) => `draft-${k}` as const), "image"]);

/**
 * A workspace's AI use in one calendar month (`ai-usage-{workspaceId}-{YYYY-MM}`): one event per
 * answer the model gave, with the month's count after it (the read model's counter).
 */
export const aiUsageEvents = defineEvents({
  AiTextGenerated: Schema.Struct({ workspaceId: Schema.String, month: Schema.String, purpose, model: Schema.String, used: Schema.Number }),
  AiImageGenerated: Schema.Struct({ workspaceId: Schema.String, month: Schema.String, model: Schema.String, mediaId: Schema.String, used: Schema.Number }),
});

export type AiUsageEvent = EventOf<typeof aiUsageEvents.schemas>;
export type AiPurpose = Extract<AiUsageEvent, { type: "AiTextGenerated" }>["data"]["purpose"];

export const aiUsageStreamId = (workspaceId: string, month: string) => `ai-usage-${workspaceId}-${month}`;
