import { Effect, ManagedRuntime } from "effect";
import { resolveDatabase } from "../../infra/db/connection";
import { Database } from "../../infra/db/Database";
import { migrate } from "../../infra/db/migrate";
import { servicesOn } from "../../infra/layers";
import { logger } from "../../infra/log";
import type { Command } from "./commands";
import { consoleOutput } from "./output";

/**
 * The database and services for a process outside the web server (start, worker, CLI commands):
 * DATABASE_URL, or the embedded server of DATA_DIR, which it connects to when the app already runs
 * it and starts (and later stops) otherwise.
 */
export const openApp = async (options: { quiet?: boolean } = {}) => {
  const log = options.quiet ? () => {} : (line: string) => logger.debug({ scope: "postgres" }, line);
  const database = await resolveDatabase(log);
  await migrate(database.url, (line) => logger.info(line));
  const runtime = ManagedRuntime.make(servicesOn(Database.layerFrom(Effect.succeed(database.url))));
  return {
    url: database.url,
    ownsDatabase: database.owned,
    runtime,
    close: async () => {
      await runtime.dispose();
      await database.stop();
    },
  };
};

export type OpenApp = Awaited<ReturnType<typeof openApp>>;

/** Runs a CLI command on the app and exits with its code; errors print as one line, not a stack. */
export const runCli = (main: Command) => {
  const args = process.argv.slice(2);
  openApp({ quiet: true })
    .then(async (app) => {
      let code = 1;
      try {
        code = await main(app, args, consoleOutput);
      } catch (error) {
        console.error(describeError(error));
      } finally {
        await app.close();
      }
      process.exit(code);
    })
    .catch((error) => {
      console.error(describeError(error));
      process.exit(1);
    });
};

const describeError = (error: unknown): string => {
  const failure = (error as { [key: symbol]: unknown })?.[Symbol.for("effect/Runtime/FiberFailure/Cause")] ?? error;
  const text = failure instanceof Error ? failure.message : JSON.stringify(failure);
  return `Error: ${text}`;
};
