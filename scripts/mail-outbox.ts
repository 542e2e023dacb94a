import { runCli } from "./lib/app";
import { mailOutbox } from "./lib/commands";

/** npm run mail:outbox -- [email]: the command `mailOutbox` of scripts/lib/commands.ts, as a process. */
runCli(mailOutbox);
