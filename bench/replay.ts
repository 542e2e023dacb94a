import postgres from "postgres";
import { sqlClient } from "../infra/db/client";
import type { Projection } from "../domain/shared";
import { rebuildProjections } from "../infra/eventstore/rebuild";
import { projections } from "../infra/modules";
import { appRuntime } from "./database";
import { timed } from "./format";

export interface ReplayRun {
  /** The projections fed, by name and kind. */
  readonly projections: string;
  readonly events: number;
  /** Wall time of the whole rebuild (truncate, feed, checkpoints, commit). */
  readonly seconds: number;
  readonly perSecond: number;
  /** Seconds 1,000,000 events would take at this rate. */
  readonly projectedMillionSeconds: number;
}

export interface ReplayFigures {
  readonly seeded: number;
  readonly seedSeconds: number;
  readonly mix: string;
  /** Every read model (`projections` of infra/layers, the async audit projection included). */
  readonly all: ReplayRun;
  /** Each projection alone, to show where the time goes. */
  readonly each: ReadonlyArray<ReplayRun>;
  /** Rows the full replay produced, checked against what the seeded log implies. */
  readonly rows: { readonly workspaces: number; readonly users: number; readonly auditLog: number };
}

/** The design budget: 1,000,000 events into all read models in under 60 s. */
export const REPLAY_BUDGET_SECONDS = 60;

/** A post's life as the log holds it: drafted, edited, scheduled, moved, its repeats cleared, back to drafts, deleted. */
const POST_TYPES = ["PostDrafted", "PostEdited", "PostScheduled", "PostRescheduled", "RecurrenceCleared", "PostReturnedToDrafts", "PostDeleted"];
const GROUP = 3 + POST_TYPES.length;
const PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$3Vt2ZcwKqvQ0eO9r0mX1bq0Z5rYk4m1y8n2o7p6q5r4";

/**
 * Replaces the log with `count` generated events, in groups of ten as a sign-up and its first posts
 * write them: WorkspaceCreated (workspace-{id}), UserRegistered and TrialStarted in its first shape
 * (user-{id}: every read upcasts it), then a post's seven events (post-{id}, versions 1..7). Ids are
 * deterministic UUIDs, emails and usernames unique; metadata carries actor, workspace and correlation.
 * One INSERT ... SELECT generate_series, then the streams rows and fresh statistics.
 */
const seedLog = async (sql: postgres.Sql, count: number) => {
  const postTypes = sql.array(POST_TYPES);
  await sql.begin(async (tx) => {
    await tx`truncate events, streams, projection_checkpoints, audit_log, notification_preferences, post_targets, posts, users, workspaces restart identity`;
    await tx`
      insert into events (stream_id, stream_version, type, data, metadata, created_at)
      select
        case when k = 0 then 'workspace-' || ws when k <= 2 then 'user-' || u else 'post-' || p end,
        case when k = 0 then 1 when k <= 2 then k else k - 2 end,
        case k when 0 then 'WorkspaceCreated' when 1 then 'UserRegistered' when 2 then 'TrialStarted'
               else (${postTypes}::text[])[k - 2] end,
        case k
          when 0 then jsonb_build_object('workspaceId', ws, 'name', 'Workspace ' || g, 'ownerId', u, 'isDemo', false)
          when 1 then jsonb_build_object('userId', u, 'workspaceId', ws, 'email', 'bench' || g || '@example.com',
                        'username', 'bench' || g, 'passwordHash', ${PASSWORD_HASH}::text, 'firstName', 'Bench',
                        'lastName', 'User ' || g, 'company', 'Company ' || g, 'selectedPlan', 'professional',
                        'timeZone', 'Europe/Berlin')
          when 2 then jsonb_build_object('plan', 'professional',
                        'endsAt', to_char((at + interval '5 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          when 3 then content || jsonb_build_object('postId', p, 'workspaceId', ws, 'authorId', u, 'timeZone', 'Europe/Berlin')
          when 4 then content || jsonb_build_object('addedAccountIds', '[]'::jsonb, 'removedAccountIds', '[]'::jsonb)
          when 5 then jsonb_build_object('scheduledAt', due, 'timeZone', 'Europe/Berlin')
          when 6 then jsonb_build_object('scheduledAt', due, 'timeZone', 'Europe/Berlin', 'previousScheduledAt', due)
          when 7 then '{}'::jsonb
          when 8 then jsonb_build_object('reason', 'Moved back to drafts')
          else jsonb_build_object('deletedAt', due)
        end,
        jsonb_build_object('actorId', u, 'workspaceId', ws, 'correlationId', md5('c' || g)::uuid,
                           'causationId', null),
        at
      from (
        select i, i / ${GROUP} as g, i % ${GROUP} as k,
               md5('ws' || (i / ${GROUP}))::uuid as ws, md5('u' || (i / ${GROUP}))::uuid as u,
               md5('p' || (i / ${GROUP}))::uuid as p,
               now() - make_interval(secs => ${count} - i) as at,
               to_char(now() + make_interval(days => 1), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due,
               jsonb_build_object('content', 'Launch day! Our spring collection is live. #spring #launch ' || (i / ${GROUP}),
                 'media', '[]'::jsonb, 'platforms', jsonb_build_array('twitter', 'linkedin', 'instagram'), 'targets', '[]'::jsonb,
                 'postType', 'standard', 'businessData', '{}'::jsonb, 'locationIds', '[]'::jsonb, 'categoryId', null,
                 'options', '{}'::jsonb) as content
        from generate_series(0, ${count - 1}) as i
      ) s
      order by i`;
    await tx`
      insert into streams (stream_id, version, updated_at)
      select stream_id, max(stream_version), max(created_at) from events group by stream_id`;
  });
  await sql`analyze events`;
  await sql`analyze streams`;
};

