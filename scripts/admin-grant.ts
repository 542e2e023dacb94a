import { runCli } from "./lib/app";
import { adminGrant } from "./lib/commands";

/** npm run admin:grant -- <email>: the command `adminGrant` of scripts/lib/commands.ts, as a process. */
runCli(adminGrant);
