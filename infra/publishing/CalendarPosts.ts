import { Context, Effect, Layer } from "effect";
import type { PlatformId } from "../../domain/accounts";
import { Database, type SqlError } from "../db/Database";

/** A post as a calendar day shows it: enough to place, label and drag it. */
export interface CalendarPost {
  readonly id: string;
  /** The first CALENDAR_EXCERPT characters. */
  readonly content: string;
  readonly status: string;
  readonly scheduledAt: string | null;
  readonly publishedAt: string | null;
  readonly createdAt: string;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly isRecurring: boolean;
  readonly version: number;
}

/** One day of the calendar in the user's time zone: how many posts of each kind, and the first few of each. */
export interface CalendarDay {
  readonly day: string;
  readonly scheduled: number;
  readonly published: number;
  readonly drafts: number;
  readonly posts: ReadonlyArray<CalendarPost>;
}

export interface CalendarQuery {
  /** YYYY-MM-DD, both inclusive, read in `timeZone`. */
  readonly from: string;
  readonly to: string;
  readonly timeZone: string;
  /** How many posts of each kind (scheduled, published, draft) a day carries; the counts cover all. */
  readonly perDay: number;
}

const CALENDAR_EXCERPT = 120;

/** The calendar's read of the posts: per day of a time zone, the counts of each kind and the first few posts. */
export class CalendarPosts extends Context.Service<
  CalendarPosts,
  { readonly days: (workspaceId: string, query: CalendarQuery) => Effect.Effect<ReadonlyArray<CalendarDay>, SqlError> }
>()("app/CalendarPosts") {
  static layer = Layer.effect(
    CalendarPosts,
    Effect.gen(function* () {
      const db = yield* Database;
      const days = Effect.fn("CalendarPosts.days")(function* (workspaceId: string, query: CalendarQuery) {
        // A post sits on the day of scheduledAt, else publishedAt, else createdAt (spec core §4), and
        // counts as the calendar's kindOf says: published, scheduled (also while publishing) or draft.
        const rows = yield* db.query(
          (sql) => sql<{ day: string; scheduled: number; published: number; drafts: number; posts: Array<Record<string, unknown>> }[]>`
              with placed as (
                select p.id, left(p.content, ${CALENDAR_EXCERPT}) as content, p.status, p.scheduled_at, p.published_at, p.created_at,
                       p.platforms, p.recurrence is not null as recurring, p.version,
                       coalesce(p.scheduled_at, p.published_at, p.created_at) as at,
                       case when p.status = 'published' then 'published'
                            when p.status in ('scheduled', 'publishing') then 'scheduled' else 'draft' end as kind
                from posts p
                where p.workspace_id = ${workspaceId} and p.deleted_at is null
                  and coalesce(p.scheduled_at, p.published_at, p.created_at) >= (${query.from}::date)::timestamp at time zone ${query.timeZone}
                  and coalesce(p.scheduled_at, p.published_at, p.created_at) < (${query.to}::date + 1)::timestamp at time zone ${query.timeZone}
              ), ranked as (
                select *, to_char(at at time zone ${query.timeZone}, 'YYYY-MM-DD') as day from placed
              ), numbered as (
                select *, row_number() over (partition by day, kind order by at, id) as rank from ranked
              )
              select day,
                     count(*) filter (where kind = 'scheduled')::int as scheduled,
                     count(*) filter (where kind = 'published')::int as published,
                     count(*) filter (where kind = 'draft')::int as drafts,
                     coalesce(json_agg(json_build_object(
                       'id', id, 'content', content, 'status', status, 'scheduledAt', scheduled_at, 'publishedAt', published_at,
                       'createdAt', created_at, 'platforms', platforms, 'isRecurring', recurring, 'version', version
                     ) order by at, id) filter (where rank <= ${query.perDay}), '[]') as posts
              from numbered group by day order by day`,
        );
        const iso = (value: unknown) => (typeof value === "string" ? new Date(value).toISOString() : null);
        return rows.map((row): CalendarDay => ({
          day: row.day,
          scheduled: row.scheduled,
          published: row.published,
          drafts: row.drafts,
          posts: row.posts.map((p) => ({
            id: p.id as string,
            content: p.content as string,
            status: p.status as string,
            scheduledAt: iso(p.scheduledAt),
            publishedAt: iso(p.publishedAt),
            createdAt: iso(p.createdAt)!,
            platforms: p.platforms as PlatformId[],
            isRecurring: p.isRecurring as boolean,
            version: p.version as number,
          })),
        }));
      });
      return { days };
    }),
  );
}
