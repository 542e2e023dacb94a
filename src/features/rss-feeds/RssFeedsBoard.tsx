import { useEffect, useState } from "react";
import { platformById, type PlatformId } from "../../../domain/accounts/platforms";
import { POSTING_SCHEDULE_LABELS } from "../../../domain/feeds/rules";
import type { RssFeed, RssItem } from "../../../infra/feeds/Feeds";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorMessage } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import { PlatformBadge } from "../accounts/platform-badge";
import { relativeTime } from "../dashboard/dashboard-data";
import FeedDialog, { type FeedAccount } from "./FeedDialog";
import "./rss-feeds.css";

interface Props {
  readonly initial: ReadonlyArray<RssFeed>;
  /** The active accounts a feed can post to. */
  readonly accounts: ReadonlyArray<FeedAccount>;
  readonly canManage: boolean;
}

const ITEM_STATUS = { waiting: "Waiting for its turn", posted: "Posted", passed_over: "Not posted" } as const;
/** After a feed is added or moved, its first read comes within seconds: the list looks again until it has. */
const FIRST_READ_CHECKS = 15;

const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

function FeedHistory({ feed }: { feed: RssFeed }) {
  const [items, setItems] = useState<ReadonlyArray<RssItem> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api.get("/api/rss-feeds/:id", { params: { id: feed.id } }).then(
      (loaded) => setItems(loaded.items),
      () => setFailed(true),
    );
  }, [feed.id, feed.itemsSeen, feed.postsMade]);
  if (failed) return <p className="field-error">The history could not be loaded. Reload the page to try again.</p>;
  if (!items) return <p className="muted">Loading the history…</p>;
  if (items.length === 0) return <p className="muted">Nothing read yet: the first read comes within a minute of adding the feed.</p>;
  return (
    <ol className="rss-history" aria-label={`Items of ${feed.name}`}>
      {items.map((item) => (
        <li key={item.key} data-testid="rss-item" data-status={item.status}>
          <div className="rss-history-title">
            {item.link ? (
              <a href={item.link} target="_blank" rel="noopener noreferrer">
                {item.title}
              </a>
            ) : (
              item.title
            )}
          </div>
          <div className="rss-history-meta muted">
            <span className={`badge rss-item-${item.status}`}>{ITEM_STATUS[item.status]}</span>
            <span>Read {dateTime(item.foundAt)}</span>
            {item.postId && (
              <a href={`/app/posts/${item.postId}`} className="rss-post-link">
                View post
              </a>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** RSS Auto-posting (spec engagement §2): the feeds, each with its schedule, what its reads found and made, and its history. */
export default function RssFeedsBoard({ initial, accounts, canManage }: Props) {
  const hydrated = useHydrated();
  const [feeds, setFeeds] = useState<ReadonlyArray<RssFeed>>(initial);
  const [editing, setEditing] = useState<RssFeed | "new" | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [watching, setWatching] = useState(0);
  const now = new Date();

  const reload = async () => setFeeds(await api.get("/api/rss-feeds"));

  // A feed not read yet is read by the worker within seconds: look again a few times.
  useEffect(() => {
    if (watching === 0 || !feeds.some((f) => f.isActive && f.lastChecked === null)) return;
    const timer = setTimeout(() => {
      void reload().catch(() => undefined);
      setWatching((n) => n - 1);
    }, 2_000);
    return () => clearTimeout(timer);
  }, [watching, feeds]);

  const saved = (feed: RssFeed, added: boolean) => {
    setFeeds((all) => (added ? [feed, ...all] : all.map((f) => (f.id === feed.id ? feed : f))));
    setEditing(null);
    setWatching(FIRST_READ_CHECKS);
  };

  const toggle = async (feed: RssFeed) => {
    setBusy(feed.id);
    try {
      const changed = await api.put("/api/rss-feeds/:id", { params: { id: feed.id }, payload: { isActive: !feed.isActive } });
      setFeeds((all) => all.map((f) => (f.id === feed.id ? changed : f)));
      toast({
        title: "RSS Feed Updated",
        description: changed.isActive ? `${feed.name} is read again.` : `${feed.name} is paused: nothing is read or posted.`,
      });
      if (changed.isActive) setWatching(FIRST_READ_CHECKS);
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to update the RSS feed. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (feed: RssFeed) => {
    if (!window.confirm(`Delete the feed "${feed.name}"? Posts already made of it stay.`)) return;
    setBusy(feed.id);
    try {
      await api.delete("/api/rss-feeds/:id", { params: { id: feed.id } });
      setFeeds((all) => all.filter((f) => f.id !== feed.id));
      toast({ title: "RSS Feed Deleted", description: `${feed.name} is no longer read.` });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to delete the RSS feed. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const targetsOf = (feed: RssFeed) => {
    const chosen = accounts.filter((a) => feed.accountIds.includes(a.id));
    if (feed.accountIds.length > 0) {
      return chosen.map((a) => (
        <span key={a.id} className="rss-target">
          <PlatformBadge platform={a.platform as PlatformId} size="tiny" />
          {a.name}
        </span>
      ));
    }
    return feed.platforms.map((p) => (
      <span key={p} className="rss-target">
        <PlatformBadge platform={p as PlatformId} size="tiny" />
        every {platformById(p as PlatformId).name} account
      </span>
    ));
  };

  return (
    <div className="rss" data-testid="rss-feeds" data-hydrated={hydrated ? "true" : undefined}>
      <div className="rss-toolbar">
        <p className="muted">
          {feeds.length === 0 ? "" : `${plural(feeds.length, "feed")}, ${feeds.filter((f) => f.isActive).length.toLocaleString("en-US")} active`}
        </p>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing("new")} disabled={!hydrated}>
            Add Feed
          </button>
        )}
      </div>

      {feeds.length === 0 ? (
        <div className="card rss-empty" data-testid="rss-empty">
          <h2>No RSS Feeds</h2>
          <p className="muted">
            Add your blog's or newsletter's feed: each new article becomes a post on the accounts you choose, at once or once a day or week at your best time,
            or as a draft for you to check.
          </p>
          {canManage && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing("new")} disabled={!hydrated}>
              Add your first feed
            </button>
          )}
        </div>
      ) : (
        <ul className="rss-list">
          {feeds.map((feed) => (
            <li key={feed.id} className="card rss-feed" data-testid="rss-feed">
              <div className="rss-feed-head">
                <div className="rss-feed-title">
                  <h2>{feed.name}</h2>
                  <a className="rss-url" href={feed.url} target="_blank" rel="noopener noreferrer">
                    {feed.url}
                  </a>
                </div>
                <span className={feed.isActive ? "badge badge-accent" : "badge"}>{feed.isActive ? "Active" : "Paused"}</span>
              </div>
              <div className="rss-targets">{targetsOf(feed)}</div>
              <dl className="rss-facts">
                <div>
                  <dt>Schedule</dt>
                  <dd>{feed.delivery === "draft" ? "Saved as drafts" : POSTING_SCHEDULE_LABELS[feed.postingSchedule]}</dd>
                </div>
                <div>
                  <dt>Last checked</dt>
                  <dd>{feed.lastChecked ? relativeTime(feed.lastChecked, now) : feed.isActive ? "Within a minute" : "Not yet"}</dd>
                </div>
                <div>
                  <dt>Items seen</dt>
                  <dd>{feed.itemsSeen.toLocaleString("en-US")}</dd>
                </div>
                <div>
                  <dt>Posts made</dt>
                  <dd data-testid="rss-posts-made">{feed.postsMade.toLocaleString("en-US")}</dd>
                </div>
              </dl>
              {feed.waiting > 0 && feed.isActive && (
                <p className="muted rss-note">
                  {plural(feed.waiting, "item")} waiting for {feed.postingSchedule === "weekly" ? "next week's" : "the next day's"} turn.
                </p>
              )}
              {feed.lastError && (
                <p className="field-error" role="status">
                  Last read failed: {feed.lastError} {feed.nextCheck ? `Next try ${dateTime(feed.nextCheck)}.` : ""}
                </p>
              )}
              <div className="rss-actions">
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-expanded={open === feed.id}
                  onClick={() => setOpen(open === feed.id ? null : feed.id)}
                  disabled={!hydrated}
                >
                  History
                </button>
                {canManage && (
                  <>
                    <button type="button" className="btn btn-ghost" onClick={() => void toggle(feed)} disabled={!hydrated || busy === feed.id}>
                      {feed.isActive ? "Pause" : "Resume"}
                    </button>
                    <button type="button" className="btn btn-ghost" onClick={() => setEditing(feed)} disabled={!hydrated}>
                      Edit
                    </button>
                    <button type="button" className="btn btn-ghost rss-delete" onClick={() => void remove(feed)} disabled={!hydrated || busy === feed.id}>
                      Delete
                    </button>
                  </>
                )}
              </div>
              {open === feed.id && <FeedHistory feed={feed} />}
            </li>
          ))}
        </ul>
      )}

      {editing && <FeedDialog feed={editing === "new" ? null : editing} accounts={accounts} onClose={() => setEditing(null)} onSaved={saved} />}
    </div>
  );
}
