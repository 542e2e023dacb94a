import "./lib/production-mode";
import { config } from "../infra/config";
import { logger } from "../infra/log";
import { startAppServer } from "./lib/app-server";

/**
 * npm start: the database (embedded when DATABASE_URL is unset), migrations, the demo, a build when
 * there is none, the worker in this process (unless RUN_WORKER=false) and the web server on PORT
 * (scripts/lib/app-server.ts).
 */
const settings = config();
const server = await startAppServer({ demo: true, staticPages: true, worker: settings.RUN_WORKER }).catch((error: unknown) => {
  logger.error({ err: error }, "SocialDesk could not start");
  process.exit(1);
});
logger.info(`SocialDesk is running on ${settings.publicUrl} (database: ${server.app.ownsDatabase ? "embedded" : "external"}). Ctrl-C stops it.`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: stopping the web server, the worker and the database…`);
  await server.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
