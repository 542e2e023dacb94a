import { Effect } from "effect";
import { competitorEvents, competitorsProjection } from "../../domain/competitors";
import { hasFeature, TIERS } from "../../domain/plans";
import { workspacesOfAgenciesOnPlans } from "../identity/queries";
import { defineModule, moduleApi } from "../module";
import { CompetitorsApi } from "./api";
import { competitorsHandlers } from "./api-handlers";
import { Competitors } from "./Competitors";

/** Today's snapshot of each competitor of a workspace whose plan tracks competitors (a day's figures are kept once, the first time the task runs that day). */
export const snapshotCompetitors = (now: Date) =>
  Effect.gen(function* () {
    const workspaceIds = (yield* workspacesOfAgenciesOnPlans(TIERS.filter((tier) => hasFeature(tier, "competitor_tracking")))).map((w) => w.id);
    return yield* Competitors.use((competitors) => competitors.snapshotDue(workspaceIds, now));
  });

/** Competitor tracking: public accounts of other businesses, snapshotted daily, next to the workspace's own. */
export const competitorsModule = defineModule({
  name: "competitors",
  events: competitorEvents,
  auditKinds: [{ id: "competitors", label: "Competitors" }],
  layer: Competitors.layer,
  api: [moduleApi(CompetitorsApi, competitorsHandlers)],
  projections: [competitorsProjection],
  tasks: {
    snapshot_competitors: (_payload, job) =>
      Effect.map(snapshotCompetitors(job.now), (r) => (r.taken + r.failed > 0 ? `Competitors: ${r.taken} snapshot(s), ${r.failed} refused` : undefined)),
  },
  ioTasks: ["snapshot_competitors"],
  // Hourly: a competitor whose snapshot failed is asked again the next hour, and one a day is kept.
  cron: ["17 * * * * snapshot_competitors"],
  auditSummaries: {
    CompetitorAdded: (d) => `Started tracking the competitor ${d.handle}`,
    CompetitorRemoved: () => "Stopped tracking a competitor",
  },
});
