import { config } from "../infra/config";
import { mediaMigrate } from "./lib/media-migrate";

/** npm run media:migrate: `mediaMigrate` of scripts/lib/media-migrate.ts, as a process (it needs no database). */
const out = { log: (line: string) => console.log(line), error: (line: string) => console.error(line) };
try {
  process.exit(await mediaMigrate(config(), out));
} catch (error) {
  out.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
