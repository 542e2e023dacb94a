import { Context, Effect, Layer } from "effect";
import { instantAt, NotFound } from "../../domain/shared";
import { actingAs, apiKeyIdOfVia, apiKeyNamesOf } from "../api-access/queries";
import { Database, type Sql, type SqlError } from "../db/Database";
import { clientOfAgency, historyNameOf, type Person, peopleByIdOf } from "../identity/queries";

/** One line of the audit trail: who changed what, when. */
export interface AuditEntry {
  readonly id: string;
  readonly at: string;
  /** The person, or null for SocialDesk itself (the scheduler, trials, the engagement reader…). */
  readonly actorId: string | null;
  readonly actor: string;
  /** The kind of change (`auditKinds` of infra/modules.ts): "posts", "reviews"… */
  readonly kind: string;
  readonly type: string;
  readonly summary: string;
}

export interface AuditFilter {
  /** A person's id, or "system" for what SocialDesk did on its own. */
  readonly person?: string;
  readonly kind?: string;
  /** Days in `timeZone`, YYYY-MM-DD, both inclusive. */
  readonly from?: string;
  readonly to?: string;
  /** One of the agency's clients: its trail instead of the agency's own. */
  readonly client?: string;
  /** The cursor of the page before (its `next`): the lines older than its last. */
  readonly before?: string;
}

export interface AuditPage {
  readonly entries: ReadonlyArray<AuditEntry>;
  /** The cursor of the next (older) page, or null at the end. */
  readonly next: string | null;
}

export const AUDIT_PAGE_SIZE = 50;
/** The most lines one CSV export holds. */
export const AUDIT_EXPORT_MAX = 100_000;

interface AuditRow {
  id: string;
  occurred_at: Date;
  actor_id: string | null;
  via: string | null;
  kind: string;
  type: string;
  summary: string;
}

const SYSTEM_NAME = "SocialDesk";

/** Who acted, as the trail names them: a person, SocialDesk itself, or an API key with the person who created it. */
const actorName = (row: AuditRow, names: ReadonlyMap<string, Person>, keys: ReadonlyMap<string, string>): string => {
  if (row.actor_id === null) return SYSTEM_NAME;
  const keyId = apiKeyIdOfVia(row.via);
  return actingAs(historyNameOf(names.get(row.actor_id)), keyId, keyId && keys.get(keyId));
};

const toEntry =
  (names: ReadonlyMap<string, Person>, keys: ReadonlyMap<string, string>) =>
  (row: AuditRow): AuditEntry => ({
    id: row.id,
    at: row.occurred_at.toISOString(),
    actorId: row.actor_id,
    actor: actorName(row, names, keys),
    kind: row.kind,
    type: row.type,
    summary: row.summary,
  });

/** "2026-11-24T09:00:00.000Z~12345": where a page ended (time, then position in the log). */
const cursorOf = (row: AuditRow) => Buffer.from(`${row.occurred_at.toISOString()}~${row.id}`).toString("base64url");

const readCursor = (cursor: string): { at: Date; position: string } | null => {
  const [at, position] = Buffer.from(cursor, "base64url").toString().split("~");
  const time = Date.parse(at ?? "");
  return Number.isNaN(time) || !/^\d{1,19}$/.test(position ?? "") ? null : { at: new Date(time), position: position! };
};

const dayStartIn = (day: string, timeZone: string, plusDays = 0) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(instantAt({ year, month, day: date, hours: 0, minutes: 0 }, timeZone).getTime() + plusDays * 86_400_000);
};

/**
 * The workspace's audit trail (issue: "every change can be traced to a person"): the audit_log read
 * model with each person's name, newest first, filtered by person, kind of change, days and (for an
 * agency) client, a page
 * at a time on its index (keyset: no offset, whatever the length of the log).
 */
export class AuditTrail extends Context.Service<
  AuditTrail,
  {
    /** A page of `limit` lines (AUDIT_PAGE_SIZE unless given), newest first. */
    readonly page: (workspaceId: string, filter: AuditFilter, timeZone: string, limit?: number) => Effect.Effect<AuditPage, NotFound | SqlError>;
    /** Every line the filter keeps (at most AUDIT_EXPORT_MAX), newest first. */
    readonly all: (workspaceId: string, filter: AuditFilter, timeZone: string) => Effect.Effect<ReadonlyArray<AuditEntry>, NotFound | SqlError>;
  }
>()("app/AuditTrail") {
  static layer = Layer.effect(
    AuditTrail,
    Effect.gen(function* () {
      const db = yield* Database;

      const select = (sql: Sql, workspaceId: string, filter: AuditFilter, timeZone: string, limit: number) => {
        const cursor = filter.before ? readCursor(filter.before) : null;
        return sql<AuditRow[]>`
          select a.global_position::text as id, a.occurred_at, a.actor_id, a.via, a.kind, a.type, a.summary
          from audit_log a
          where a.workspace_id = ${workspaceId}
            ${filter.person === "system" ? sql`and a.actor_id is null` : filter.person ? sql`and a.actor_id = ${filter.person}` : sql``}
            ${filter.kind ? sql`and a.kind = ${filter.kind}` : sql``}
            ${filter.from ? sql`and a.occurred_at >= ${dayStartIn(filter.from, timeZone)}` : sql``}
            ${filter.to ? sql`and a.occurred_at < ${dayStartIn(filter.to, timeZone, 1)}` : sql``}
            ${cursor ? sql`and (a.occurred_at, a.global_position) < (${cursor.at}, ${cursor.position}::bigint)` : sql``}
          order by a.occurred_at desc, a.global_position desc
          limit ${limit}`;
      };

      /** The workspace whose lines are read: the caller's, or one of its clients (another answers 404). */
      const trailOf = (workspaceId: string, filter: AuditFilter) =>
        filter.client === undefined
          ? Effect.succeed(workspaceId)
          : Effect.flatMap(clientOfAgency(workspaceId, filter.client).pipe(Effect.provideService(Database, db)), (client) =>
              client ? Effect.succeed(client.id) : Effect.fail(new NotFound({ what: "client" })),
            );

      /** The lines with each person's name (identity answers them, one statement for the page) and each API key's (api-access's). */
      const entriesOf = (rows: ReadonlyArray<AuditRow>) =>
        Effect.all([
          peopleByIdOf(rows.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id]))),
          apiKeyNamesOf(rows.flatMap((row) => apiKeyIdOfVia(row.via) ?? [])),
        ]).pipe(
          Effect.map(([names, keys]) => rows.map(toEntry(names, keys))),
          Effect.provideService(Database, db),
        );

      const page = Effect.fn("AuditTrail.page")(function* (workspaceId: string, filter: AuditFilter, timeZone: string, limit: number = AUDIT_PAGE_SIZE) {
        const trail = yield* trailOf(workspaceId, filter);
        const rows = yield* db.query((sql) => select(sql, trail, filter, timeZone, limit + 1));
        const shown = rows.slice(0, limit);
        return { entries: yield* entriesOf(shown), next: rows.length > limit ? cursorOf(shown[shown.length - 1]!) : null };
      });

      const all = Effect.fn("AuditTrail.all")(function* (workspaceId: string, filter: AuditFilter, timeZone: string) {
        const trail = yield* trailOf(workspaceId, filter);
        return yield* entriesOf(yield* db.query((sql) => select(sql, trail, filter, timeZone, AUDIT_EXPORT_MAX)));
      });

      return { page, all };
    }),
  );
}
