import { Layer } from "effect";
import { type AuditKind, auditKindList, auditKindsByType } from "../domain/audit";
import { type EventCatalogue, eventDecoder, type Projection, SHARED_ERRORS } from "../domain/shared";
import { StoredEvents } from "./eventstore/EventStore";
import { accountsModule } from "./accounts/module";
import { adminModule } from "./admin/module";
import { aiModule } from "./ai/module";
import { apiAccessModule } from "./api-access/module";
import { auditModule } from "./audit/module";
import { auditProjection } from "./audit/projection";
import { billingModule } from "./billing/module";
import { calendarModule } from "./calendar/module";
import { categoriesModule } from "./categories/module";
import { competitorsModule } from "./competitors/module";
import { contentTemplatesModule } from "./content-templates/module";
import type { Reaction } from "./eventstore/reactions";
import { feedsModule } from "./feeds/module";
import { hashtagsModule } from "./hashtags/module";
import { healthModule } from "./health/module";
import { helpModule } from "./help/module";
import { identityModule } from "./identity/module";
import { inboxModule } from "./inbox/module";
import { linkInBioModule } from "./link-in-bio/module";
import { listeningModule } from "./listening/module";
import { mediaModule } from "./media/module";
import type { AppModule, DemoSeeder, Lane, Listener, ModuleApi, ModuleError, SharedServices, Task } from "./module";
import { mailModule } from "./mail-outbox/module";
import { platformAppsModule } from "./platform-apps/module";
import { publishingModule } from "./publishing/module";
import { reportsModule } from "./reports/module";
import { reviewsModule } from "./reviews/module";
import { supportModule } from "./support/module";
import { teamModule } from "./team/module";
import { webhooksModule } from "./webhooks/module";

/**
 * The app's modules: the one list that the runtime, the worker, the audit trail, replay and verify,
 * and the HTTP edge read. Adding a module is a folder per layer and a line here (README: "Adding a
 * module"). Their read models are fed in this order on a replay.
 */
export const MODULES = [
  identityModule,
  apiAccessModule,
  teamModule,
  accountsModule,
  platformAppsModule,
  categoriesModule,
  contentTemplatesModule,
  mediaModule,
  calendarModule,
  publishingModule,
  inboxModule,
  listeningModule,
  competitorsModule,
  reviewsModule,
  feedsModule,
  hashtagsModule,
  linkInBioModule,
  helpModule,
  supportModule,
  billingModule,
  aiModule,
  webhooksModule,
  reportsModule,
  mailModule,
  healthModule,
  auditModule,
  adminModule,
] as const;

type ServicesOf<M> = M extends AppModule<infer S, infer _Api, infer _Needs> ? S : never;
/** Every module's services: what the app's runtime provides. */
export type ModuleServices = ServicesOf<(typeof MODULES)[number]>;

/** The modules' answers to the ports of the modules below them (each module's `ports`). */
const portsLayer = Layer.mergeAll(
  ...(MODULES.flatMap((m) => ("ports" in m && m.ports ? m.ports : [])) as [Layer.Layer<never, never, SharedServices>]),
);

/** Every module's layer, merged, with the ports they ask for answered (and kept: a lane asks them too). */
export const modulesLayer = Layer.mergeAll(
  ...(MODULES.flatMap((m) => ("layer" in m && m.layer ? [m.layer] : [])) as [Layer.Layer<never, never, SharedServices>]),
).pipe(Layer.provideMerge(portsLayer)) as Layer.Layer<ModuleServices, never, SharedServices>;

type GroupsOf<M> = M extends { readonly api?: ReadonlyArray<infer A> } ? (A extends ModuleApi<infer G> ? G : never) : never;
/** Every module's groups of declared operations: the app's HTTP contract (./app-api.ts). */
export type ApiGroups = GroupsOf<(typeof MODULES)[number]>;

/** Every module's declared operations with their handlers, in the modules' order. */
export const moduleApis: ReadonlyArray<ModuleApi> = MODULES.flatMap((m): ReadonlyArray<ModuleApi> => ("api" in m && m.api ? m.api : []));

const all = <K extends keyof AppModule>(key: K) =>
  (MODULES as ReadonlyArray<AppModule<unknown, ReadonlyArray<ModuleApi>, unknown>>).map((m) => m[key]).filter((v) => v !== undefined) as Array<NonNullable<AppModule<unknown>[K]>>;

/** Every event's audit line, by type. */
export const auditSummaries = Object.assign({}, ...all("auditSummaries")) as Readonly<Record<string, (data: any) => string>>;

/** The audit trail's kinds of change, as its filter offers them: each module's (`auditKinds`). */
export const auditKinds: ReadonlyArray<AuditKind> = auditKindList(MODULES);

/** The kind of change each event type is filed under. */
export const auditKindOfType: ReadonlyMap<string, string> = auditKindsByType(MODULES);

export const isAuditKind = (value: string): boolean => auditKinds.some((k) => k.id === value);

/** A kind's label ("Reviews"), or undefined for no kind of any module. */
export const auditKindLabel = (id: string): string | undefined => auditKinds.find((k) => k.id === id)?.label;

/** Every read model, in the order a replay feeds them; the audit trail last. */
export const projections: ReadonlyArray<Projection> = [...all("projections").flat(), auditProjection(auditSummaries, auditKindOfType)];

/** Live-only consequences of events (jobs to add), never replayed. */
export const reactions: ReadonlyArray<Reaction> = all("reactions").flat();

/** Every job task by name. */
export const tasks: Readonly<Record<string, Task>> = Object.assign({}, ...all("tasks"));

/** The tasks that run on the worker's I/O lane (see AppModule.ioTasks). */
export const ioTasks: ReadonlySet<string> = new Set(all("ioTasks").flat());

/** Every module's demo seeding, in the modules' order. */
export const demoSeeders: ReadonlyArray<DemoSeeder> = all("demo");

/** Every module's HTTP lanes, in the modules' order (the web server installs them in front of Astro). */
export const lanes: ReadonlyArray<Lane> = all("lanes").flat();

/** Every module's long-running listeners (the worker starts them). */
export const listeners: ReadonlyArray<Listener> = all("listeners").flat();

/** The processes that act as the system, as the modules declare them. */
export const systemProcesses: ReadonlySet<string> = new Set(all("processes").flat());

/** graphile-worker's crontab: every module's lines. */
export const crontab = all("cron").flat().join("\n");

/** The typed errors a person can act on, by tag, with their HTTP status. */
export const httpErrors: ReadonlyMap<string, ModuleError> = new Map([...SHARED_ERRORS, ...all("errors").flat()].map((error) => [error.identifier, error]));

/** Every module's event catalogue. */
export const catalogues: ReadonlyArray<EventCatalogue> = all("events");

/** Reads any stored event of any module into its current shape. */
export const events = eventDecoder(catalogues);

/** The event store's decoder for every module's events (and, in tests, events of their own). */
export const storedEventsLayer = (more: ReadonlyArray<EventCatalogue> = []) =>
  Layer.succeed(StoredEvents, more.length === 0 ? events : eventDecoder([...catalogues, ...more]));
