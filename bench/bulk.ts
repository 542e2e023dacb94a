/**
 * A bulk upload of 10,000 rows (issue 13: "10,000 rows are accepted in under 10 s of server time"):
 * the bench user's workspace (agency: no post limits) with sandbox Instagram, Facebook and LinkedIn
 * accounts sends one POST /api/posts/bulk of 10,000 scheduled posts over the next two months (one to
 * three platforms each), as the screen would; then the same file again, which the duplicate check
 * refuses row by row. Each request is timed from send to answer on loopback. The posts and their jobs
 * are removed afterwards, so the worker never publishes them (the events stay; the bench database is dropped at the end).
 */
import { sqlClient } from "../infra/db/client";
import { timed } from "./format";

export const BULK_BUDGET_SECONDS = 10;

// Platforms that take a text post alone (Instagram needs a photo or video: a bulk row carries none).
const PLATFORM_SETS = [["threads"], ["facebook"], ["linkedin"], ["threads", "facebook"], ["threads", "facebook", "linkedin"]];
const TEXTS = [
  "Our winter hours start Monday: 8am to 6pm, Saturdays too.",
  "Book your check-up online in two minutes.",
  "A look inside our new office, with the new chairs.",
  "Meet Dr. Patel, our new orthodontist.",
  "Five tips for whiter teeth, from our hygienists.",
];

export interface BulkFigures {
  readonly rows: number;
  readonly accepted: { readonly seconds: number; readonly successful: number; readonly failed: number };
  readonly again: { readonly seconds: number; readonly successful: number; readonly failed: number };
  readonly postsStored: number;
  readonly jobsAdded: number;
  readonly bodyBytes: number;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const measureBulk = async (options: {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly email: string;
  readonly databaseUrl: string;
  readonly rows?: number;
}): Promise<BulkFigures> => {
  const count = options.rows ?? 10_000;
  const headers = { cookie: options.sessionCookie, origin: options.baseUrl, accept: "application/json", "content-type": "application/json" };
  const send = async (path: string, body: unknown, timeoutMs = 120_000) => {
    const response = await fetch(`${options.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    if (response.status !== 200 && response.status !== 201) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { successful: unknown[]; failed: Array<{ row: number; message: string }> };
  };
  const sql = sqlClient(options.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const [user] = await sql<{ workspace_id: string }[]>`select workspace_id from users where email = ${options.email}`;
    if (!user) throw new Error(`no user ${options.email}`);
    for (const platform of ["threads", "facebook", "linkedin"]) {
      await send("/api/social-accounts/sandbox", { platform, accountName: `Bench bulk ${platform}` });
    }
    // Spread over two months from tomorrow, at a time of the working day in 5-minute steps.
    const posts = Array.from({ length: count }, (_, i) => ({
      content: `${TEXTS[i % TEXTS.length]} (${i + 1})`,
      scheduledDate: day(1 + (i % 60)),
      scheduledTime: `${String(8 + (Math.floor(i / 60) % 10)).padStart(2, "0")}:${String((Math.floor(i / 600) % 12) * 5).padStart(2, "0")}`,
      platforms: PLATFORM_SETS[i % PLATFORM_SETS.length],
      media: i % 10 === 0 ? ["https://cdn.example.com/bench/office.jpg"] : [],
    }));
    const body = { posts, timeZone: "Europe/Berlin" };
    const first = await timed(() => send("/api/posts/bulk", body));
    if (first.value.successful.length !== count) {
      throw new Error(
        `POST /api/posts/bulk scheduled ${first.value.successful.length} of ${count} rows; first refusal: ${JSON.stringify(first.value.failed[0])}`,
      );
    }
    const again = await timed(() => send("/api/posts/bulk", body));
    if (again.value.successful.length !== 0) throw new Error(`the same file sent again scheduled ${again.value.successful.length} rows; none should be`);
    const [stored] = await sql<{ n: number }[]>`select count(*)::int as n from posts where workspace_id = ${user.workspace_id} and status = 'scheduled'`;
    const [jobs] = await sql<{ n: number }[]>`
      select count(*)::int as n from graphile_worker._private_jobs j
      where j.key in (select 'post:' || id from posts where workspace_id = ${user.workspace_id})`;
    await sql`delete from graphile_worker._private_jobs where key in (select 'post:' || id from posts where workspace_id = ${user.workspace_id})`;
    await sql`delete from post_targets where post_id in (select id from posts where workspace_id = ${user.workspace_id})`;
    await sql`delete from posts where workspace_id = ${user.workspace_id}`;
    return {
      rows: count,
      accepted: { seconds: first.seconds, successful: first.value.successful.length, failed: first.value.failed.length },
      again: { seconds: again.seconds, successful: again.value.successful.length, failed: again.value.failed.length },
      postsStored: stored?.n ?? 0,
      jobsAdded: jobs?.n ?? 0,
      bodyBytes: Buffer.byteLength(JSON.stringify(body)),
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
};
