import path from "node:path";
import { Effect, ManagedRuntime } from "effect";
import { sqlClient } from "../infra/db/client";
import { ensureEmbeddedPostgres } from "../infra/db/embedded";
import { Database } from "../infra/db/Database";
import { migrate } from "../infra/db/migrate";
import type { EventCatalogue } from "../domain/shared";
import { servicesOn } from "../infra/layers";

/** The embedded server of the bench: its own data directory and port, so it never meets the app's or the tests'. */
const BENCH_DATA_DIR = path.resolve(".data/bench-postgres");
const BENCH_PG_PORT = 54371;

/** The same server, another database. */
export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

export interface BenchServer {
  /** A connection to the server's `postgres` database (or the one BENCH_DATABASE_URL names), for create/drop. */
  readonly adminUrl: string;
  /** What the figures were measured on. */
  readonly label: string;
  readonly stop: () => Promise<void>;
}

/** BENCH_DATABASE_URL's server when set, else the bench's own embedded PostgreSQL (started, and later stopped, here). */
export const openBenchServer = async (): Promise<BenchServer> => {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    const host = new URL(external).host;
    return { adminUrl: external, label: `external PostgreSQL at ${host} (BENCH_DATABASE_URL)`, stop: async () => {} };
  }
  const embedded = await ensureEmbeddedPostgres({ dataDir: BENCH_DATA_DIR, port: BENCH_PG_PORT });
  const host = new URL(embedded.url).host;
  return {
    adminUrl: withDatabase(embedded.url, "postgres"),
    label: `embedded PostgreSQL at ${host} (${path.relative(process.cwd(), BENCH_DATA_DIR)})`,
    stop: embedded.stop,
  };
};

export interface BenchDatabase {
  readonly name: string;
  readonly url: string;
  readonly serverVersion: string;
  readonly drop: () => Promise<void>;
}

/** A fresh, migrated database `socialdesk_bench_<timestamp>` on the bench server. */
export const createBenchDatabase = async (server: BenchServer): Promise<BenchDatabase> => {
  const name = `socialdesk_bench_${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}`;
  const admin = sqlClient(server.adminUrl, { max: 1, onnotice: () => {} });
  let serverVersion = "?";
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
    const [row] = await admin<{ server_version: string }[]>`show server_version`;
    serverVersion = row.server_version;
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = withDatabase(server.adminUrl, name);
  await migrate(url);
  const drop = async () => {
    const a = sqlClient(server.adminUrl, { max: 1, onnotice: () => {} });
    try {
      await a.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await a.end({ timeout: 5 });
    }
  };
  return { name, url, serverVersion, drop };
};

/** The app's services (event store with its inline projections, accounts, ...) on a database, as the app builds them. */
/** `moreEvents`: event types of the bench's own (the store reads and writes only declared events). */
export const appRuntime = (url: string, poolSize = 10, moreEvents: ReadonlyArray<EventCatalogue> = []) =>
  ManagedRuntime.make(servicesOn(Database.layerFrom(Effect.succeed(url), { max: poolSize }), { moreEvents }));

export type AppRuntime = ReturnType<typeof appRuntime>;
