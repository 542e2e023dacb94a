import { useEffect, useState } from "react";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { api, type ResponseOf } from "../../lib/api/client";
import { apiErrorFields, apiErrorMessage, shownBesideFields } from "../../lib/api-client";
import { relativeTime } from "../dashboard/dashboard-data";
import "./listening.css";

type Monitor = ResponseOf<"POST", "/api/listening/monitors">;
type ListenedPost = ResponseOf<"GET", "/api/listening/monitors/:id/posts">["items"][number];
type VolumeDay = ResponseOf<"GET", "/api/listening/monitors/:id/volume">[number];

interface Props {
  readonly initialMonitors: ReadonlyArray<Monitor>;
  /** The workspace's Bluesky accounts: answers and inbox messages go out from one of them. */
  readonly accounts: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  /** Why nothing is searched, when the server has no AppView. */
  readonly unavailable: string | null;
  readonly noAccount: string;
  readonly canAnswer: boolean;
}

type Draft = { readonly id: string | null; readonly name: string; readonly terms: string };
const SENTIMENT_COLORS = { positive: "var(--success, #16a34a)", neutral: "var(--text-muted, #94a3b8)", negative: "var(--danger, #dc2626)" } as const;
const MOODS = ["positive", "neutral", "negative"] as const;

/** Posts per day as stacked bars (positive, neutral, negative), with a text summary for screen readers. */
function VolumeChart({ days }: { days: ReadonlyArray<VolumeDay> }) {
  const totals = days.map((d) => d.positive + d.neutral + d.negative);
  const max = Math.max(1, ...totals);
  const width = 100 / Math.max(1, days.length);
  const sum = (mood: (typeof MOODS)[number]) => days.reduce((n, d) => n + d[mood], 0);
  return (
    <figure className="listening-chart">
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={`Posts per day over ${days.length} days`}>
        {days.map((d, i) => {
          let y = 40;
          return MOODS.map((mood) => {
            const h = (d[mood] / max) * 38;
            y -= h;
            return h > 0 ? (
              <rect key={`${d.day}-${mood}`} x={i * width + width * 0.15} y={y} width={width * 0.7} height={h} fill={SENTIMENT_COLORS[mood]} />
            ) : null;
          });
        })}
      </svg>
      <div className="listening-axis muted" aria-hidden="true">
        <span>{days[0]?.day.slice(5)}</span>
        <span>Today</span>
      </div>
      <figcaption className="muted">
        {totals.reduce((a, b) => a + b, 0)} found in {days.length} days: {MOODS.map((m) => `${sum(m)} ${m}`).join(", ")}
      </figcaption>
    </figure>
  );
}

