import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { API_KEY_ACCESS } from "./rules";

/** Events of an API key's stream (`api-key-{id}`). The key itself is never recorded: only its SHA-256. */
export const apiKeyEvents = defineEvents({
  ApiKeyCreated: Schema.Struct({
    keyId: Schema.String,
    workspaceId: Schema.String,
    name: Schema.String,
    access: Schema.Literals(API_KEY_ACCESS),
    /** An agent key: the posts it creates or schedules wait for a person's approval. */
    requireApproval: Schema.Boolean,
    expiresAt: Schema.NullOr(Schema.String),
    /** The key's SHA-256 (hex): what a request's key is looked up by. */
    keyHash: Schema.String,
    /** Its last four characters, shown to tell keys apart. */
    lastFour: Schema.String,
    /** The person who created it: the key acts as them, its role capped. */
    createdBy: Schema.String,
  }),
  ApiKeyRevoked: Schema.Struct({}),
});

export type ApiKeyEvent = EventOf<typeof apiKeyEvents.schemas>;

const PREFIX = "api-key-";
export const apiKeyStreamId = (keyId: string) => `${PREFIX}${keyId}`;
export const apiKeyIdOfStream = (streamId: string) => streamId.slice(PREFIX.length);
