import { Context, Effect, Layer } from "effect";
import { hasFeature, type Tier } from "../../domain/plans";
import {
  lastFinishedPeriod,
  recordReportSent,
  type ReportEvent,
  type ReportFrequency,
  type ReportPeriod,
  reportsDecider,
  type ReportsState,
  reportsStreamId,
  setReportSchedule,
  stopReportSchedule,
} from "../../domain/reports";
import { type Caller, type CommandContext, type ConcurrencyConflict, type InvalidInput, isUuid, localDayOf, NotFound } from "../../domain/shared";
import { Database, type Sql, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { clientsWithAgencyOf, clientWorkspacesOf } from "../identity/queries";
import { PRODUCT_BRAND } from "../mail/branded";
import { Mailer } from "../mail/Mailer";
import { brandsOf } from "../team/queries";
import { type ClientReport, clientReport, type ReportHeading } from "./figures";
import { reportCsv, reportFileName } from "./csv";
import { reportMail } from "./mail";
import { reportPdf } from "./pdf";

/** Scheduled reports go out from 07:00 on the day after their period, in the schedule's time zone. */
export const REPORT_SEND_HOUR = 7;

/** A client's report schedule as its page shows it. */
export interface ReportSchedule {
  readonly frequency: ReportFrequency;
  readonly recipients: ReadonlyArray<string>;
  readonly timeZone: string;
  readonly setAt: string;
  /** The latest report e-mailed: its period and when. */
  readonly lastSent: { readonly from: string; readonly to: string; readonly sentAt: string } | null;
}

/** A report file to download. */
export interface ReportFile {
  readonly filename: string;
  readonly contentType: string;
  readonly body: Uint8Array | string;
}

/** A client with its agency's plan and brand, as a report's heading needs it. */
interface ClientRow {
  id: string;
  name: string;
  logo_url: string | null;
  agency_id: string;
  agency_tier: Tier;
  brand_name: string | null;
  brand_logo_url: string | null;
  brand_color: string | null;
}

/**
 * Agencies' client reports (issue 10): a client's analytics figures for a period as CSV or PDF, and
 * e-mailed after each week or month to the addresses its schedule names, under the agency's white
 * label when its plan has one, each period once.
 */
export class ClientReports extends Context.Service<
  ClientReports,
  {
    /** The report of a client of the caller's agency for the period (days in the caller's time zone). */
    readonly download: (caller: Caller, clientId: string, period: ReportPeriod, format: "csv" | "pdf") => Effect.Effect<ReportFile, NotFound | SqlError>;
    readonly schedule: (caller: Caller, clientId: string) => Effect.Effect<ReportSchedule | null, NotFound | SqlError>;
    /** The schedules of the agency's clients, by client. */
    readonly schedules: (agencyId: string) => Effect.Effect<ReadonlyMap<string, ReportSchedule>, SqlError>;
    readonly setSchedule: (
      caller: Caller,
      clientId: string,
      input: { readonly frequency: string; readonly recipients: string | ReadonlyArray<string> },
    ) => Effect.Effect<ReportSchedule, NotFound | InvalidInput | SqlError | ConcurrencyConflict>;
    readonly stopSchedule: (caller: Caller, clientId: string) => Effect.Effect<void, NotFound | SqlError | ConcurrencyConflict>;
    /** E-mails every report whose period has finished and that has not gone out yet; answers how many. */
    readonly sendDue: (ctx: CommandContext) => Effect.Effect<number, SqlError | ConcurrencyConflict>;
  }
>()("app/ClientReports") {
  static layer = Layer.effect(
    ClientReports,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const mailer = yield* Mailer;

      const onReports = <E>(workspaceId: string, decide: (state: ReportsState) => Effect.Effect<ReadonlyArray<ReportEvent>, E>, ctx: CommandContext) =>
        handleCommand(reportsStreamId(workspaceId), reportsDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

      /** The clients among `ids` with their agency's plan and brand: identity answers the workspaces, team the brands. */
      const clientsOf = (ids: ReadonlyArray<string>) =>
        Effect.gen(function* () {
          const clients = [...(yield* clientsWithAgencyOf(ids)).values()];
          const brands = yield* brandsOf([...new Set(clients.map((c) => c.agencyId))]);
          return new Map(
            clients.map((c): [string, ClientRow] => {
              const brand = brands.get(c.agencyId);
              return [
                c.id,
                {
                  id: c.id,
                  name: c.name,
                  logo_url: c.logoUrl,
                  agency_id: c.agencyId,
                  agency_tier: c.agencyPlan,
                  brand_name: brand?.name ?? null,
                  brand_logo_url: brand?.logoUrl ?? null,
                  brand_color: brand?.color ?? null,
                },
              ];
            }),
          );
        }).pipe(Effect.provideService(Database, db));

      const headingOf = (row: ClientRow): ReportHeading => {
        const whiteLabel = hasFeature(row.agency_tier, "white_label") && row.brand_name !== null;
        return {
          client: { id: row.id, name: row.name, logoUrl: row.logo_url },
          brand: whiteLabel ? { name: row.brand_name!, logoUrl: row.brand_logo_url, color: row.brand_color! } : PRODUCT_BRAND,
          whiteLabel,
        };
      };

      /** A client of the caller's agency, or 404 (another agency's, the agency itself, not an id). */
      const clientOf = (caller: Caller, clientId: string) =>
        Effect.gen(function* () {
          if (!isUuid(clientId)) return yield* new NotFound({ what: "client" });
          const row = (yield* clientsOf([clientId])).get(clientId);
          return row?.agency_id === caller.workspaceId ? row : yield* new NotFound({ what: "client" });
        });

      const figuresOf = (heading: ReportHeading, period: ReportPeriod, timeZone: string, now: Date) =>
        clientReport(heading, period, timeZone, now).pipe(Effect.provideService(Database, db));

      const files = (report: ClientReport) =>
        Effect.map(
          Effect.promise(() => reportPdf(report)),
          (pdf) => ({
            pdf: { filename: reportFileName(report, "pdf"), contentType: "application/pdf", body: pdf },
            csv: { filename: reportFileName(report, "csv"), contentType: "text/csv; charset=utf-8", body: reportCsv(report) },
          }),
        );

      /** The schedules of the clients `where` picks (`s` is the schedule), by client. */
      const schedulesWhere = (where: (sql: Sql) => ReturnType<Sql>) =>
        Effect.map(
          db.query(
            (sql) => sql<
              {
                workspace_id: string;
                frequency: ReportFrequency;
                recipients: string[];
                time_zone: string;
                set_at: Date;
                last_from: string | null;
                last_to: string | null;
                last_at: Date | null;
              }[]
            >`
              select s.workspace_id, s.frequency, s.recipients, s.time_zone, s.set_at,
                     to_char(r.period_start, 'YYYY-MM-DD') as last_from, to_char(r.period_end, 'YYYY-MM-DD') as last_to, r.sent_at as last_at
              from report_schedules s
              left join lateral (select * from reports_sent r where r.workspace_id = s.workspace_id order by r.sent_at desc limit 1) r on true
              where ${where(sql)}`,
          ),
          (rows) =>
            new Map(
              rows.map((row) => [
                row.workspace_id,
                {
                  frequency: row.frequency,
                  recipients: row.recipients,
                  timeZone: row.time_zone,
                  setAt: row.set_at.toISOString(),
                  lastSent: row.last_at ? { from: row.last_from!, to: row.last_to!, sentAt: row.last_at.toISOString() } : null,
                } satisfies ReportSchedule,
              ]),
            ),
        );
      const scheduleOf = (clientId: string) =>
        Effect.map(
          schedulesWhere((sql) => sql`s.workspace_id = ${clientId}`),
          (found) => found.get(clientId) ?? null,
        );

      const sendDue = Effect.fn("ClientReports.sendDue")(function* (ctx: CommandContext) {
        const schedules = yield* db.query(
          (sql) => sql<{ workspace_id: string; frequency: ReportFrequency; recipients: string[]; time_zone: string; set_at: Date }[]>`
            select s.workspace_id, s.frequency, s.recipients, s.time_zone, s.set_at from report_schedules s order by s.workspace_id`,
        );
        const clients = yield* clientsOf(schedules.map((s) => s.workspace_id));
        const due = schedules.flatMap((s) => {
          const client = clients.get(s.workspace_id);
          return client ? [{ ...client, frequency: s.frequency, recipients: s.recipients, time_zone: s.time_zone, set_at: s.set_at }] : [];
        });
        let sent = 0;
        for (const row of due) {
          if (!hasFeature(row.agency_tier, "client_management")) continue;
          // The report day starts at 07:00 local: last week's report goes out on Monday morning.
          const today = localDayOf(new Date(ctx.now.getTime() - REPORT_SEND_HOUR * 3_600_000), row.time_zone);
          const period = lastFinishedPeriod(row.frequency, today);
          // A schedule set after a period ended starts with the next one.
          if (localDayOf(row.set_at, row.time_zone) > period.to) continue;
          const [already] = yield* db.query(
            (sql) => sql`select 1 from reports_sent where workspace_id = ${row.id} and frequency = ${row.frequency} and period_start = ${period.from}`,
          );
          if (already) continue;
          const report = yield* figuresOf(headingOf(row), period, row.time_zone, ctx.now);
          const attached = yield* files(report);
          yield* db.withTransaction(
            Effect.gen(function* () {
              const { events } = yield* onReports(row.id, recordReportSent({ frequency: row.frequency, period, recipients: row.recipients }), ctx);
              if (events.length === 0) return;
              for (const to of row.recipients) {
                yield* mailer.queue({
                  ...reportMail(report, row.frequency),
                  to,
                  attachments: [
                    { filename: attached.pdf.filename, contentType: "application/pdf", content: attached.pdf.body },
                    { filename: attached.csv.filename, contentType: "text/csv", content: new TextEncoder().encode(attached.csv.body) },
                  ],
                });
              }
              sent++;
            }),
          );
        }
        return sent;
      });

      return {
        download: Effect.fn("ClientReports.download")(function* (caller: Caller, clientId: string, period: ReportPeriod, format: "csv" | "pdf") {
          const client = yield* clientOf(caller, clientId);
          const report = yield* figuresOf(headingOf(client), period, caller.timeZone, caller.now);
          if (format === "csv")
            return { filename: reportFileName(report, "csv"), contentType: "text/csv; charset=utf-8", body: reportCsv(report) } satisfies ReportFile;
          return (yield* files(report)).pdf satisfies ReportFile;
        }),
        schedule: Effect.fn("ClientReports.scheduleOf")(function* (caller: Caller, clientId: string) {
          yield* clientOf(caller, clientId);
          return yield* scheduleOf(clientId);
        }),
        schedules: (agencyId: string) =>
          Effect.flatMap(clientWorkspacesOf(agencyId).pipe(Effect.map((clients) => clients.map((client) => client.id)), Effect.provideService(Database, db)), (clientIds) =>
            schedulesWhere((sql) => sql`s.workspace_id = any(${clientIds}::uuid[])`),
          ),
        setSchedule: Effect.fn("ClientReports.setSchedule")(function* (caller: Caller, clientId: string, input) {
          yield* clientOf(caller, clientId);
          yield* onReports(clientId, setReportSchedule({ ...input, timeZone: caller.timeZone }), caller);
          return (yield* scheduleOf(clientId)) ?? (yield* Effect.die(new Error("report schedule not saved")));
        }),
        stopSchedule: Effect.fn("ClientReports.stopSchedule")(function* (caller: Caller, clientId: string) {
          yield* clientOf(caller, clientId);
          yield* onReports(clientId, stopReportSchedule(), caller);
        }),
        sendDue,
      };
    }),
  );
}
