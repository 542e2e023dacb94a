import { startWorker } from "../infra/worker";
import { logger } from "../infra/log";
import { openApp } from "./lib/app";

/** npm run worker: job processing alone, for deployments with separate app and worker processes. */
const app = await openApp();
const worker = await startWorker(app.url, app.runtime);
logger.info({ worker: worker.id }, "Worker running. Ctrl-C stops it.");

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  logger.info("Stopping the worker…");
  await worker.stop();
  await app.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