/** Social listening (issue 11): monitors of keywords and #hashtags, and the public Bluesky posts they find. */
export default function ListeningScreen({ initialMonitors, accounts, unavailable, noAccount, canAnswer }: Props) {
  const hydrated = useHydrated();
  const [monitors, setMonitors] = useState(initialMonitors);
  const [current, setCurrent] = useState<string | null>(initialMonitors[0]?.id ?? null);
  const [draft, setDraft] = useState<Draft | null>(initialMonitors.length === 0 && canAnswer ? { id: null, name: "", terms: "" } : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [posts, setPosts] = useState<ReadonlyArray<ListenedPost> | null>(null);
  const [volume, setVolume] = useState<ReadonlyArray<VolumeDay>>([]);
  const [sentiment, setSentiment] = useState("");
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? "");
  const [answering, setAnswering] = useState<{ id: string; text: string } | null>(null);
  const now = new Date();

  useEffect(() => {
    if (!current) return;
    setPosts(null);
    Promise.all([
      api.get("/api/listening/monitors/:id/posts", { params: { id: current }, query: sentiment ? { sentiment } : {} }),
      api.get("/api/listening/monitors/:id/volume", { params: { id: current }, query: { days: "14" } }),
    ]).then(
      ([found, days]) => {
        setPosts(found.items);
        setVolume(days);
      },
      (error) => toast({ title: "Error", description: apiErrorMessage(error, "Failed to load the posts."), variant: "destructive" }),
    );
  }, [current, sentiment]);

  const fail = (error: unknown, fallback: string) => toast({ title: "Error", description: apiErrorMessage(error, fallback), variant: "destructive" });
  const put = (monitor: Monitor) =>
    setMonitors((list) => (list.some((m) => m.id === monitor.id) ? list.map((m) => (m.id === monitor.id ? monitor : m)) : [...list, monitor]));

  const save = async () => {
    if (!draft) return;
    try {
      const body = { name: draft.name, terms: draft.terms };
      const saved = await (draft.id
        ? api.put("/api/listening/monitors/:id", { params: { id: draft.id }, payload: body })
        : api.post("/api/listening/monitors", { payload: body }));
      put(saved);
      setCurrent(saved.id);
      setDraft(null);
      setErrors({});
      toast({ title: draft.id ? "Monitor Updated" : "Monitor Created", description: `Listening for ${saved.terms.join(", ")}.` });
    } catch (error) {
      const fields = apiErrorFields(error);
      setErrors(fields);
      if (!shownBesideFields(fields, ["name", "terms"])) fail(error, "Failed to save the monitor. Please try again.");
    }
  };

  const act = async (monitor: Monitor, action: "pause" | "resume" | "delete") => {
    try {
      if (action === "delete") {
        if (!window.confirm(`Delete "${monitor.name}" and the posts it found?`)) return;
        await api.delete("/api/listening/monitors/:id", { params: { id: monitor.id } });
        setMonitors((list) => list.filter((m) => m.id !== monitor.id));
        if (current === monitor.id) setCurrent(null);
        toast({ title: "Monitor Deleted", description: `"${monitor.name}" is gone.` });
      } else put(await api.put("/api/listening/monitors/:id", { params: { id: monitor.id }, payload: { isActive: action === "resume" } }));
    } catch (error) {
      fail(error, "Failed to change the monitor. Please try again.");
    }
  };

  const toInbox = async (post: ListenedPost) => {
    try {
      await api.post("/api/listening/posts/:id/inbox", { params: { id: post.id }, payload: { accountId } });
      toast({ title: "Added to Inbox", description: `@${post.author.handle}'s post is in the social inbox.` });
    } catch (error) {
      fail(error, "Failed to add the post to the inbox.");
    }
  };

  const reply = async () => {
    if (!answering || answering.text.trim() === "") return;
    try {
      await api.post("/api/listening/posts/:id/reply", { params: { id: answering.id }, payload: { accountId, content: answering.text } });
      setAnswering(null);
      toast({ title: "Reply Sent! ✅", description: "Your reply is on its way, and the conversation is in the social inbox." });
    } catch (error) {
      fail(error, "Could not post your reply. Please try again.");
    }
  };

  const chosen = monitors.find((m) => m.id === current) ?? null;
  return (
    <div className="listening" data-testid="social-listening" data-hydrated={hydrated ? "true" : undefined}>
      {unavailable && (
        <p className="listening-note" role="note">
          {unavailable}
        </p>
      )}
      <section className="card listening-monitors" aria-label="Monitors">
        <header className="listening-head">
          <h2>Monitors</h2>
          {canAnswer && !draft && (
            <button type="button" className="btn btn-primary btn-small" onClick={() => setDraft({ id: null, name: "", terms: "" })} disabled={!hydrated}>
              New monitor
            </button>
          )}
        </header>
        {draft && (
          <form
            className="listening-form"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <div className="field">
              <label htmlFor="monitor-name">Name</label>
              <input
                id="monitor-name"
                className="input"
                value={draft.name}
                placeholder="Our brand"
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
              {errors.name && <p className="field-error">{errors.name}</p>}
            </div>
            <div className="field">
              <label htmlFor="monitor-terms">Keywords and #hashtags</label>
              <input
                id="monitor-terms"
                className="input"
                value={draft.terms}
                placeholder="lee dental, #dentist, teeth whitening"
                onChange={(e) => setDraft({ ...draft, terms: e.target.value })}
              />
              <p className="muted listening-hint">Separate them with commas; each is searched on its own.</p>
              {errors.terms && <p className="field-error">{errors.terms}</p>}
            </div>
            <div className="listening-actions">
              <button type="button" className="btn btn-ghost btn-small" onClick={() => setDraft(null)}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary btn-small">
                {draft.id ? "Save monitor" : "Start listening"}
              </button>
            </div>
          </form>
        )}
        {monitors.length === 0 && !draft ? (
          <p className="listening-empty">No monitors yet. Follow your brand, your competitors or a #hashtag to see what people say.</p>
        ) : (
          <ul className="listening-list">
            {monitors.map((m) => (
              <li key={m.id} className={m.id === current ? "is-current" : undefined} data-testid="listening-monitor">
                <button type="button" className="listening-open" onClick={() => setCurrent(m.id)} aria-pressed={m.id === current}>
                  <strong>{m.name}</strong>
                  <span className="listening-terms">{m.terms.join(" · ")}</span>
                  <span className="muted">
                    {m.isActive ? `${m.recentPosts} ${m.recentPosts === 1 ? "post" : "posts"} this week` : "Paused"}
                    {m.lastError ? ` · ${m.lastError}` : ""}
                  </span>
                </button>
                {canAnswer && (
                  <div className="listening-actions">
                    <button type="button" className="btn btn-ghost btn-small" onClick={() => setDraft({ id: m.id, name: m.name, terms: m.terms.join(", ") })}>
                      Edit
                    </button>
                    <button type="button" className="btn btn-ghost btn-small" onClick={() => void act(m, m.isActive ? "pause" : "resume")}>
                      {m.isActive ? "Pause" : "Resume"}
                    </button>
                    <button type="button" className="btn btn-ghost btn-small" onClick={() => void act(m, "delete")}>
                      Delete
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card listening-posts" aria-label="Posts found">
        {!chosen ? (
          <p className="listening-empty">Create a monitor to see the public Bluesky posts that match it.</p>
        ) : (
          <>
            <header className="listening-head">
              <h2>{chosen.name}</h2>
              <select className="input" aria-label="Sentiment" value={sentiment} onChange={(e) => setSentiment(e.target.value)}>
                <option value="">Any sentiment</option>
                {MOODS.map((m) => (
                  <option key={m} value={m}>
                    {m[0]!.toUpperCase() + m.slice(1)}
                  </option>
                ))}
              </select>
            </header>
            <VolumeChart days={volume} />
            {canAnswer &&
              (accounts.length === 0 ? (
                <p className="listening-note">{noAccount}</p>
              ) : (
                accounts.length > 1 && (
                  <label className="listening-account">
                    Answer as{" "}
                    <select className="input" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
                      {accounts.map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.name}
                        </option>
                      ))}
                    </select>
                  </label>
                )
              ))}
            {posts === null ? (
              <p className="muted">Loading…</p>
            ) : posts.length === 0 ? (
              <p className="listening-empty" data-testid="listening-empty">
                No posts found yet. New ones are searched every 5 minutes.
              </p>
            ) : (
              <ul className="listening-found">
                {posts.map((p) => (
                  <li key={p.id} data-testid="listening-post">
                    <p className="listening-author">
                      <strong>{p.author.name}</strong> <span className="muted">@{p.author.handle}</span>{" "}
                      <span className="muted">{relativeTime(p.postedAt, now)}</span> <span className={`badge inbox-${p.sentiment}`}>{p.sentiment}</span>
                    </p>
                    <p>{p.text}</p>
                    <div className="listening-actions">
                      <a className="btn btn-ghost btn-small" href={p.url} target="_blank" rel="noopener noreferrer">
                        Open on Bluesky
                      </a>
                      {canAnswer && accounts.length > 0 && (
                        <>
                          <button type="button" className="btn btn-outline btn-small" onClick={() => void toInbox(p)}>
                            Add to inbox
                          </button>
                          <button type="button" className="btn btn-outline btn-small" onClick={() => setAnswering({ id: p.id, text: "" })}>
                            Reply
                          </button>
                        </>
                      )}
                    </div>
                    {answering?.id === p.id && (
                      <form
                        className="listening-reply"
                        onSubmit={(e) => {
                          e.preventDefault();
                          void reply();
                        }}
                      >
                        <label htmlFor={`reply-${p.id}`} className="visually-hidden">
                          Your reply
                        </label>
                        <textarea
                          id={`reply-${p.id}`}
                          className="input"
                          rows={2}
                          value={answering.text}
                          onChange={(e) => setAnswering({ id: p.id, text: e.target.value })}
                        />
                        <div className="listening-actions">
                          <button type="button" className="btn btn-ghost btn-small" onClick={() => setAnswering(null)}>
                            Cancel
                          </button>
                          <button type="submit" className="btn btn-primary btn-small" disabled={answering.text.trim() === ""}>
                            Reply publicly
                          </button>
                        </div>
                      </form>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}
