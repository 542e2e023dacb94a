import { randomBytes } from "node:crypto";
import { Effect, Layer, ManagedRuntime } from "effect";
import { sqlClient } from "../../infra/db/client";
import { inject } from "vitest";
import type { EventCatalogue } from "../../domain/shared";
import { Database } from "../../infra/db/Database";
import { catchUpAsyncProjections, projectionStatuses } from "../../infra/eventstore/async-projector";
import { projections } from "../../infra/modules";
import { servicesOn } from "../../infra/layers";
import { withDatabase } from "./run-databases";

/** A fresh database cloned from the migrated template, for one test file. */
export const createTestDatabase = async () => {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `${inject("testDatabasePrefix")}${randomBytes(5).toString("hex")}`;
  const admin = sqlClient(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${inject("templateDatabase")}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const drop = async () => {
    const a = sqlClient(adminUrl, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists "${name}" with (force)`);
    await a.end();
  };
  return { url, drop };
};

/** The app's services on a fresh test database, as one runtime (like the app's). */
/** `moreEvents`: event types of the test's own (the store reads only declared events). */
export const createTestApp = async (options: { poolSize?: number; moreEvents?: ReadonlyArray<EventCatalogue> } = {}) => {
  const database = await createTestDatabase();
  const { runtime, run } = appRuntimeOn(database.url, options);
  const sql = sqlClient(database.url, { max: 2, onnotice: () => {} });
  return {
    url: database.url,
    runtime,
    sql,
    run,
    close: async () => {
      await sql.end();
      await runtime.dispose();
      await database.drop();
    },
  };
};

/** The app's services on a database (another test's server's, to run a job at a chosen time). */
export const appRuntimeOn = (url: string, options: { poolSize?: number; moreEvents?: ReadonlyArray<EventCatalogue> } = {}) => {
  const runtime = ManagedRuntime.make(servicesOn(Database.layerFrom(Effect.succeed(url), { max: options.poolSize ?? 10 }), { moreEvents: options.moreEvents }));
  return {
    runtime,
    run: <A, E>(effect: Effect.Effect<A, E, Layer.Success<ReturnType<typeof servicesOn>>>) => runtime.runPromise(effect),
  };
};

/**
 * Runs the async projections until they hold every event committed so far. One catch-up may stop
 * short: it reads only events older than the oldest transaction running on the server, and other
 * test files share the server. Answers once no projection lags (within 15 s).
 */
export const drainProjections = async (run: (effect: Effect.Effect<unknown, unknown, Layer.Success<ReturnType<typeof servicesOn>>>) => Promise<unknown>) => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await run(catchUpAsyncProjections(projections));
    const statuses = (await run(projectionStatuses(projections))) as ReadonlyArray<{ lag: number }>;
    if (statuses.every((s) => s.lag === 0)) return;
    if (Date.now() > deadline) throw new Error(`The async projections still lag after 15 s: ${JSON.stringify(statuses)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
