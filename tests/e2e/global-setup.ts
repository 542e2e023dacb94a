import path from "node:path";
import { sqlClient } from "../../infra/db/client";
import { ensureEmbeddedPostgres } from "../../infra/db/embedded";
import { migrate } from "../../infra/db/migrate";
import { buildEntry } from "../../scripts/lib/app-server";
import { freePort } from "../support/ports";
import { dropRunDatabases, runName, startedBefore, withDatabase } from "../support/run-databases";

const RUN = runName();
const PREFIX = "socialdesk_e2e_";
const STALE_AFTER_SECONDS = 6 * 3600;

/**
 * One PostgreSQL for the whole run: E2E_DATABASE_URL's server when set, else an embedded one under
 * .data/e2e-postgres on a port the system picks. A migrated template database is made once; each
 * Playwright worker clones it into a database of its own (tests/e2e/fixtures.ts), where its own app
 * runs. The workers read where from the environment, which they inherit from this process.
 */
export default async function globalSetup() {
  // Built here once when missing, not by each worker's app at the same time.
  buildEntry();
  const server = process.env.E2E_DATABASE_URL
    ? { url: process.env.E2E_DATABASE_URL, stop: async () => {} }
    : await ensureEmbeddedPostgres({ dataDir: path.resolve(".data/e2e-postgres"), port: await freePort() });
  const adminUrl = withDatabase(server.url, "postgres");
  const admin = sqlClient(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await dropRunDatabases(admin, PREFIX, (run) => startedBefore(run, STALE_AFTER_SECONDS));
    const template = `${PREFIX}${RUN}_template`;
    await admin.unsafe(`create database "${template}"`);
    await migrate(withDatabase(server.url, template));
    process.env.E2E_ADMIN_DATABASE_URL = adminUrl;
    process.env.E2E_TEMPLATE_DATABASE = template;
    process.env.E2E_DATABASE_PREFIX = `${PREFIX}${RUN}_`;
  } catch (error) {
    await admin.end();
    await server.stop();
    throw error;
  }
  return async () => {
    await dropRunDatabases(admin, PREFIX, (run) => run === RUN);
    await admin.end();
    await server.stop();
  };
}