const describe = (list: ReadonlyArray<Projection>) => list.map((p) => `${p.name} (${p.kind})`).join(" + ");

const replay = async (runtime: ReturnType<typeof appRuntime>, list: ReadonlyArray<Projection>): Promise<ReplayRun> => {
  const { value, seconds } = await timed(() => runtime.runPromise(rebuildProjections(list)));
  const perSecond = value.events / seconds;
  return {
    projections: describe(list),
    events: value.events,
    seconds,
    perSecond,
    projectedMillionSeconds: 1_000_000 / perSecond,
  };
};

/**
 * `rebuildProjections` (what `npm run replay` runs) over a seeded log of `events` events: once with
 * every read model, then with each projection alone (skipped with `breakdown: false`).
 */
export const measureReplay = async (
  databaseUrl: string,
  options: { events?: number; breakdown?: boolean } = {},
): Promise<ReplayFigures> => {
  const count = Math.max(GROUP, Math.round((options.events ?? 100_000) / GROUP) * GROUP);
  const sql = sqlClient(databaseUrl, { max: 1, onnotice: () => {} });
  const runtime = appRuntime(databaseUrl, 2);
  try {
    const seed = await timed(() => seedLog(sql, count));
    const groups = count / GROUP;

    const all = await replay(runtime, projections);
    const [rows] = await sql<{ workspaces: number; users: number; audit_log: number }[]>`
      select (select count(*)::int from workspaces) as workspaces, (select count(*)::int from users) as users,
             (select count(*)::int from audit_log) as audit_log`;
    if (all.events !== count || rows.workspaces !== groups || rows.users !== groups || rows.audit_log !== count) {
      throw new Error(
        `The replay did not produce the expected read models: ${all.events} events fed of ${count}; ` +
          `${rows.workspaces} workspaces, ${rows.users} users (expected ${groups}); ${rows.audit_log} audit rows (expected ${count})`,
      );
    }

    const each: ReplayRun[] = [];
    if (options.breakdown !== false && projections.length > 1) {
      // Each rebuild empties only its own tables, so the read models are whole again afterwards.
      for (const projection of projections) each.push(await replay(runtime, [projection]));
    }

    return {
      seeded: count,
      seedSeconds: seed.seconds,
      mix: `per ${GROUP} events: WorkspaceCreated, UserRegistered, TrialStarted (its first version, upcast on read), ${POST_TYPES.join(", ")}`,
      all,
      each,
      rows: { workspaces: rows.workspaces, users: rows.users, auditLog: rows.audit_log },
    };
  } finally {
    await sql.end({ timeout: 5 });
    await runtime.dispose();
  }
};
