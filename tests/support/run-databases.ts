import type postgres from "postgres";

/**
 * The databases a test run makes on a PostgreSQL server it may share (with another checkout's run,
 * say): named `<prefix><run>_…`, the run from its start time and process, so that runs never drop
 * each other's and a run killed half-way is cleaned up by a later one. No test framework is
 * imported here: vitest and Playwright both use it.
 */

/** This run's name: its start (seconds, base 36: six characters) and its process id. */
export const runName = () => `${Math.floor(Date.now() / 1000).toString(36)}${process.pid.toString(36)}`;

/** Whether the run named `run` started more than `seconds` ago. */
export const startedBefore = (run: string, seconds: number) => Date.now() / 1000 - parseInt(run.slice(0, 6), 36) > seconds;

/** Drops the databases `<prefix><run>_…` of the runs `ofRun` picks. */
export const dropRunDatabases = async (admin: postgres.Sql, prefix: string, ofRun: (run: string) => boolean) => {
  const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${prefix}%`}`;
  for (const { datname } of rows) {
    const run = datname.slice(prefix.length).split("_")[0]!;
    if (ofRun(run)) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  }
};

/** `url` with its database replaced by `database`. */
export const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};
