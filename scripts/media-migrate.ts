import { config } from "../infra/config";
import { consoleOutput } from "./lib/output";
import { mediaMigrate } from "./lib/media-migrate";

/** npm run media:migrate: `mediaMigrate` of scripts/lib/media-migrate.ts, as a process (it needs no database). */
try {
  process.exit(await mediaMigrate(config(), consoleOutput));
} catch (error) {
  consoleOutput.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
