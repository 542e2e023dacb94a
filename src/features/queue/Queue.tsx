import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { isVideoAddress } from "../../../domain/media/addresses";
import { businessDetails, businessTypeLabel } from "../../../domain/publishing/business-post";
import type { PlatformId } from "../../../domain/accounts";
import type { PostView } from "../../../infra/publishing/PostQueries";
import { Dialog } from "../../components/ui/Dialog";
import { useHydrated } from "../../components/ui/use-hydrated";
import { apiErrorMessage, apiErrorStatus, apiRefusal } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import { conflictMessage, versionedBody } from "../../lib/version-conflict";
import { excerpt } from "../../lib/text";
import { toast } from "../../islands/toast/toast-store";
import { PlatformBadge } from "../accounts/platform-badge";
import {
  addressWithTab,
  failureToast,
  filterParams,
  formatWhen,
  HASHTAG_PREVIEW,
  hashtagsOf,
  type QueueTab,
  type StatusCounts,
  TAB_QUERY,
  TABS,
  tabCounts,
  tabOf,
} from "./queue-model";
import "./queue.css";
import { WorkspaceOptions } from "../../components/ui/WorkspaceOptions";

export interface QueueAccount {
  readonly id: string;
  readonly platform: PlatformId;
  readonly accountName: string;
}

export interface QueueCategory {
  readonly id: string;
  readonly name: string;
}

interface Props {
  /** The tab the address asked for (`?tab=`), rendered on the server. */
  readonly initialTab: QueueTab;
  /** That tab's first page and every tab's count, or null when they could not be read. */
  readonly initialPosts: ReadonlyArray<PostView> | null;
  readonly initialCursor: string | null;
  readonly initialCounts: StatusCounts | null;
  readonly accounts: ReadonlyArray<QueueAccount>;
  readonly categories: ReadonlyArray<QueueCategory>;
  readonly platformNames: Readonly<Record<string, string>>;
  readonly timeZone: string;
  /** Posts need approval here (or some still await it): the Awaiting Approval tab is shown. */
  readonly showApproval: boolean;
  /** May approve posts or send them back (owners and admins). */
  readonly canApprove: boolean;
  /** The team's names by user id (of every workspace below): who submitted a post awaiting approval. */
  readonly authors: Readonly<Record<string, string>>;
  /** The workspace the person works in. */
  readonly workspaceId?: string;
  /**
   * The workspaces of the agency the person is in (its own and the clients they were given), and
   * whether their role there may approve: with more than one, Awaiting Approval offers the Workspace choice.
   */
  readonly workspaces?: ReadonlyArray<QueueWorkspace>;
}

export interface QueueWorkspace {
  readonly id: string;
  readonly name: string;
  readonly canApprove: boolean;
}

/** A listed post; across clients it names its workspace. */
type ListedPost = PostView & { readonly workspaceName?: string };

/** A post's media that can be shown as it is (a library file's or a web address; a bare library id is not one). */
const isAddress = (ref: string) => ref.startsWith("/") || /^https:\/\//.test(ref);

/** Posts per page of a tab; "Load more posts" fetches the next. */
export const QUEUE_PAGE = 50;

/** Typing in the search asks the server once the person pauses. */
const SEARCH_PAUSE_MS = 250;

/** What a confirmation asks before: deleting posts, or publishing them now instead of at their time. */
type Confirm = { readonly action: "delete" | "publish"; readonly ids: ReadonlyArray<string> } | null;

/**
 * A tab's page. `across` ("all" or a workspace's id) reads Awaiting Approval across the agency's
 * clients; Filter By names this workspace's accounts and categories, so it is left out there.
 */
const fetchPage = async (tab: QueueTab, filter: string, search: string, cursor: string | null, across = "") => {
  const query = {
    ...Object.fromEntries(filterParams(across ? "" : filter, search)),
    status: TAB_QUERY[tab].status,
    sort: TAB_QUERY[tab].sort,
    limit: String(QUEUE_PAGE),
    ...(across ? { workspaces: "all" as const, ...(across === "all" ? {} : { workspace: across }) } : {}),
  };
  return api.get("/api/posts", { query: cursor ? { ...query, cursor } : query });
};

