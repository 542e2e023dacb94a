/**
 * The inbox of a busy workspace (issue 11: "100,000 messages in a workspace: the first page and each
 * filter answer in under 50 ms, p99"): `inbox_messages` rows seeded straight into the read model of the
 * bench user's workspace (three kinds, four platforms, every status and sentiment, over a year), then
 * GET /api/social-inbox unfiltered, by each filter, a search and an older page, each timed `samples`
 * times in a row (p50/p99).
 */
import { sqlClient } from "../infra/db/client";
import { latencyOf } from "./format";

export const INBOX_BUDGET_MS = 50;

export interface InboxFigure {
  readonly label: string;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly samples: number;
}

export const measureInbox = async (options: {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly email: string;
  readonly databaseUrl: string;
  readonly messages?: number;
  readonly samples?: number;
}): Promise<{ readonly messages: number; readonly seedSeconds: number; readonly figures: ReadonlyArray<InboxFigure> }> => {
  const messages = options.messages ?? 100_000;
  const samples = options.samples ?? 100;
  const headers = { cookie: options.sessionCookie, origin: options.baseUrl, accept: "application/json" };
  const sql = sqlClient(options.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const [user] = await sql<{ id: string; workspace_id: string }[]>`select id, workspace_id from users where email = ${options.email}`;
    if (!user) throw new Error(`no user ${options.email}`);
    const started = performance.now();
    // Message i: a kind, a platform, a status, a sentiment by i; one in 50 archived, one in 7 assigned to the bench user.
    await sql`
      insert into inbox_messages (id, workspace_id, account_id, platform, type, external_id, thread_id, parent_external_id, post_id, post_title,
                                  from_name, from_username, from_avatar, from_verified, from_followers, content, sent_at, received_at, url, likes,
                                  sentiment, priority, status, archived, assignee_id)
      select gen_random_uuid(), ${user.workspace_id}, '00000000-0000-4000-8000-00000000b0b0', (array['facebook','instagram','twitter','bluesky'])[1 + i % 4],
             (array['dm','comment','mention'])[1 + i % 3], 'bench-' || i, 'thread-' || (i % 5000), null, null, null,
             'Person ' || (i % 997), 'person' || (i % 997), null, i % 13 = 0, i % 20000, 'Bench message ' || i || case when i % 101 = 0 then ' about whitening prices' else '' end,
             now() - interval '365 days' + (interval '365 days' * i / ${messages}), now(), null, i % 9,
             (array['positive','neutral','negative'])[1 + i % 3], (array['urgent','high','medium','low'])[1 + i % 4],
             (array['unread','read','replied'])[1 + (i / 3) % 3], i % 50 = 0, case when i % 7 = 0 then ${user.id}::uuid else null end
      from generate_series(0, ${messages} - 1) as i`;
    await sql`analyze inbox_messages`;
    const seedSeconds = (performance.now() - started) / 1000;

    const get = async (path: string) => {
      const response = await fetch(`${options.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(15_000) });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
      return JSON.parse(body) as { items: unknown[]; next: string | null };
    };
    const first = await get("/api/social-inbox");
    if (first.items.length !== 50 || !first.next) throw new Error(`GET /api/social-inbox gave ${first.items.length} messages and no next page`);
    const targets = [
      { label: "first page, no filter", path: "/api/social-inbox" },
      { label: "the next page (keyset cursor)", path: `/api/social-inbox?cursor=${encodeURIComponent(first.next)}` },
      { label: "direct messages", path: "/api/social-inbox?type=dm" },
      { label: "unread", path: "/api/social-inbox?status=unread" },
      { label: "one platform", path: "/api/social-inbox?platform=instagram" },
      { label: "unread comments on one platform", path: "/api/social-inbox?type=comment&status=unread&platform=facebook" },
      { label: "negative sentiment", path: "/api/social-inbox?sentiment=negative" },
      { label: "assigned to one person", path: `/api/social-inbox?assignee=${user.id}` },
      { label: "archived", path: "/api/social-inbox?archived=true" },
      { label: "a search (1 message in 101)", path: "/api/social-inbox?q=whitening" },
    ];
    const figures: InboxFigure[] = [];
    for (const target of targets) figures.push({ label: `GET /api/social-inbox, ${target.label}`, ...(await latencyOf(() => get(target.path), samples)) });
    await sql`delete from inbox_messages where account_id = '00000000-0000-4000-8000-00000000b0b0'`;
    return { messages, seedSeconds, figures };
  } finally {
    await sql.end({ timeout: 5 });
  }
};
