import { Effect } from "effect";
import { listeningEvents, listeningProjection } from "../../domain/listening";
import { defineModule } from "../module";
import { Listening } from "./Listening";
import { pollListening } from "./search";

/** Social listening: keyword and hashtag monitors over public Bluesky posts. */
export const listeningModule = defineModule({
  name: "listening",
  events: listeningEvents,
  layer: Listening.layer,
  projections: [listeningProjection],
  tasks: {
    poll_listening: (_payload, job) =>
      Effect.map(pollListening(job.now), (r) => (r.found > 0 ? `Listening: ${r.found} new post(s) for ${r.monitors} monitor(s)` : undefined)),
  },
  ioTasks: ["poll_listening"],
  cron: ["* * * * * poll_listening"],
  auditSummaries: {
    ListeningMonitorCreated: (d) => `Started listening for ${d.terms.join(", ")} ("${d.name}")`,
    ListeningMonitorChanged: (d) => `Now listening for ${d.terms.join(", ")} ("${d.name}")`,
    ListeningMonitorPaused: () => "Paused a listening monitor",
    ListeningMonitorResumed: () => "Resumed a listening monitor",
    ListeningMonitorDeleted: () => "Deleted a listening monitor",
  },
});
