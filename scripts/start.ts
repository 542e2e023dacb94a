import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { config } from "../infra/config";
import { ensureDemo } from "../infra/demo";
import { type RunningWorker, startWorker } from "../infra/jobs/worker";
import { logger } from "../infra/log";
import { installLingeringClose } from "../infra/web/lingering-close";
import { installSecurityHeaders } from "../infra/web/security-headers";
import { createStaticPages, renderWith } from "../infra/web/static-pages";
import { installApiFastLane } from "./lib/api-fast-lane";
import { installBioLane } from "./lib/bio-lane";
import { openApp } from "./lib/app";

/**
 * npm start: the database (embedded when DATABASE_URL is unset), migrations, a build when there is
 * none, the worker in this process (unless RUN_WORKER=false) and the web server on PORT.
 */
const settings = config();
const app = await openApp();
// The web server's runtime reads DATABASE_URL: point it at the server just resolved.
process.env.DATABASE_URL = app.url;
await app.runtime.runPromise(ensureDemo(new Date()));

const entry = path.resolve(process.env.BUILD_DIR ?? "dist", "server/entry.mjs");
if (!existsSync(entry)) {
  logger.info("No build found: building the site (npm run build)…");
  const build = spawnSync("npx", ["astro", "build"], { stdio: "inherit" });
  if (build.status !== 0) {
    logger.error("The build failed.");
    await app.close();
    process.exit(1);
  }
}

const worker: RunningWorker | null = settings.RUN_WORKER ? await startWorker(app.url, app.runtime) : null;

process.env.ASTRO_NODE_AUTOSTART = "disabled";
process.env.PORT = String(settings.PORT);
process.env.HOST = settings.HOST;
const server = await import(pathToFileURL(entry).href);
// The public pages rendered once by Astro (before the port opens) and served from memory with the build's /_astro/ files (infra/web/static-pages.ts).
const staticPages = await createStaticPages({
  render: renderWith(server.handler),
  clientDir: path.resolve(path.dirname(entry), path.relative(fileURLToPath(server.options.server), fileURLToPath(server.options.client))),
  onWarning: (message) => logger.warn(message),
});
const { server: http } = server.startServer();
// GET /api/auth/user's common case answered in front of Astro (scripts/lib/api-fast-lane.ts).
installApiFastLane(http.server, app.url);
// The published link-in-bio pages, from memory once visited (scripts/lib/bio-lane.ts).
installBioLane(http.server, app.url, renderWith(server.handler), (message) => logger.warn(message));
staticPages.install(http.server);
// Last installed, first to run: every answer above carries the security headers (infra/web/security-headers.ts).
installSecurityHeaders(http.server);
// A refused body's connection is closed after its answer has had time to arrive (infra/web/lingering-close.ts).
installLingeringClose(http.server);
logger.info(`SocialDesk is running on ${settings.publicUrl} (database: ${app.ownsDatabase ? "embedded" : "external"}). Ctrl-C stops it.`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: stopping the web server, the worker and the database…`);
  staticPages.stop();
  await http.stop().catch(() => undefined);
  await worker?.stop().catch(() => undefined);
  await app.close().catch(() => undefined);
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
