import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";

/** Events of a listening monitor's stream (`listening-monitor-{id}`). */
export const listeningEvents = defineEvents({
  ListeningMonitorCreated: Schema.Struct({ monitorId: Schema.String, workspaceId: Schema.String, name: Schema.String, terms: Schema.Array(Schema.String) }),
  ListeningMonitorChanged: Schema.Struct({ name: Schema.String, terms: Schema.Array(Schema.String) }),
  ListeningMonitorPaused: Schema.Struct({}),
  ListeningMonitorResumed: Schema.Struct({}),
  ListeningMonitorDeleted: Schema.Struct({}),
});

export type ListeningEvent = EventOf<typeof listeningEvents.schemas>;
export const listeningMonitorStreamId = (monitorId: string) => `listening-monitor-${monitorId}`;
