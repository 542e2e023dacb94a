import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import type { PlatformId } from "../../../domain/accounts/platforms";
import type { PeriodFigures } from "../../../infra/publishing/analytics";
import { PlatformBadge } from "../accounts/platform-badge";
import { useHydrated } from "../../components/ui/use-hydrated";
import { api } from "../../lib/api/client";
import { formatCount, isPeriodId, PERIODS, type PeriodId } from "./dashboard-data";
import { $period, $refreshTick } from "./dashboard-store";
import "./dashboard.css";

interface Props {
  readonly initial: Record<PeriodId, PeriodFigures>;
  readonly platformNames: Record<string, string>;
}

/** Fresh figures (after a post was created). */
const fetchFigures = () => api.get("/api/dashboard/overview");

/** Analytics Overview: posts published and their engagement in the chosen period (also the export's period). */
export default function AnalyticsOverview({ initial, platformNames }: Props) {
  const hydrated = useHydrated();
  const period = useStore($period);
  const tick = useStore($refreshTick);
  const [figures, setFigures] = useState(initial);

  useEffect(() => {
    if (tick === 0) return;
    let live = true;
    fetchFigures()
      .then((f) => live && setFigures(f))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tick]);

  const current = figures[period];
  const label = PERIODS.find((p) => p.id === period)?.label ?? "";
  return (
    <section className="card dash-analytics" aria-labelledby="analytics-title" data-testid="analytics-overview" data-hydrated={hydrated ? "true" : "false"}>
      <div className="dash-panel-head">
        <h2 id="analytics-title">Analytics Overview</h2>
        <label className="visually-hidden" htmlFor="analytics-period">
          Period
        </label>
        <select
          id="analytics-period"
          className="select dash-period"
          value={period}
          disabled={!hydrated}
          onChange={(e) => {
            if (isPeriodId(e.target.value)) $period.set(e.target.value);
          }}
        >
          {PERIODS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <dl className="dash-figures">
        <div>
          <dt>Posts published</dt>
          <dd data-testid="analytics-posts">{formatCount(current.posts)}</dd>
        </div>
        <div>
          <dt>Engagement</dt>
          <dd data-testid="analytics-engagement">{formatCount(current.engagement)}</dd>
        </div>
        <div>
          <dt>Avg. per post</dt>
          <dd>{formatCount(current.averageEngagement)}</dd>
        </div>
      </dl>
      {current.byPlatform.length > 0 ? (
        <ul className="dash-platform-bars" aria-label={`By platform, ${label}`}>
          {current.byPlatform.map((p) => (
            <li key={p.platform}>
              <span className="dash-platform-name">
                <PlatformBadge platform={p.platform as PlatformId} size="tiny" />
                {platformNames[p.platform] ?? p.platform}
              </span>
              <span className="muted dash-platform-figures">
                {p.posts} {p.posts === 1 ? "post" : "posts"} · {formatCount(p.engagement)} engagement
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted dash-empty-line">No posts published in the {label.toLowerCase()}.</p>
      )}
    </section>
  );
}
