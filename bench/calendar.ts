/**
 * Calendar figures on the running app (issue 4: "A month with 5,000 posts answers in under 150 ms"):
 * `posts` rows seeded straight into the read model of the bench user's workspace over this month's
 * grid (published before now, scheduled from an hour ahead, some drafts), plus as many again in
 * other months, then GET /api/calendar for the month grid and a week, and the whole /app/calendar,
 * /app/dashboard, /app/queue and /app/analytics pages over those posts, each timed `samples` times in a row (p50/p99).
 */
import { sqlClient } from "../infra/db/client";
import { CALENDAR_PER_DAY, gridDays, instantRange, todayIn } from "../src/features/calendar/calendar-model";
import { percentile } from "./format";

export const CALENDAR_BUDGET_MS = 150;

export interface CalendarFigure {
  readonly label: string;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly samples: number;
}

export interface CalendarFigures {
  readonly postsInMonth: number;
  readonly postsElsewhere: number;
  readonly daysAnswered: number;
  readonly postsCounted: number;
  readonly figures: ReadonlyArray<CalendarFigure>;
}

export interface CalendarBenchOptions {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly email: string;
  readonly databaseUrl: string;
  readonly posts?: number;
  readonly samples?: number;
}

export const measureCalendar = async (options: CalendarBenchOptions): Promise<CalendarFigures> => {
  const posts = options.posts ?? 5_000;
  const samples = options.samples ?? 100;
  const headers = { cookie: options.sessionCookie, origin: options.baseUrl, accept: "application/json" };
  const sql = sqlClient(options.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const [user] = await sql<{ id: string; workspace_id: string; time_zone: string }[]>`
      select u.id, u.workspace_id, u.time_zone from users u where u.email = ${options.email}`;
    if (!user) throw new Error(`no user ${options.email}`);
    const days = gridDays(todayIn(user.time_zone), "month");
    const [first, last] = [days[0]!, days[days.length - 1]!];
    const range = instantRange(days, user.time_zone);
    const [start, end] = [Date.parse(range.from), Date.parse(range.to)];

    // Post i sits at an even spread over the grid; before now it is published, from an hour ahead
    // scheduled (not due, so the worker leaves it), in between and every tenth a draft.
    const seed = (count: number, from: number, to: number, label: string) => sql`
      insert into posts (id, workspace_id, author_id, content, platforms, status, scheduled_at, published_at, time_zone, created_at, updated_at)
      select gen_random_uuid(), ${user.workspace_id}, ${user.id}, ${label} || ' post ' || i || ' #bench', array['facebook'],
             kind, case when kind = 'scheduled' then t end, case when kind = 'published' then t end, ${user.time_zone},
             case when kind = 'draft' then t else least(t, now()) - interval '1 day' end, now()
      from (
        select i, t, case when i % 10 = 0 or t between now() - interval '1 hour' and now() + interval '1 hour' then 'draft'
                          when t < now() then 'published' else 'scheduled' end as kind
        from (select i, to_timestamp((${from}::float8 + (${to}::float8 - ${from}::float8) * i / ${count}) / 1000) as t
              from generate_series(0, ${count} - 1) as i) spread
      ) placed`;
    await seed(posts, start, end, "month");
    await seed(posts / 2, start - 180 * 86_400_000, start - 86_400_000, "earlier");
    await seed(posts / 2, end + 86_400_000, end + 180 * 86_400_000, "later");
    await sql`analyze posts`;

    const get = async (path: string) => {
      const response = await fetch(`${options.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(15_000) });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
      return body;
    };
    const month = JSON.parse(await get(`/api/calendar?from=${first}&to=${last}`)) as Array<{ scheduled: number; published: number; drafts: number }>;
    const postsCounted = month.reduce((sum, d) => sum + d.scheduled + d.published + d.drafts, 0);
    if (postsCounted !== posts) throw new Error(`GET /api/calendar counted ${postsCounted} posts in the month, seeded ${posts}`);

    const week = days.slice(14, 21);
    const targets = [
      { label: `GET /api/calendar, month grid (${days.length} days, ${CALENDAR_PER_DAY} per kind a day)`, path: `/api/calendar?from=${first}&to=${last}` },
      { label: "GET /api/calendar, one week (12 per kind a day)", path: `/api/calendar?from=${week[0]}&to=${week[6]}&perDay=12` },
      { label: "GET /app/calendar, the whole page (server-rendered month)", path: "/app/calendar" },
      { label: "GET /app/dashboard, the whole page (stats, this week, analytics overview)", path: "/app/dashboard" },
      { label: "GET /app/queue, the whole page (first page of Scheduled, tab counts)", path: "/app/queue" },
      { label: "GET /app/analytics?period=30d (sums of the period)", path: "/app/analytics?period=30d" },
      { label: "GET /app/analytics?period=1y", path: "/app/analytics?period=1y" },
    ];
    const figures: CalendarFigure[] = [];
    for (const target of targets) {
      for (let i = 0; i < 10; i++) await get(target.path);
      const latencies: number[] = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        await get(target.path);
        latencies.push(performance.now() - started);
      }
      figures.push({ label: target.label, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), samples });
    }
    await sql`delete from posts where workspace_id = ${user.workspace_id} and content like '% #bench'`;
    return { postsInMonth: posts, postsElsewhere: posts, daysAnswered: month.length, postsCounted, figures };
  } finally {
    await sql.end({ timeout: 5 });
  }
};
