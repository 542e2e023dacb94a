import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { ensureEmbeddedPostgres } from "../../infra/db/embedded";
import { migrate } from "../../infra/db/migrate";

export const TEMPLATE_DATABASE = "socialdesk_test_template";

/**
 * One real PostgreSQL for the integration tests: TEST_DATABASE_URL when set (any server, e.g.
 * Debian's), else an embedded one under .data/test-postgres. A migrated template database is made
 * once; each test file clones it into a database of its own.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL
    ? { url: process.env.TEST_DATABASE_URL, stop: async () => {} }
    : await ensureEmbeddedPostgres({ dataDir: path.resolve(".data/test-postgres"), port: 54339 });

  const adminUrl = withDatabase(server.url, "postgres");
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname like 'socialdesk_test_%' and pid <> pg_backend_pid()`,
  );
  const stale = await admin<{ datname: string }[]>`select datname from pg_database where datname like 'socialdesk_test_%'`;
  for (const { datname } of stale) await admin.unsafe(`drop database if exists "${datname}"`);
  await admin.unsafe(`create database "${TEMPLATE_DATABASE}"`);
  await migrate(withDatabase(server.url, TEMPLATE_DATABASE));
  await admin.end();

  project.provide("adminDatabaseUrl", adminUrl);
  return async () => {
    await server.stop();
  };
}

export const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
