import { runCli } from "./lib/app";
import { replay } from "./lib/commands";

/** npm run replay [-- --verify]: the command `replay` of scripts/lib/commands.ts, as a process. */
runCli(replay);
