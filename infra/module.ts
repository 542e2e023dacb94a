import type { Server } from "node:http";
import type { Effect, Layer, ManagedRuntime } from "effect";
import type { HttpApiBuilder, HttpApiGroup } from "effect/http-api";
import { type AuditKindDeclaration, auditKindGaps } from "../domain/audit";
import type { Caller, EventCatalogue, HttpErrorClass, Projection } from "../domain/shared";
import type { Database } from "./db/Database";
import type { BatchedAppends } from "./eventstore/BatchedAppends";
import type { ModuleCatalogue } from "./eventstore/catalogue";
import type { EventStore } from "./eventstore/EventStore";
import type { Reaction } from "./eventstore/reactions";
import type { Passwords } from "./auth/Passwords";
import type { Sessions } from "./auth/Sessions";
import type { Mailer } from "./mail/Mailer";
import type { RenderedPage } from "./web/static-pages";

/** The services every module may build on. */
export type SharedServices = Database | EventStore | BatchedAppends | Passwords | Sessions | Mailer | ModuleCatalogue;

/** What a job knows of itself when it runs. */
export interface JobRun {
  readonly id: string;
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly now: Date;
  /** When it was due to run (graphile-worker's run_at): `now` minus this is how long it waited to be fetched. */
  readonly runAt: Date;
}

/**
 * A job task: runs on the app's runtime (any module's service) and answers a line for the worker's
 * log, or nothing. graphile-worker retries it when it fails.
 */
// The runtime provides every module's services; a task names the ones it needs when it is written.
export type Task = (payload: unknown, job: JobRun) => Effect.Effect<string | void, unknown, any>;

/** A typed error class a module raises, with its HTTP status (see `HttpErrorClass`). */
export type ModuleError = HttpErrorClass & { readonly identifier: string };

/**
 * What a module's demo seeding is given: the demo person acting, the moment, and what the modules
 * seeded before it made that it refers to by name (`made.categories`: the demo categories' ids).
 */
export interface DemoSeed {
  readonly caller: Caller;
  readonly userId: string;
  readonly now: Date;
  readonly made: Readonly<Record<string, ReadonlyMap<string, string>>>;
}

/** Seeds the module's part of the demo workspace, once (each seeder checks what is already there). */
export type DemoSeeder = (seed: DemoSeed) => Effect.Effect<Readonly<Record<string, ReadonlyMap<string, string>>> | void, unknown, any>;

/** What a lane in front of Astro is given: the web server, the database, Astro's renderer (for pages kept in memory) and a way to warn. */
export interface LaneContext {
  readonly server: Server;
  readonly databaseUrl: string;
  /** The app's runtime: what a lane asks of the modules' services and ports. */
  readonly runtime: ManagedRuntime.ManagedRuntime<never, unknown>;
  readonly render: (paths: ReadonlyArray<string>) => Promise<Map<string, RenderedPage>>;
  readonly warn: (message: string) => void;
}

/**
 * An HTTP lane: answers its common requests in front of Astro at the speed of a bare server (GET
 * /api/auth/user's signed-in case, the published link-in-bio pages), everything else going on to Astro.
 */
export interface Lane {
  readonly name: string;
  readonly install: (context: LaneContext) => void;
}

/**
 * A long-running listener (a platform's event stream) the worker starts with the app's runtime and
 * stops on shutdown; `start` answers null when it is switched off. A failure to start is logged,
 * never the worker's end.
 */
export interface Listener {
  readonly name: string;
  readonly start: (runtime: ManagedRuntime.ManagedRuntime<never, unknown>) => Promise<{ readonly stop: () => Promise<unknown> | unknown } | null>;
}

/**
 * A group of the module's declared operations (its `api.ts`) with their handlers (its
 * `api-handlers.ts`): the app's HTTP contract (infra/app-api.ts) adds the group and serves it.
 */
export interface ModuleApi<Group extends HttpApiGroup.Constraint = HttpApiGroup.Constraint> {
  readonly group: Group;
  readonly handlers: (handlers: never) => unknown;
}

/** Pairs a group with its handlers; the compiler checks every operation of the group is handled. */
export const moduleApi = <Group extends HttpApiGroup.Constraint, Return>(
  group: Group,
  handlers: (handlers: HttpApiBuilder.Handlers.FromGroup<Group>) => HttpApiBuilder.Handlers.ValidateReturn<Return>,
): ModuleApi<Group> => ({ group, handlers: handlers as (handlers: never) => unknown });

/**
 * One module of the app, declared once: everything the runtime, the worker, the audit trail, replay
 * and the HTTP edge need of it. `infra/modules.ts` lists them; nothing else names a module.
 */
