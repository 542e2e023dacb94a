import { runCli } from "./lib/app";
import { adminPlan } from "./lib/commands";

/** npm run admin:plan -- <email> <tier>: the command `adminPlan` of scripts/lib/commands.ts, as a process. */
runCli(adminPlan);
