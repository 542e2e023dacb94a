import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { ensureEmbeddedPostgres } from "../../infra/db/embedded";
import { migrate } from "../../infra/db/migrate";
import { freePort } from "../support/ports";

/** Databases of this run are named after it, so runs sharing one server never drop each other's. */
const RUN = `${Math.floor(Date.now() / 1000).toString(36)}${process.pid.toString(36)}`;
const PREFIX = "socialdesk_test_";
const STALE_AFTER_SECONDS = 6 * 3600;

/**
 * One real PostgreSQL for the integration tests: TEST_DATABASE_URL when set (any server, e.g.
 * Debian's), else an embedded one under .data/test-postgres. A migrated template database is made
 * once; each test file clones it into a database of its own.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL
    ? { url: process.env.TEST_DATABASE_URL, stop: async () => {} }
    : // On a port the system picks: two checkouts on one machine run their suites side by side.
      await ensureEmbeddedPostgres({ dataDir: path.resolve(".data/test-postgres"), port: await freePort(), maxConnections: 500 });

  const adminUrl = withDatabase(server.url, "postgres");
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await dropDatabases(admin, (run) => Date.now() / 1000 - parseInt(run.slice(0, 6), 36) > STALE_AFTER_SECONDS);
  const template = `${PREFIX}${RUN}_template`;
  await admin.unsafe(`create database "${template}"`);
  await migrate(withDatabase(server.url, template));

  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", template);
  project.provide("testDatabasePrefix", `${PREFIX}${RUN}_`);
  return async () => {
    await dropDatabases(admin, (run) => run === RUN);
    await admin.end();
    await server.stop();
  };
}

const dropDatabases = async (admin: postgres.Sql, ofRun: (run: string) => boolean) => {
  const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${PREFIX}%`}`;
  for (const { datname } of rows) {
    const run = datname.slice(PREFIX.length).split("_")[0];
    if (ofRun(run)) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  }
};

export const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    testDatabasePrefix: string;
  }
}
