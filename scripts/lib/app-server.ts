import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { config } from "../../infra/config";
import { ensureDemo } from "../../infra/demo";
import { type RunningWorker, startWorker, type WorkerOptions } from "../../infra/worker";
import { logger } from "../../infra/log";
import { lanes } from "../../infra/modules";
import { installLingeringClose } from "../../infra/web/lingering-close";
import { installSecurityHeaders } from "../../infra/web/security-headers";
import { createStaticPages, renderWith, type StaticPages } from "../../infra/web/static-pages";
import { openApp, type OpenApp } from "./app";

export interface AppServerOptions {
  /** Seeds the demo workspace (`/app/dashboard?demo=true`) when it is missing. */
  readonly demo: boolean;
  /** Renders the public pages into memory at start and serves them and the build's files from there. */
  readonly staticPages: boolean;
  /** Runs the job worker in this process (with these options: a test leaves a cron line out). */
  readonly worker: boolean | WorkerOptions;
}

export interface RunningAppServer {
  /** The address the server listens on (http://HOST:PORT). */
  readonly url: string;
  readonly port: number;
  readonly app: OpenApp;
  readonly worker: RunningWorker | null;
  readonly http: Server;
  /** Stops the web server, the worker, the services and (when this process started it) the embedded database. */
  readonly close: () => Promise<void>;
}

/** Where the web server's ManagedRuntime (src/runtime.ts, inside the build) makes itself known, so that the server can dispose of it. */
export const WEB_RUNTIME = Symbol.for("socialdesk/web-runtime");

/** The build's server entry (BUILD_DIR, default dist/), built first when there is none. */
export const buildEntry = () => {
  const entry = path.resolve(process.env.BUILD_DIR ?? "dist", "server/entry.mjs");
  if (!existsSync(entry)) {
    logger.info("No build found: building the site (npm run build)…");
    const build = spawnSync("npx", ["astro", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("The build failed.");
  }
  return entry;
};

/**
 * The whole app in this process, as `npm start` runs it: the database (embedded when DATABASE_URL
 * is unset) and migrations, the worker, and the web server from the build on HOST:PORT with the
 * lanes in front of Astro. The tests start it in their own process, on a database of their own,
 * without the demo and the pre-rendered pages unless a test asks for them.
 */
export const startAppServer = async (options: AppServerOptions): Promise<RunningAppServer> => {
  const settings = config();
  const app = await openApp();
  let worker: RunningWorker | null = null;
  try {
    // The web server's runtime reads DATABASE_URL: point it at the server just resolved.
    process.env.DATABASE_URL = app.url;
    if (options.demo) await app.runtime.runPromise(ensureDemo(new Date()));
    const entry = buildEntry();
    worker = options.worker ? await startWorker(app.url, app.runtime, options.worker === true ? {} : options.worker) : null;

    process.env.ASTRO_NODE_AUTOSTART = "disabled";
    process.env.PORT = String(settings.PORT);
    process.env.HOST = settings.HOST;
    const server = await import(/* @vite-ignore */ pathToFileURL(entry).href);
    // The public pages rendered once by Astro (before the port opens) and served from memory with the build's /_astro/ files (infra/web/static-pages.ts).
    const staticPages: StaticPages | null = options.staticPages
      ? await createStaticPages({
          render: renderWith(server.handler),
          clientDir: path.resolve(path.dirname(entry), path.relative(fileURLToPath(server.options.server), fileURLToPath(server.options.client))),
          onWarning: (message) => logger.warn(message),
        })
      : null;
    const { server: listening } = server.startServer() as { server: { server: Server; stop: () => Promise<void> } };
    const http = listening.server;
    // The modules' lanes in front of Astro (GET /api/auth/user's common case, the published link-in-bio pages).
    for (const lane of lanes) lane.install({ server: http, databaseUrl: app.url, runtime: app.runtime as never, render: renderWith(server.handler), warn: (message) => logger.warn(message) });
    staticPages?.install(http);
    // Last installed, first to run: every answer above carries the security headers (infra/web/security-headers.ts).
    installSecurityHeaders(http);
    // A refused body's connection is closed after its answer has had time to arrive (infra/web/lingering-close.ts).
    installLingeringClose(http);
    const startedWorker = worker;
    if (!http.listening) await new Promise<void>((resolve, reject) => http.once("listening", resolve).once("error", reject));
    const port = (http.address() as AddressInfo).port;

    return {
      url: `http://${settings.HOST}:${port}`,
      port,
      app,
      worker: startedWorker,
      http,
      close: async () => {
        staticPages?.stop();
        http.closeAllConnections();
        await listening.stop().catch(() => undefined);
        await startedWorker?.stop().catch(() => undefined);
        const web = (globalThis as { [WEB_RUNTIME]?: { dispose: () => Promise<void> } })[WEB_RUNTIME];
        await web?.dispose().catch(() => undefined);
        await app.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await worker?.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
    throw error;
  }
};
