/**
 * The audit trail with a long history (issue 10: "with 1,000,000 events in the store, the first page
 * and each filter answer in under 100 ms, p99"): `audit_log` lines seeded straight into the read model
 * of the bench user's workspace (ten people and SocialDesk itself, every kind of change, over a year),
 * then GET /api/audit unfiltered, by person, kind, days and their mixes, and an older page, each timed
 * `samples` times in a row (p50/p99).
 */
import { sqlClient } from "../infra/db/client";
import { auditKinds } from "../infra/modules";
import { latencyOf } from "./format";

export const AUDIT_BUDGET_MS = 100;

/** Seeded lines sit far above any real event's position, so the projector never meets them. */
const SEEDED_FROM = 1_000_000_000_000n;

export interface AuditFigure {
  readonly label: string;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly samples: number;
}

export const measureAudit = async (options: {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly email: string;
  readonly databaseUrl: string;
  readonly lines?: number;
  readonly samples?: number;
}): Promise<{ readonly lines: number; readonly seedSeconds: number; readonly figures: ReadonlyArray<AuditFigure> }> => {
  const lines = options.lines ?? 1_000_000;
  const samples = options.samples ?? 100;
  const headers = { cookie: options.sessionCookie, origin: options.baseUrl, accept: "application/json" };
  const sql = sqlClient(options.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const [user] = await sql<{ id: string; workspace_id: string }[]>`select id, workspace_id from users where email = ${options.email}`;
    if (!user) throw new Error(`no user ${options.email}`);
    const kinds = auditKinds.map((k) => k.id);
    const started = performance.now();
    // Line i: one of 11 actors (the bench user, nine former members, SocialDesk), one of the kinds, spread over the past year.
    await sql`
      insert into audit_log (global_position, workspace_id, actor_id, stream_id, type, kind, summary, occurred_at)
      select ${SEEDED_FROM.toString()}::bigint + i, ${user.workspace_id},
             case i % 11 when 0 then null when 1 then ${user.id}::uuid else ('00000000-0000-4000-8000-' || lpad((i % 11)::text, 12, '0'))::uuid end,
             'post-bench', 'PostEdited', (${kinds}::text[])[1 + i % ${kinds.length}], 'Bench change ' || i,
             now() - interval '365 days' + (interval '365 days' * i / ${lines})
      from generate_series(0, ${lines} - 1) as i`;
    await sql`analyze audit_log`;
    const seedSeconds = (performance.now() - started) / 1000;

    const get = async (path: string) => {
      const response = await fetch(`${options.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(15_000) });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
      return JSON.parse(body) as { items: unknown[]; next: string | null };
    };
    const first = await get("/api/audit");
    if (first.items.length !== 50 || !first.next) throw new Error(`GET /api/audit gave ${first.items.length} lines and no next page`);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const targets = [
      { label: "first page, no filter", path: "/api/audit" },
      { label: "the next page (keyset cursor)", path: `/api/audit?cursor=${encodeURIComponent(first.next)}` },
      { label: "one person (1 line in 11)", path: `/api/audit?person=${user.id}` },
      { label: "SocialDesk's own changes", path: "/api/audit?person=system" },
      { label: "one kind of change", path: "/api/audit?kind=notes" },
      { label: "a week six months ago", path: `/api/audit?from=${day(190)}&to=${day(183)}` },
      { label: "one person and one kind", path: `/api/audit?person=${user.id}&kind=team` },
      { label: "one kind in a week six months ago", path: `/api/audit?kind=media&from=${day(190)}&to=${day(183)}` },
    ];
    const figures: AuditFigure[] = [];
    for (const target of targets) figures.push({ label: `GET /api/audit, ${target.label}`, ...(await latencyOf(() => get(target.path), samples)) });
    await sql`delete from audit_log where global_position >= ${SEEDED_FROM.toString()}::bigint`;
    return { lines, seedSeconds, figures };
  } finally {
    await sql.end({ timeout: 5 });
  }
};
