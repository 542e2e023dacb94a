import { useEffect, useId, useState } from "react";
import { BIO_PERIODS, type BioPeriod } from "../../../domain/link-in-bio/rules";
import type { BioAnalytics } from "../../../domain/link-in-bio/views";
import { apiErrorMessage } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import { chartGeometry, formatCount } from "../analytics/analytics-data";
import { clickBuckets, countOf } from "./bio-view";

const PERIOD_LABELS: Readonly<Record<BioPeriod, string>> = { "7d": "Last 7 days", "30d": "Last 30 days", "90d": "Last 90 days" };

const NARROW = "(max-width: 640px)";

/** Whether the screen is a phone's: the chart is drawn on a smaller canvas there, so that its labels stay readable. */
const useNarrow = () => {
  const [narrow, setNarrow] = useState(() => typeof window !== "undefined" && window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const onChange = () => setNarrow(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return narrow;
};

/** Clicks per day as an SVG bar chart, drawn as the Analytics screen draws its chart, with the figures as a table too. */
function ClicksChart({ analytics }: { analytics: BioAnalytics }) {
  const id = useId();
  const data = clickBuckets(analytics);
  const g = useNarrow() ? chartGeometry(data, 360, 200) : chartGeometry(data);
  return (
    <section className="card bio-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Clicks per day</h3>
      <svg viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} data-testid="bio-clicks-chart">
        <desc id={`${id}-desc`}>Bar chart of the clicks of each day; the table below lists the same figures.</desc>
        {g.ticks.map((t) => (
          <g key={t.value}>
            <line x1="40" x2={g.width} y1={t.y} y2={t.y} stroke="#e5e7eb" strokeWidth="1" />
            <text x="34" y={t.y + 4} textAnchor="end" fontSize="11" fill="#6b7280">
              {formatCount(t.value)}
            </text>
          </g>
        ))}
        {g.bars.map((b) => (
          <rect key={b.bucket.start} x={b.x} y={b.y} width={b.width} height={b.height} rx="2" fill="#3B82F6">
            <title>{`${b.bucket.label}: ${countOf(b.bucket.engagements, "click")}, ${countOf(b.bucket.posts, "unique visitor")}`}</title>
          </rect>
        ))}
        {g.labels.map((l) => (
          <text key={l.x} x={l.x} y={g.height - 6} textAnchor="middle" fontSize="11" fill="#6b7280">
            {l.text}
          </text>
        ))}
      </svg>
      <details className="bio-table-alt">
        <summary>Show as a table</summary>
        <table>
          <caption className="visually-hidden">Clicks per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Clicks</th>
              <th scope="col">Unique visitors</th>
            </tr>
          </thead>
          <tbody>
            {data.map((day) => (
              <tr key={day.start}>
                <th scope="row">{day.label}</th>
                <td>{day.engagements}</td>
                <td>{day.posts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

/** The Analytics tab: the period's clicks and unique visitors (counted without cookies), the most clicked links and each day's clicks. */
export default function BioAnalyticsPanel() {
  const id = useId();
  const [period, setPeriod] = useState<BioPeriod>("30d");
  const [analytics, setAnalytics] = useState<BioAnalytics | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setFailure(null);
    api.get("/api/link-in-bio/analytics", { query: { period } }).then(
      (loaded) => current && setAnalytics(loaded),
      (error) => current && setFailure(apiErrorMessage(error, "The analytics could not be loaded. Try again in a moment.")),
    );
    return () => {
      current = false;
    };
  }, [period]);
  const shown = analytics?.period === period ? analytics : null;

  return (
    <div className="bio-analytics" data-testid="bio-analytics" aria-busy={shown === null && failure === null}>
      <div className="bio-analytics-head">
        <p className="muted">Clicks on your page's links, counted without cookies. A visitor is recognised within a day.</p>
        <div className="field bio-period">
          <label htmlFor={`${id}-period`}>Period</label>
          <select id={`${id}-period`} className="input" value={period} onChange={(e) => setPeriod(e.target.value as BioPeriod)}>
            {BIO_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : !shown ? (
        <p className="muted" role="status">
          Loading the analytics…
        </p>
      ) : (
        <>
          <dl className="bio-stat-cards">
            <div className="card bio-stat" data-testid="bio-total-clicks">
              <dt>Total Clicks</dt>
              <dd>{formatCount(shown.totalClicks)}</dd>
            </div>
            <div className="card bio-stat" data-testid="bio-unique-visitors">
              <dt>Unique Visitors</dt>
              <dd>{formatCount(shown.uniqueVisitors)}</dd>
            </div>
          </dl>
          {shown.totalClicks === 0 ? (
            <div className="card bio-empty" data-testid="bio-analytics-empty">
              <h3>No clicks yet…</h3>
              <p className="muted">
                No clicks in the {PERIOD_LABELS[period].toLowerCase()}. Publish your page and put its address in your profiles' bio: each click on a link is
                counted here.
              </p>
            </div>
          ) : (
            <div className="bio-analytics-grid">
              <section className="card bio-top-links" aria-labelledby={`${id}-top`}>
                <h3 id={`${id}-top`}>Top Links</h3>
                <ol data-testid="bio-top-links">
                  {shown.topLinks.map((link) => (
                    <li key={link.id}>
                      <span className="bio-top-name">{link.name}</span>
                      <span className="bio-top-clicks">{countOf(link.clicks, "click")}</span>
                      <span className="bio-top-bar" aria-hidden="true">
                        <span style={{ width: `${Math.max(4, (link.clicks / Math.max(1, shown.topLinks[0]!.clicks)) * 100)}%` }} />
                      </span>
                    </li>
                  ))}
                </ol>
              </section>
              <ClicksChart analytics={shown} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
