import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import { searchQueriesOf } from "../../domain/listening";
import { hasFeature, TIERS } from "../../domain/plans";
import { Database } from "../db/Database";
import { workspacesOfAgenciesOnPlans } from "../identity/queries";
import { sentimentOf } from "../inbox/sentiment";
import { recordPollFailure, recordPollSuccess } from "../jobs/poll-schedule";
import { logger } from "../log";
import { retryAfter } from "../platforms/call";

/**
 * The `poll_listening` job (every minute; each active monitor is searched every POLL_INTERVAL):
 * `app.bsky.feed.searchPosts` of the configured AppView (BLUESKY_APPVIEW_URL, public, no sign-in),
 * newest first, one search per term, keeping posts newer than the newest found before, once per
 * monitor. A 429 waits what the AppView asks (Retry-After, ratelimit-reset), any failure backs off.
 */
export const LISTENING_POLL_INTERVAL_MS = 5 * 60_000;
const TIMEOUT_MS = 15_000;

export const appViewUrl = (env: NodeJS.ProcessEnv = process.env) => env.BLUESKY_APPVIEW_URL?.trim().replace(/\/+$/, "") || null;

/** The AppView could not answer a search: the sentence to show, and how long it asks to wait. */
export class SearchRefused extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

interface PostView {
  uri: string;
  cid: string;
  author: { did: string; handle: string; displayName?: string; avatar?: string };
  record: { text?: string; createdAt?: string; reply?: { root?: { uri?: string; cid?: string } } };
  likeCount?: number;
  repostCount?: number;
  replyCount?: number;
  indexedAt: string;
}

export interface PublicSearch {
  readonly posts: ReadonlyArray<PostView>;
  /** The AppView's count of every match, when it gives one (beyond the page's posts). */
  readonly hitsTotal: number | null;
  /** Where the next page starts, when there are more posts than this page. */
  readonly cursor: string | null;
}

/**
 * One `app.bsky.feed.searchPosts` of the AppView (public, no sign-in), newest first: the posts of
 * `q` indexed since `since` (and before `until`). Social listening and hashtag research both ask it.
 * Throws SearchRefused with the sentence to show.
 */
export const searchPublicPosts = async (appView: string, q: string, window: { readonly since: Date | null; readonly until?: Date }): Promise<PublicSearch> => {
  const url = new URL(`${appView}/xrpc/app.bsky.feed.searchPosts`);
  url.searchParams.set("q", q);
  url.searchParams.set("sort", "latest");
  url.searchParams.set("limit", "100");
  if (window.since) url.searchParams.set("since", window.since.toISOString());
  if (window.until) url.searchParams.set("until", window.until.toISOString());
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new SearchRefused("The Bluesky AppView could not be reached.");
  }
  if (response.status === 429) {
    const seconds = retryAfter(response.headers);
    throw new SearchRefused(
      `The Bluesky AppView is limiting searches${seconds !== undefined ? `; searching again in ${Math.ceil(seconds / 60)} min` : ""}.`,
      seconds,
    );
  }
  const body = (await response.json().catch(() => null)) as { posts?: PostView[]; hitsTotal?: unknown; cursor?: unknown; message?: string } | null;
  if (!response.ok) throw new SearchRefused(`The Bluesky AppView refused the search${body?.message ? `: ${body.message}` : ""}.`);
  return {
    posts: Array.isArray(body?.posts) ? body.posts : [],
    hitsTotal: typeof body?.hitsTotal === "number" ? body.hitsTotal : null,
    cursor: typeof body?.cursor === "string" && body.cursor !== "" ? body.cursor : null,
  };
};

interface DueMonitor {
  id: string;
  workspace_id: string;
  terms: string[];
  newest: Date | null;
  failures: number;
}

export const pollListening = Effect.fn("Listening.poll")(function* (now: Date) {
  const appView = appViewUrl();
  if (!appView) return { monitors: 0, found: 0 };
  const db = yield* Database;
  const tiers = TIERS.filter((tier) => hasFeature(tier, "social_inbox"));
  const workspaceIds = (yield* workspacesOfAgenciesOnPlans(tiers)).map((w) => w.id);
  const due = yield* db.query(
    (sql) => sql<DueMonitor[]>`
      select m.id, m.workspace_id, m.terms, p.newest, coalesce(p.failures, 0) as failures
      from listening_monitors m left join listening_polls p on p.monitor_id = m.id
      where m.active and m.workspace_id = any(${workspaceIds}::uuid[]) and (p.next_poll_at is null or p.next_poll_at <= ${now})
      order by p.next_poll_at nulls first
      limit 100`,
  );
  let found = 0;
  for (const monitor of due) {
    const read = yield* Effect.result(
      Effect.tryPromise({
        try: async () =>
          (await Promise.all(searchQueriesOf(monitor.terms).map(async (q) => (await searchPublicPosts(appView, q, { since: monitor.newest })).posts))).flat(),
        catch: (error) => (error instanceof SearchRefused ? error : new SearchRefused("The Bluesky AppView answered something unreadable.")),
      }),
    );
    const row = { table: "listening_polls", key: { monitor_id: monitor.id } };
    if (read._tag === "Failure") {
      const { failures, reason } = yield* recordPollFailure(row, now, {
        failuresSoFar: monitor.failures,
        retryAfterSeconds: read.failure.retryAfterSeconds,
        reason: read.failure.message,
      });
      logger.warn({ monitorId: monitor.id, failures, reason }, "Listening: the search failed");
      continue;
    }
    const fresh = [...new Map(read.success.filter((p) => !monitor.newest || new Date(p.indexedAt) > monitor.newest).map((p) => [p.uri, p])).values()];
    const newest = fresh.reduce<Date | null>((at, p) => (!at || new Date(p.indexedAt) > at ? new Date(p.indexedAt) : at), monitor.newest);
    if (fresh.length > 0) {
      const rows = fresh.map((p) => {
        const text = typeof p.record.text === "string" ? p.record.text : "";
        const root = p.record.reply?.root;
        const postedAt = Date.parse(p.record.createdAt ?? "") || Date.parse(p.indexedAt);
        return {
          id: randomUUID(),
          monitor_id: monitor.id,
          workspace_id: monitor.workspace_id,
          uri: p.uri,
          cid: p.cid,
          author_did: p.author.did,
          author_handle: p.author.handle,
          author_name: p.author.displayName?.trim() || p.author.handle,
          author_avatar: p.author.avatar ?? null,
          text,
          reply_root: root?.uri && root.cid ? { uri: root.uri, cid: root.cid } : null,
          sentiment: sentimentOf(text),
          likes: p.likeCount ?? 0,
          reposts: p.repostCount ?? 0,
          replies: p.replyCount ?? 0,
          posted_at: new Date(postedAt),
          found_at: now,
        };
      });
      const inserted = yield* db.query((sql) => sql`insert into listening_posts ${sql(rows)} on conflict (monitor_id, uri) do nothing returning id`);
      found += inserted.length;
    }
    yield* recordPollSuccess(row, now, { nextInMs: LISTENING_POLL_INTERVAL_MS, stoppedAt: { newest } });
  }
  return { monitors: due.length, found };
});
