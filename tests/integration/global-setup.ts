import path from "node:path";
import { sqlClient } from "../../infra/db/client";
import type { TestProject } from "vitest/node";
import { ensureEmbeddedPostgres } from "../../infra/db/embedded";
import { migrate } from "../../infra/db/migrate";
import { freePort } from "../support/ports";
import { dropRunDatabases, runName, startedBefore, withDatabase } from "../support/run-databases";

/** Databases of this run are named after it, so runs sharing one server never drop each other's. */
const RUN = runName();
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
  const admin = sqlClient(adminUrl, { max: 1, onnotice: () => {} });
  await dropRunDatabases(admin, PREFIX, (run) => startedBefore(run, STALE_AFTER_SECONDS));
  const template = `${PREFIX}${RUN}_template`;
  await admin.unsafe(`create database "${template}"`);
  await migrate(withDatabase(server.url, template));

  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", template);
  project.provide("testDatabasePrefix", `${PREFIX}${RUN}_`);
  return async () => {
    await dropRunDatabases(admin, PREFIX, (run) => run === RUN);
    await admin.end();
    await server.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    testDatabasePrefix: string;
  }
}
