import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import type { BusinessLocation } from "../../../infra/reviews/Reviews";
import { useHydrated } from "../../components/ui/use-hydrated";
import { apiErrorMessage } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import {
  figure,
  linePoints,
  niceMax,
  type Performance,
  PERFORMANCE_METRICS,
  PERFORMANCE_PERIODS,
  type PerformanceDay,
  type PerformanceMetric,
  performanceSummary,
  shortDay,
} from "./business-post";
import ReviewsBoard from "./ReviewsBoard";
import "./google-business.css";

/** The dialog's code loads when it is first opened, not with the page. */
const BusinessPostDialog = lazy(() => import("./BusinessPostDialog"));

interface Props {
  /** The workspace's Business Profile locations, or null when they could not be read. */
  readonly locations: ReadonlyArray<BusinessLocation> | null;
  readonly canAnswer: boolean;
  /** Whether this server has an AI server set up (Draft with AI on reviews). */
  readonly ai?: boolean;
  /** May create posts (manage_posts): the Create Business Post button shows. */
  readonly canPost: boolean;
  readonly timeZone: string;
}

const TABS = [
  { id: "reviews", label: "Reviews" },
  { id: "performance", label: "Performance" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const count = (n: number) => n.toLocaleString("en-US");
const tone = (rating: number) => (rating >= 4 ? "green" : rating >= 3 ? "yellow" : "red");

/** A location's rating: five stars (rounded), the figure, coloured green from 4, yellow from 3, red below. */
function Rating({ rating, total }: { rating: number | null; total: number }) {
  const reviews = `${count(total)} ${total === 1 ? "review" : "reviews"}`;
  if (rating === null) return <span className="gbp-rating muted">No rating yet · {reviews}</span>;
  const filled = Math.round(rating);
  return (
    <span className={`gbp-rating gbp-rating-${tone(rating)}`}>
      <span className="gbp-stars" aria-hidden="true">
        {"★".repeat(filled)}
        <span className="gbp-stars-off">{"★".repeat(5 - filled)}</span>
      </span>
      <strong>{rating.toFixed(1)}</strong>
      <span className="visually-hidden"> out of 5 stars,</span>
      <span className="muted"> · {reviews}</span>
    </span>
  );
}

/** The five figures per day as lines (a legend button shows or hides each), with a text summary and the figures as a table. */
function PerformanceChart({ days, totals }: Pick<Performance, "days" | "totals">) {
  const [hidden, setHidden] = useState<ReadonlyArray<PerformanceMetric>>([]);
  const shown = PERFORMANCE_METRICS.filter((m) => !hidden.includes(m.id));
  const max = niceMax(Math.max(0, ...days.flatMap((d) => shown.map((m) => d[m.id]))));
  const W = 600;
  const H = 200;
  const step = days.length > 1 ? W / (days.length - 1) : W;
  const toggle = (id: PerformanceMetric) => setHidden((h) => (h.includes(id) ? h.filter((x) => x !== id) : [...h, id]));
  const middle = days[Math.floor((days.length - 1) / 2)];
  const tip = (d: PerformanceDay) => `${shortDay(d.day)}: ${PERFORMANCE_METRICS.map((m) => figure(d[m.id], m.id)).join(", ")}`;
  return (
    <figure className="gbp-chart">
      <div className="gbp-legend" role="group" aria-label="Lines on the chart">
        {PERFORMANCE_METRICS.map((m) => (
          <button key={m.id} type="button" className="gbp-legend-item" aria-pressed={!hidden.includes(m.id)} onClick={() => toggle(m.id)}>
            <span className="gbp-swatch" style={{ background: m.color }} aria-hidden="true" />
            {m.label}
          </button>
        ))}
        <span className="gbp-legend-hint muted">Select a name to hide or show its line.</span>
      </div>
      <div className="gbp-plot">
        <div className="gbp-y muted" aria-hidden="true">
          <span>{count(max)}</span>
          <span>{count(max / 2)}</span>
          <span>0</span>
        </div>
        <div className="gbp-canvas">
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`Figures per day: ${performanceSummary(
              { days, totals },
              shown.map((m) => m.id),
            )}`}
          >
            {[0, H / 2, H].map((y) => (
              <line key={y} x1={0} x2={W} y1={y} y2={y} className="gbp-grid" vectorEffect="non-scaling-stroke" />
            ))}
            {shown.map((m) => (
              <polyline
                key={m.id}
                points={linePoints(days, m.id, max, W, H)}
                fill="none"
                stroke={m.color}
                strokeWidth={2}
                strokeLinejoin="round"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((d, i) => (
              <rect key={d.day} x={Math.max(0, i * step - step / 2)} y={0} width={step} height={H} className="gbp-hit">
                <title>{tip(d)}</title>
              </rect>
            ))}
          </svg>
          <div className="gbp-x muted" aria-hidden="true">
            <span>{days[0] ? shortDay(days[0].day) : ""}</span>
            {days.length > 2 && middle && <span>{shortDay(middle.day)}</span>}
            <span>{days.length > 1 ? shortDay(days[days.length - 1]!.day) : ""}</span>
          </div>
        </div>
      </div>
      <figcaption className="muted">
        {performanceSummary(
          { days, totals },
          shown.map((m) => m.id),
        )}
      </figcaption>
      <details className="gbp-table">
        <summary>Figures by day</summary>
        <div className="gbp-table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {PERFORMANCE_METRICS.map((m) => (
                  <th key={m.id} scope="col">
                    {m.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row">{shortDay(d.day)}</th>
                  {PERFORMANCE_METRICS.map((m) => (
                    <td key={m.id}>{count(d[m.id])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

type Loaded = { readonly state: "loading" } | { readonly state: "failed"; readonly message: string } | { readonly state: "ready"; readonly data: Performance };

/** The Performance tab: a period, five total cards and the per-day chart, read from Google when asked. */
function PerformancePanel({ location }: { location: BusinessLocation }) {
  const [days, setDays] = useState<number>(30);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoaded({ state: "loading" });
    api.get("/api/business-locations/:id/performance", { params: { id: location.id }, query: { days } }).then(
      (data) => current && setLoaded({ state: "ready", data }),
      (error) => current && setLoaded({ state: "failed", message: apiErrorMessage(error, "The figures could not be loaded. Please try again.") }),
    );
    return () => {
      current = false;
    };
  }, [location.id, days, attempt]);

  const totals = loaded.state === "ready" ? loaded.data.totals : null;
  return (
    <div className="gbp-performance" aria-busy={loaded.state === "loading"}>
      <div className="gbp-panel-head">
        <div>
          <h2>{location.name}</h2>
          <p className="muted">
            How people found and contacted this location on Google Search and Maps.
            {location.mapsUri && (
              <>
                {" "}
                <a href={location.mapsUri} target="_blank" rel="noopener noreferrer">
                  Open in Google Maps
                </a>
              </>
            )}
          </p>
        </div>
        <label className="gbp-period">
          <span className="visually-hidden">Period</span>
          <select className="input" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERFORMANCE_PERIODS.map((p) => (
              <option key={p.days} value={p.days}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {loaded.state === "failed" ? (
        <div className="gbp-failed" role="alert">
          <p>{loaded.message}</p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <ul className="gbp-totals" aria-label="Totals">
            {PERFORMANCE_METRICS.map((m) => (
              <li key={m.id} className="card gbp-total" data-testid="gbp-total">
                <span className="muted">{m.label}</span>
                <strong>{totals ? count(totals[m.id]) : "–"}</strong>
              </li>
            ))}
          </ul>
          {loaded.state === "loading" ? (
            <p className="muted gbp-loading" role="status">
              Loading figures from Google…
            </p>
          ) : (
            <PerformanceChart days={loaded.data.days} totals={loaded.data.totals} />
          )}
          <p className="gbp-hint">Google's figures arrive a few days late, so the last days may still grow.</p>
        </>
      )}
    </div>
  );
}

/** The Google Business Profile screen (issue 12, spec engagement §2): locations, their reviews and figures, and business posts. */
export default function GoogleBusinessScreen({ locations, canAnswer, canPost, timeZone, ai = false }: Props) {
  const hydrated = useHydrated();
  const list = locations ?? [];
  const [selected, setSelected] = useState<string | null>(list[0]?.id ?? null);
  const [reviewLocation, setReviewLocation] = useState<string>("");
  const [tab, setTab] = useState<Tab>("reviews");
  const [opened, setOpened] = useState<ReadonlyArray<Tab>>(["reviews"]);
  const [creating, setCreating] = useState(false);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const location = list.find((l) => l.id === selected) ?? null;

  const chooseTab = (id: Tab, focus = false) => {
    setTab(id);
    setOpened((o) => (o.includes(id) ? o : [...o, id]));
    if (focus) tabRefs.current[id]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    chooseTab(TABS[(target + TABS.length) % TABS.length]!.id, true);
  };
  /** A location clicked in the list: its figures, and its reviews only. */
  const choose = (id: string) => {
    setSelected(id);
    setReviewLocation(id);
  };

  if (locations === null) {
    return (
      <div className="card gbp-empty" role="alert">
        <h2>Locations not loaded</h2>
        <p className="muted">Your Business Profile locations could not be read. Reload the page to try again.</p>
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <div className="card gbp-empty" data-testid="gbp-empty">
        <h2>No Business Locations</h2>
        <p className="muted">
          Connect your Google Business Profile to see your locations here, answer their reviews, follow their figures and post updates, offers and events.
        </p>
        <a className="btn btn-primary" href="/app/connect-accounts">
          Connect Business Profile
        </a>
      </div>
    );
  }

  return (
    <div className="gbp" data-testid="google-business" data-hydrated={hydrated ? "true" : undefined}>
      <section className="card gbp-locations" aria-labelledby="gbp-locations-title">
        <header className="gbp-head">
          <h2 id="gbp-locations-title">Locations</h2>
          <span className="muted">{list.length}</span>
        </header>
        <ul className="gbp-list">
          {list.map((l) => (
            <li key={l.id} className={l.id === selected ? "is-current" : undefined} data-testid="gbp-location">
              <button type="button" className="gbp-open" aria-pressed={l.id === selected} onClick={() => choose(l.id)} disabled={!hydrated}>
                <span className="gbp-name">
                  <strong>{l.name}</strong>
                  {l.isVerified && <span className="badge badge-accent">Verified</span>}
                </span>
                {l.address && <span className="gbp-address muted">{l.address}</span>}
                <Rating rating={l.rating} total={l.totalReviews} />
                {l.categories.length > 0 && (
                  <span className="gbp-categories">
                    {l.categories.slice(0, 2).map((c) => (
                      <span key={c} className="badge">
                        {c}
                      </span>
                    ))}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="gbp-main" aria-label="Reviews and performance">
        <div className="gbp-tabbar">
          <div role="tablist" aria-label="Business Profile" className="gbp-tabs">
            {TABS.map((t) => (
              <button
                key={t.id}
                ref={(el) => {
                  tabRefs.current[t.id] = el;
                }}
                type="button"
                role="tab"
                id={`gbp-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`gbp-panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                className="gbp-tab"
                disabled={!hydrated}
                onClick={() => chooseTab(t.id)}
                onKeyDown={onTabKey}
              >
                {t.label}
              </button>
            ))}
          </div>
          {canPost && (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} disabled={!hydrated}>
              Create Business Post
            </button>
          )}
        </div>

        <div role="tabpanel" id="gbp-panel-reviews" aria-labelledby="gbp-tab-reviews" hidden={tab !== "reviews"} className="gbp-panel">
          <div className="gbp-filter">
            <label htmlFor="gbp-review-location">Location</label>
            <select
              id="gbp-review-location"
              className="input"
              value={reviewLocation}
              onChange={(e) => {
                setReviewLocation(e.target.value);
                if (e.target.value) setSelected(e.target.value);
              }}
            >
              <option value="">All locations</option>
              {list.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <ReviewsBoard mode="google" locationId={reviewLocation || null} reviewAccounts={[]} canAnswer={canAnswer} ai={ai} />
        </div>
        <div role="tabpanel" id="gbp-panel-performance" aria-labelledby="gbp-tab-performance" hidden={tab !== "performance"} className="gbp-panel">
          {opened.includes("performance") && location && <PerformancePanel location={location} />}
        </div>
      </section>

      {creating && location && (
        <Suspense fallback={null}>
          <BusinessPostDialog
            locations={list.map((l) => ({ id: l.id, accountId: l.accountId, externalId: l.externalId, name: l.name }))}
            locationId={location.id}
            timeZone={timeZone}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
