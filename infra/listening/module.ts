import { Effect } from "effect";
import { listeningEvents, listeningProjection } from "../../domain/listening";
import type { Reaction } from "../eventstore/reactions";
import { addJob } from "../jobs/add-job";
import { defineModule, moduleApi } from "../module";
import { Database } from "../db/Database";
import { ListeningApi } from "./api";
import { listeningHandlers } from "./api-handlers";
import { Listening } from "./Listening";
import { pollListening } from "./search";

/** A new, changed or resumed monitor is searched at once, not at the next round; changed terms are searched afresh. */
const searchNow: Reaction = {
  name: "search-monitor-now",
  handles: ["ListeningMonitorCreated", "ListeningMonitorChanged", "ListeningMonitorResumed"],
  react: (event) => {
    const monitorId = event.streamId.slice("listening-monitor-".length);
    const due =
      event.type === "ListeningMonitorCreated"
        ? Effect.void
        : Database.use((db) =>
            db.query(
              (sql) => sql`
                update listening_polls set next_poll_at = now() ${event.type === "ListeningMonitorChanged" ? sql`, newest = null` : sql``}
                where monitor_id = ${monitorId}`,
            ),
          );
    return Effect.asVoid(Effect.andThen(due, addJob("poll_listening", {}, { jobKey: "poll_listening-now" })));
  },
};

/** Social listening: keyword and hashtag monitors over public Bluesky posts. */
export const listeningModule = defineModule({
  name: "listening",
  events: listeningEvents,
  auditKinds: [{ id: "listening", label: "Listening monitors" }],
  layer: Listening.layer,
  api: [moduleApi(ListeningApi, listeningHandlers)],
  projections: [listeningProjection],
  reactions: [searchNow],
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
