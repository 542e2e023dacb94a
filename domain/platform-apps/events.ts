import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";

/**
 * Events of a platform app's stream (`platform-app-{platform}`), saved by an operator in the console.
 * Secrets are recorded only encrypted with the token key (AES-256-GCM, as account tokens are).
 */
export const platformAppEvents = defineEvents({
  PlatformAppConfigured: Schema.Struct({
    platform: Schema.String,
    clientId: Schema.String,
    secretEncrypted: Schema.String,
    /** Extra fields by name (./rules.ts), secret ones encrypted. */
    extras: Schema.Record(Schema.String, Schema.String),
    /** The fields this save changed (the audit trail's line), never their values. */
    changed: Schema.Array(Schema.String),
  }),
  PlatformAppCleared: Schema.Struct({ platform: Schema.String }),
});

export type PlatformAppEvent = EventOf<typeof platformAppEvents.schemas>;

export const platformAppStreamId = (platform: string) => `platform-app-${platform}`;