/** The tab counts follow Filter By, not the search (a search narrows the cards of one tab). */
const fetchCounts = (filter: string) => api.get("/api/posts/counts", { query: Object.fromEntries(filterParams(filter, "")) });

export default function Queue({
  initialTab,
  initialPosts,
  initialCursor,
  initialCounts,
  accounts,
  categories,
  platformNames,
  timeZone,
  showApproval,
  canApprove,
  authors,
  workspaceId = "",
  workspaces = [],
}: Props) {
  const hydrated = useHydrated();
  const [posts, setPosts] = useState<ReadonlyArray<ListedPost>>(initialPosts ?? []);
  const [cursor, setCursor] = useState<string | null>(initialCursor);
  const [statusCounts, setStatusCounts] = useState<StatusCounts>(
    initialCounts ?? { draft: 0, awaiting_approval: 0, scheduled: 0, publishing: 0, published: 0 },
  );
  const [loadError, setLoadError] = useState<string | null>(initialPosts === null || initialCounts === null ? "We could not load your posts." : null);
  const [loading, setLoading] = useState(false);
  const [tab, setTab] = useState<QueueTab>(initialTab);
  const [filter, setFilter] = useState("");
  // Awaiting Approval's Workspace choice: "" this workspace, "all" every one of the agency's the person is in, or one's id.
  const [workspace, setWorkspace] = useState("");
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [small, setSmall] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [refusals, setRefusals] = useState<Readonly<Record<string, string>>>({});
  const [confirm, setConfirm] = useState<Confirm>(null);
  const tabRefs = useRef<Record<QueueTab, HTMLButtonElement | null>>({ scheduled: null, approval: null, published: null, draft: null });
  const [changes, setChanges] = useState<PostView | null>(null);
  const tabs = showApproval ? TABS : TABS.filter((t) => t.id !== "approval");
  const timers = useRef<number[]>([]);
  const request = useRef(0);
  const shown = useRef(`${initialTab}||`);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(query), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  const across = tab === "approval" && workspaces.length > 1 ? workspace : "";
  /** A post of another workspace than the one the person works in (listed across clients): only approved or sent back from here. */
  const elsewhere = (post: Pick<PostView, "workspaceId">) => workspaceId !== "" && post.workspaceId !== workspaceId;
  const mayApprove = (post: Pick<PostView, "workspaceId">) => (elsewhere(post) ? (workspaces.find((w) => w.id === post.workspaceId)?.canApprove ?? false) : canApprove);
  const counted = tabCounts(statusCounts);
  const total = counted.scheduled + counted.approval + counted.published + counted.draft;
  // A post whose status changed here (published now) leaves its tab before the next reload.
  const visible = useMemo(() => posts.filter((p) => tabOf(p) === tab), [posts, tab]);
  // Across clients, Awaiting Approval counts what it lists (the counts are this workspace's).
  const counts = across ? { ...counted, approval: visible.length } : counted;
  const selectable = tab !== "published";
  const selectableIds = useMemo(
    () => (selectable ? visible.filter((p) => p.status !== "publishing" && !(workspaceId !== "" && p.workspaceId !== workspaceId)).map((p) => p.id) : []),
    [visible, selectable, workspaceId],
  );
  const chosen = selectableIds.filter((id) => selected.has(id));
  const allSelected = selectableIds.length > 0 && chosen.length === selectableIds.length;
  const current = tabs.find((t) => t.id === tab)!;

  /** The tab's first page and the counts again; quiet when following a publication. */
  const reload = async (quiet = false) => {
    const id = ++request.current;
    if (!quiet) setLoading(true);
    try {
      const [page, fresh] = await Promise.all([fetchPage(tab, filter, search, null, across), fetchCounts(filter)]);
      if (id !== request.current) return null;
      setPosts(page.items);
      setCursor(page.next);
      setStatusCounts(fresh);
      setLoadError(null);
      return page.items;
    } catch (error) {
      if (!quiet && id === request.current) setLoadError(apiErrorMessage(error, "We could not load your posts. Check your connection and try again."));
      return null;
    } finally {
      if (!quiet && id === request.current) setLoading(false);
    }
  };

  /** The latest `reload` (of the tab and filters on screen now), for a toast's Reload clicked later. */
  const latestReload = useRef(reload);
  latestReload.current = reload;

  useEffect(() => {
    const key = `${tab}|${filter}|${search}${across ? `|${across}` : ""}`;
    if (shown.current === key) return;
    shown.current = key;
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab, filter, search, across]);

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await fetchPage(tab, filter, search, cursor, across);
      setPosts((list) => [...list, ...page.items.filter((p) => !list.some((q) => q.id === p.id))]);
      setCursor(page.next);
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to load more posts."), variant: "destructive" });
    } finally {
      setLoading(false);
    }
  };

  /** Follows a publication: a few quiet reloads until nothing is "publishing" any more. */
  const follow = (attempt = 0) => {
    const delays = [1500, 3000, 5000, 8000, 13000];
    if (attempt >= delays.length) return;
    timers.current.push(
      window.setTimeout(async () => {
        const page = await reload(true);
        if (!page || page.some((p) => p.status === "publishing")) follow(attempt + 1);
      }, delays[attempt]),
    );
  };

  const mark = (ids: ReadonlyArray<string>, on: boolean) =>
    setBusy((set) => {
      const next = new Set(set);
      ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
      return next;
    });

  /** The server's reasons for the last failed publish or delete of each post, shown on its card. */
  const noteRefusals = (ids: ReadonlyArray<string>, results: ReadonlyArray<PromiseSettledResult<unknown>>) =>
    setRefusals((current) => {
      const next = { ...current };
      ids.forEach((id, i) => {
        const result = results[i]!;
        const reason = result.status === "rejected" ? apiRefusal(result.reason) : null;
        if (reason) next[id] = reason;
        else delete next[id];
      });
      return next;
    });

  /**
   * The toast of a publish or delete where some posts failed. A version conflict (someone changed the
   * post since this list was read) says so and offers Reload: the list as it is now, without the
   * conflict notes on those cards.
   */
  const showFailure = (ids: ReadonlyArray<string>, results: ReadonlyArray<PromiseSettledResult<unknown>>, spec: string) => {
    const notice = failureToast(results, spec);
    if (!notice) return;
    const conflicted = ids.filter((_, i) => {
      const result = results[i]!;
      return result.status === "rejected" && conflictMessage(result.reason) !== null;
    });
    toast({
      title: notice.title,
      description: notice.description,
      variant: "destructive",
      ...(notice.reload
        ? {
            action: {
              label: "Reload",
              onClick: () => {
                setRefusals((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !conflicted.includes(id))));
                void latestReload.current();
              },
            },
          }
        : {}),
    });
  };

  /** Each write states the version of the post as listed here (GET /api/posts answered it). */
  const listed = (id: string) => posts.find((p) => p.id === id);

  const publish = async (ids: ReadonlyArray<string>) => {
    mark(ids, true);
    const results = await Promise.allSettled(
      ids.map((id) => api.post("/api/posts/:id/publish", { params: { id }, payload: versionedBody(listed(id)) ?? {} })),
    );
    mark(ids, false);
    noteRefusals(ids, results);
    const done = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    setPosts((list) => list.map((p) => done.find((d) => d.id === p.id) ?? p));
    setSelected((set) => new Set([...set].filter((id) => !done.some((d) => d.id === id))));
    setConfirm(null);
    if (done.length > 0) {
      toast({
        title: "Success",
        description: done.length === 1 ? "Post published successfully!" : `${done.length} posts published successfully!`,
      });
      follow();
    }
    showFailure(ids, results, "Failed to publish post.");
  };

  const remove = async (ids: ReadonlyArray<string>) => {
    mark(ids, true);
    const results = await Promise.allSettled(
      ids.map((id) => api.delete("/api/posts/:id", { params: { id }, payload: versionedBody(listed(id)) ?? {} }).then(() => id)),
    );
    mark(ids, false);
    noteRefusals(ids, results);
    const gone = new Set(results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : [])));
    setPosts((list) => list.filter((p) => !gone.has(p.id)));
    if (gone.size > 0) void fetchCounts(filter).then(setStatusCounts, () => undefined);
    setSelected((set) => new Set([...set].filter((id) => !gone.has(id))));
    setConfirm(null);
    if (gone.size > 0) toast({ title: "Success", description: gone.size === 1 ? "Post deleted successfully!" : `${gone.size} posts deleted successfully!` });
    showFailure(ids, results, "Failed to delete post.");
  };

  /** An approver's yes: scheduled at its time, or published now when that has passed (the button says so). */
  const approve = async (post: ListedPost) => {
    mark([post.id], true);
    try {
      const now = post.scheduledAt === null || Date.parse(post.scheduledAt) <= Date.now();
      const saved = await api.post("/api/posts/:id/approve", { params: { id: post.id }, payload: { ...versionedBody(post), publishNow: now } });
      setPosts((list) => list.map((p) => (p.id === saved.id ? { ...saved, workspaceName: p.workspaceName } : p)));
      void fetchCounts(filter).then(setStatusCounts, () => undefined);
      toast({ title: "Post Approved", description: now ? "It is being published now." : `It goes out ${formatWhen(saved.scheduledAt ?? "", timeZone)}.` });
      if (now) follow();
    } catch (error) {
      if (apiErrorStatus(error) === 409) await decidedElsewhere(post);
      else toast({ title: "Error", description: apiErrorMessage(error, "Failed to approve the post. Please try again."), variant: "destructive" });
    } finally {
      mark([post.id], false);
    }
  };

  /** Approve (or approve and publish now, once its time has passed) and Request changes, for a post awaiting approval. */
  const decisionButtons = (post: ListedPost, isBusy: boolean) => (
    <>
      <button type="button" className="btn btn-primary" disabled={!hydrated || isBusy} onClick={() => void approve(post)}>
        {post.scheduledAt && Date.parse(post.scheduledAt) > Date.now() ? "Approve" : "Approve and publish now"}
      </button>
      <button type="button" className="btn btn-outline" disabled={!hydrated || isBusy} onClick={() => setChanges(post)}>
        Request changes
      </button>
    </>
  );

  /**
   * An approval or a sending back refused with 409: someone else decided (or changed the post) since
   * the list was read. The card takes the post as it is now (off Awaiting Approval once decided or
   * deleted), and the toast says what happened.
   */
  const decidedElsewhere = async (post: PostView) => {
    const now = await api.get("/api/posts/:id", { params: { id: post.id } }).catch(() => null);
    setPosts((list) => (now ? list.map((p) => (p.id === post.id ? now : p)) : list.filter((p) => p.id !== post.id)));
    void fetchCounts(filter).then(setStatusCounts, () => undefined);
    const what =
      now === null
        ? "Someone deleted this post."
        : now.status === "awaiting_approval"
          ? "Someone changed this post since the list was loaded. Read it again before deciding."
          : now.status === "draft"
            ? "Someone else already sent this post back to its author."
            : "Someone else already approved this post.";
    toast({ title: now?.status === "awaiting_approval" ? "Post Changed" : "Already Decided", description: what });
  };

  const chooseTab = (next: QueueTab, focus = false) => {
    setTab(next);
    // The address names the tab (a link or a reload opens it again) without a history entry per click.
    window.history.replaceState(window.history.state, "", addressWithTab(window.location.href, next));
    setSelected(new Set());
    if (focus) tabRefs.current[next]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === tab);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    chooseTab(tabs[(target + tabs.length) % tabs.length]!.id, true);
  };

  const toggle = (id: string) =>
    setSelected((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const accountName = (id: string) => accounts.find((a) => a.id === id)?.accountName;
  const confirmPosts = confirm ? posts.filter((p) => confirm.ids.includes(p.id)) : [];

  return (
    <div className="queue" data-testid="queue" data-hydrated={hydrated ? "true" : undefined}>
      <aside className="card queue-side" aria-label="Queue">
        <div className="queue-title">
          <h1>Queue</h1>
          <span className="badge badge-brand">
            <span data-testid="queue-total">{total}</span>
            <span className="visually-hidden"> posts in total</span>
          </span>
        </div>
        <div role="tablist" aria-label="Post status" aria-orientation="vertical" className="queue-tabs">
          {tabs.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`queue-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="queue-panel"
              tabIndex={tab === t.id ? 0 : -1}
              className="queue-tab"
              data-testid={`tab-${t.id}`}
              disabled={!hydrated}
              onClick={() => chooseTab(t.id)}
              onKeyDown={onTabKey}
            >
              <span>{t.label}</span>
              <span className="queue-count" data-testid={`count-${t.id}`}>
                {counts[t.id]}
              </span>
            </button>
          ))}
        </div>
        {tab === "approval" && workspaces.length > 1 && (
          <div className="field">
            <label htmlFor="queue-workspace">Workspace</label>
            <select
              id="queue-workspace"
              className="input"
              data-testid="queue-workspace"
              value={workspace}
              disabled={!hydrated}
              onChange={(e) => {
                setWorkspace(e.target.value);
                setSelected(new Set());
              }}
            >
              <WorkspaceOptions workspaces={workspaces} />
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="queue-filter">Filter By</label>
          <select
            id="queue-filter"
            className="input"
            value={filter}
            disabled={!hydrated || across !== ""}
            title={across ? "Filter By narrows this workspace's posts: choose This workspace to use it." : undefined}
            onChange={(e) => {
              setFilter(e.target.value);
              setSelected(new Set());
            }}
          >
            <option value="">All posts</option>
            <optgroup label="Account">
              {accounts.length === 0 && (
                <option disabled value="account:none">
                  No connected accounts
                </option>
              )}
              {accounts.map((a) => (
                <option key={a.id} value={`account:${a.id}`}>
                  {a.accountName} ({platformNames[a.platform] ?? a.platform})
                </option>
              ))}
            </optgroup>
            <optgroup label="Category">
              {categories.length === 0 && (
                <option disabled value="category:none">
                  No categories
                </option>
              )}
              {categories.map((c) => (
                <option key={c.id} value={`category:${c.id}`}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
      </aside>

      <section className="queue-main" id="queue-panel" role="tabpanel" aria-labelledby={`queue-tab-${tab}`} aria-busy={loading}>
        <div className="card queue-toolbar">
          <div className="queue-toggles">
            {selectable && (
              <label className="ui-switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={allSelected}
                  disabled={!hydrated || selectableIds.length === 0}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(selectableIds))}
                />
                <span>Select All</span>
              </label>
            )}
            <label className="ui-switch">
              <input type="checkbox" role="switch" checked={small} disabled={!hydrated} onChange={() => setSmall((s) => !s)} />
              <span>Small Post Size</span>
            </label>
          </div>
          <div className="queue-search">
            <label htmlFor="queue-search" className="visually-hidden">
              Search posts
            </label>
            <input
              id="queue-search"
              className="input"
              type="search"
              placeholder="Search posts..."
              value={query}
              disabled={!hydrated}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <button type="button" className="btn btn-ghost" disabled={!hydrated || loading} onClick={() => reload()}>
            {loading ? "Loading..." : "Refresh"}
          </button>
        </div>

        {chosen.length > 0 && (
          <div className="card queue-bulk" role="region" aria-label="Selected posts" data-testid="bulk-bar">
            <span>{chosen.length} selected</span>
            <div className="queue-actions" data-requires="manage_posts">
              {tab === "scheduled" && (
                <button type="button" className="btn btn-primary" disabled={chosen.some((id) => busy.has(id))} onClick={() => setConfirm({ action: "publish", ids: chosen })}>
                  Publish selected
                </button>
              )}
              <button type="button" className="btn btn-danger" disabled={chosen.some((id) => busy.has(id))} onClick={() => setConfirm({ action: "delete", ids: chosen })}>
                Delete selected
              </button>
            </div>
          </div>
        )}

        {loadError && (
          <div className="card queue-error" role="alert">
            <p>{loadError}</p>
            <button type="button" className="btn btn-outline" disabled={!hydrated || loading} onClick={() => reload()}>
              Try again
            </button>
          </div>
        )}

        <p className="visually-hidden" role="status" aria-live="polite">
          {loading ? "Loading posts" : `${visible.length} of ${counts[tab]} ${current.empty} posts shown`}
        </p>

        {tab === "approval" && canApprove && !across && visible.length > 0 && (
          <p className="muted">
            A client can approve them too, without an account: <a href="/app/team-management#client-links">share them for approval</a>.
          </p>
        )}

        {!loadError && !loading && counts[tab] === 0 && visible.length === 0 && (
          <div className="card queue-empty" data-testid="queue-empty">
            <p>{across ? "No posts await approval in these workspaces" : `You have no ${current.empty} posts`}</p>
            <a className="btn btn-primary" href="/compose">
              Create Post
            </a>
          </div>
        )}
        {!loadError && !loading && counts[tab] > 0 && visible.length === 0 && search.trim() !== "" && (
          <div className="card queue-empty" data-testid="queue-no-match">
            <p>
              No {current.empty} posts match “{query.trim()}”.
            </p>
            <button type="button" className="btn btn-outline" onClick={() => setQuery("")}>
              Clear search
            </button>
          </div>
        )}

        <ul className={`queue-list${small ? " queue-list-small" : ""}`} data-testid="queue-list">
          {visible.map((post) => {
            const tags = hashtagsOf(post.content);
            const isBusy = busy.has(post.id);
            const failed = post.targets.filter((t) => t.status === "failed");
            const when =
              post.status === "published" && post.publishedAt
                ? `Published ${formatWhen(post.publishedAt, timeZone)}`
                : post.scheduledAt
                  ? `Scheduled for ${formatWhen(post.scheduledAt, timeZone)}`
                  : `Created ${formatWhen(post.createdAt, timeZone)}`;
            return (
              <li key={`${post.id}:${post.publishedAt ?? ""}`} className={`card queue-post${selected.has(post.id) ? " queue-post-selected" : ""}`} data-testid="queue-post">
                <div className="queue-post-head">
                  {selectable && !elsewhere(post) && (
                    <input
                      type="checkbox"
                      className="queue-check"
                      aria-label={`Select post: ${excerpt(post.content, 40)}`}
                      checked={selected.has(post.id)}
                      disabled={!hydrated || post.status === "publishing"}
                      onChange={() => toggle(post.id)}
                    />
                  )}
                  <ul className="queue-platforms" aria-label="Platforms">
                    {post.platforms.map((p) => (
                      <li key={p} title={platformNames[p] ?? p}>
                        <PlatformBadge platform={p} size="small" />
                        <span className="visually-hidden">{platformNames[p] ?? p}</span>
                      </li>
                    ))}
                  </ul>
                  <span className="queue-when muted">
                    <time dateTime={post.publishedAt ?? post.scheduledAt ?? post.createdAt}>{when}</time>
                  </span>
                  {post.status === "publishing" && (
                    <span className="badge badge-brand" data-testid="publishing">
                      Publishing…
                    </span>
                  )}
                  {post.status === "awaiting_approval" && (
                    <span className="badge badge-brand">Awaiting approval{authors[post.userId] ? ` · by ${authors[post.userId]}` : ""}</span>
                  )}
                  {across && post.workspaceName && (
                    <span className="badge queue-client name-wrap" data-testid="queue-client" title={`Workspace: ${post.workspaceName}`}>
                      {post.workspaceName}
                    </span>
                  )}
                  {post.status === "draft" && (post.lastError || failed.length > 0) && <span className="badge badge-danger">Failed</span>}
                </div>
                <p className="queue-content">{post.content || <span className="muted">(no text)</span>}</p>
                {businessTypeLabel(post.postType) && (
                  <dl className="queue-business" aria-label={`Business Profile ${businessTypeLabel(post.postType)}`} data-testid="queue-business">
                    <div>
                      <dt>Type</dt>
                      <dd>{businessTypeLabel(post.postType)}</dd>
                    </div>
                    {businessDetails(post.postType, post.businessData).map((detail) => (
                      <div key={detail.label}>
                        <dt>{detail.label}</dt>
                        <dd>{detail.value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {post.media.some(isAddress) && (
                  <ul className="queue-media" aria-label="Media" data-testid="queue-media">
                    {post.media.filter(isAddress).map((url, i) => (
                      <li key={`${url}-${i}`}>
                        {isVideoAddress(url) ? <span className="queue-media-video">Video</span> : <img src={url} alt={`Attachment ${i + 1}`} loading="lazy" />}
                      </li>
                    ))}
                  </ul>
                )}
                {tags.length > 0 && (
                  <ul className="queue-tags" aria-label="Hashtags">
                    {tags.slice(0, HASHTAG_PREVIEW).map((tag) => (
                      <li key={tag} className="badge">
                        {tag}
                      </li>
                    ))}
                    {tags.length > HASHTAG_PREVIEW && <li className="muted">+{tags.length - HASHTAG_PREVIEW} more</li>}
                  </ul>
                )}
                {post.status === "draft" && post.lastError && <p className="field-error queue-last-error">Last error: {post.lastError}</p>}
                {post.status === "draft" && post.reviewComment && (
                  <p className="queue-review" data-testid="review-comment">
                    <strong>Changes requested:</strong> {post.reviewComment}
                  </p>
                )}
                {refusals[post.id] && (
                  <p className="field-error queue-last-error" role="alert" data-testid="queue-refusal">
                    {refusals[post.id]}
                  </p>
                )}
                {(failed.length > 0 || post.status === "published") && post.targets.length > 0 && (
                  <ul className="queue-results" aria-label="Results per account">
                    {post.targets.map((t) => (
                      <li key={t.accountId}>
                        <PlatformBadge platform={t.platform} size="small" />
                        <span>{accountName(t.accountId) ?? platformNames[t.platform] ?? t.platform}:</span>{" "}
                        {t.status === "published" ? (
                          t.url ? (
                            // A sandbox post's page is in the app: it opens here, a platform's in a new tab.
                            <a href={t.url} target={t.url.startsWith("/") ? undefined : "_blank"} rel="noopener noreferrer">
                              Published (view)
                            </a>
                          ) : (
                            <span>Published</span>
                          )
                        ) : t.status === "failed" ? (
                          <span className="field-error">{t.error ?? "Failed"}</span>
                        ) : (
                          <span className="muted">{t.status}</span>
                        )}
                        {t.warning && <span className="queue-warning"> {t.warning}</span>}
                      </li>
                    ))}
                  </ul>
                )}
                {elsewhere(post) && (
                  // Another workspace's post: decided there, by the person's role there (not this workspace's); opened there.
                  <div className="queue-actions">
                    {post.status === "awaiting_approval" && mayApprove(post) && decisionButtons(post, isBusy)}
                    <a className="btn btn-ghost" href={`/app/posts/${post.id}`} aria-label={`Open post: ${excerpt(post.content, 40)}`}>
                      Open
                    </a>
                  </div>
                )}
                {post.status !== "published" && !elsewhere(post) && (
                  <div className="queue-actions" data-requires="manage_posts">
                    {post.status !== "publishing" && (
                      <a className="btn btn-outline" href={`/app/compose?post=${post.id}`} aria-label={`Edit post: ${excerpt(post.content, 40)}`}>
                        Edit
                      </a>
                    )}
                    {post.status === "scheduled" && (
                      <button type="button" className="btn btn-primary" disabled={!hydrated || isBusy} onClick={() => setConfirm({ action: "publish", ids: [post.id] })}>
                        {isBusy ? "Publishing..." : "Publish now"}
                      </button>
                    )}
                    {post.status === "awaiting_approval" && mayApprove(post) && decisionButtons(post, isBusy)}
                    {(post.status === "scheduled" || post.status === "draft" || post.status === "awaiting_approval") && (
                      <button
                        type="button"
                        className="btn btn-outline queue-delete"
                        disabled={!hydrated || isBusy}
                        onClick={() => setConfirm({ action: "delete", ids: [post.id] })}
                      >
                        Delete
                      </button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>

        {cursor && !loadError && (
          <button type="button" className="btn btn-outline queue-more" disabled={!hydrated || loading} onClick={loadMore}>
            {loading ? "Loading..." : "Load more posts"}
          </button>
        )}
      </section>

      <Dialog
        open={confirm !== null}
        title={confirmTitle(confirm)}
        description={
          confirm?.action === "publish"
            ? `${confirm.ids.length > 1 ? "They go" : "It goes"} out now on every account chosen, instead of at the scheduled time, and ${confirm.ids.length > 1 ? "move" : "moves"} to now in the calendar.`
            : "This cannot be undone. Scheduled posts will not be published."
        }
        onClose={() => setConfirm(null)}
      >
        {confirm && (
          <>
            {confirmPosts.length === 1 && <p className="queue-confirm-excerpt">“{excerpt(confirmPosts[0]!.content, 120)}”</p>}
            <div className="ui-dialog-actions">
              <button type="button" className="btn btn-outline" onClick={() => setConfirm(null)}>
                Cancel
              </button>
              {confirm.action === "publish" ? (
                <button type="button" className="btn btn-primary" disabled={confirm.ids.some((id) => busy.has(id))} onClick={() => publish(confirm.ids)}>
                  {confirm.ids.some((id) => busy.has(id)) ? "Publishing..." : confirm.ids.length > 1 ? `Publish ${confirm.ids.length} posts` : "Publish now"}
                </button>
              ) : (
                <button type="button" className="btn btn-danger" disabled={confirm.ids.some((id) => busy.has(id))} onClick={() => remove(confirm.ids)}>
                  {confirm.ids.length > 1 ? `Delete ${confirm.ids.length} posts` : "Delete post"}
                </button>
              )}
            </div>
          </>
        )}
      </Dialog>
      <Dialog
        open={changes !== null}
        title="Request changes"
        description="The post goes back to its author as a draft, with your note."
        onClose={() => setChanges(null)}
      >
        {changes && (
          <RequestChangesForm
            post={changes}
            onClose={() => setChanges(null)}
            onStale={(post) => {
              setChanges(null);
              void decidedElsewhere(post);
            }}
            onSent={(saved) => {
              setPosts((list) => list.map((p) => (p.id === saved.id ? saved : p)));
              void fetchCounts(filter).then(setStatusCounts, () => undefined);
              setChanges(null);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

const confirmTitle = (confirm: Confirm) =>
  !confirm
    ? ""
    : confirm.action === "publish"
      ? confirm.ids.length > 1
        ? `Publish ${confirm.ids.length} posts now?`
        : "Publish this post now?"
      : confirm.ids.length > 1
        ? `Delete ${confirm.ids.length} posts?`
        : "Delete this post?";

function RequestChangesForm({
  post,
  onClose,
  onSent,
  onStale,
}: {
  post: PostView;
  onClose: () => void;
  onSent: (post: PostView) => void;
  /** Refused with 409: decided or changed by someone else meanwhile. */
  onStale: (post: PostView) => void;
}) {
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const saved = await api.post("/api/posts/:id/request-changes", { params: { id: post.id }, payload: { ...versionedBody(post), comment } });
      toast({ title: "Changes Requested", description: "The post is back in its author's drafts, with your note." });
      onSent(saved);
    } catch (failure) {
      if (apiErrorStatus(failure) === 409) return onStale(post);
      setError(apiErrorMessage(failure, "Failed to send the post back. Please try again."));
      setSending(false);
    }
  };
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <p className="queue-confirm-excerpt">“{excerpt(post.content, 120)}”</p>
      <div className="field">
        <label htmlFor="review-comment">What to change</label>
        <textarea id="review-comment" className="input" rows={4} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? "Sending..." : "Send back"}
        </button>
      </div>
    </form>
  );
}