export interface AppModule<Services = never, Api extends ReadonlyArray<ModuleApi> = ReadonlyArray<ModuleApi>, Needs = never> {
  readonly name: string;
  /** Its declared HTTP operations, a group or a few (`moduleApi(group, handlers)`). */
  readonly api?: Api;
  /** The events it records, with their schemas: each type needs a projection case, an audit summary and an audit kind (a test checks). */
  readonly events?: EventCatalogue;
  /**
   * Its services, built on the shared ones and on `Needs`: the ports it declares for what it asks of
   * a module above it (which it may not import), answered by that module's `ports`.
   */
  readonly layer?: Layer.Layer<Services, never, SharedServices | Needs>;
  /**
   * Its answers to the ports of modules below it (publishing asks the team whether a member's posts
   * need approval): layers on the shared services, which the composition root (infra/modules.ts)
   * provides to every module's layer.
   */
  readonly ports?: ReadonlyArray<Layer.Layer<never, never, SharedServices>>;
  /** Its read models, in the order a replay feeds them. */
  readonly projections?: ReadonlyArray<Projection>;
  /** Jobs to add in the transaction of an event (never replayed). */
  readonly reactions?: ReadonlyArray<Reaction>;
  readonly tasks?: Readonly<Record<string, Task>>;
  /**
   * Those of its tasks that spend their time waiting on platforms (publishing): they run on the
   * worker's I/O lane, a runner of their own with IO_CONCURRENCY slots, so hundreds can wait at
   * once without taking the slots of the other jobs.
   */
  readonly ioTasks?: ReadonlyArray<string>;
  /** Its part of the demo workspace, seeded in the modules' order (infra/demo.ts). */
  readonly demo?: DemoSeeder;
  /** Its HTTP lanes, installed in front of Astro by the web server (scripts/lib/app-server.ts). */
  readonly lanes?: ReadonlyArray<Lane>;
  /** Its long-running listeners, started where the worker runs. */
  readonly listeners?: ReadonlyArray<Listener>;
  /** The processes it runs that act as the system (`systemContext("scheduler", …)`): their events' `via`. */
  readonly processes?: ReadonlyArray<string>;
  /** graphile-worker crontab lines ("*\/10 * * * * task_name"), each naming one of its tasks. */
  readonly cron?: ReadonlyArray<string>;
  /**
   * The audit trail's kinds of change its events are filed under (the Audit Trail's filter and
   * badges): one kind takes every event of the module; with several, each lists its `events` but
   * one, which takes the rest.
   */
  readonly auditKinds?: ReadonlyArray<AuditKindDeclaration>;
  /** One readable line per event type for the audit trail. */
  readonly auditSummaries?: Readonly<Record<string, (data: any) => string>>;
  /** Its typed errors, each carrying its HTTP status. */
  readonly errors?: ReadonlyArray<ModuleError>;
}

/** The task a crontab line names ("*\/10 * * * * task_name": its sixth field). */
export const cronTask = (line: string): string | undefined => line.trim().split(/\s+/)[5];

/** Declares a module; the type parameters are the services its layer provides and the ports it needs. */
export const defineModule = <Services = never, const Api extends ReadonlyArray<ModuleApi> = [], Needs = never>(
  module: AppModule<Services, Api, Needs>,
): AppModule<Services, Api, Needs> => module;

/**
 * What the modules leave undone, as sentences: an event type no read model handles, with no
 * audit line or no audit kind, a cron line naming no task, a task or error declared twice. Empty when all is well.
 */
export const moduleGaps = (modules: ReadonlyArray<Omit<AppModule, "layer">>): ReadonlyArray<string> => {
  const gaps: string[] = [];
  const projections = modules.flatMap((m) => m.projections ?? []);
  const summaries = Object.assign({}, ...modules.map((m) => m.auditSummaries ?? {})) as Record<string, unknown>;
  const taskOwners = new Map<string, string>();
  for (const module of modules) {
    for (const type of Object.keys(module.events?.schemas ?? {})) {
      const handled = projections.some((p) => p.handles !== "all" && (p.handles as ReadonlyArray<string>).includes(type));
      if (!handled) gaps.push(`${module.name}: no projection handles ${type}`);
      if (!summaries[type]) gaps.push(`${module.name}: no audit summary for ${type}`);
    }
    for (const name of Object.keys(module.tasks ?? {})) {
      if (taskOwners.has(name)) gaps.push(`${module.name}: task ${name} is also declared by ${taskOwners.get(name)}`);
      taskOwners.set(name, module.name);
    }
  }
  gaps.push(...auditKindGaps(modules));
  for (const module of modules) {
    for (const name of module.ioTasks ?? []) {
      if (!(module.tasks ?? {})[name]) gaps.push(`${module.name}: I/O task ${name} is not one of its tasks`);
    }
    for (const line of module.cron ?? []) {
      const task = cronTask(line);
      if (!task || !(module.tasks ?? {})[task]) gaps.push(`${module.name}: cron line "${line}" names no task of the module`);
    }
  }
  return gaps;
};
