import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local HTTP servers that play a site the app reads (a blog's feed, Bluesky's AppView), each on a
 * loopback port the system picks. What they answer can be changed between tests (`handle`), so one
 * server serves every test of a worker. No test framework is imported here: vitest and Playwright
 * both use it.
 */

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface LocalServer {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** host:port, as OUTBOUND_ALLOW_HOSTS lists it. */
  readonly host: string;
  /** What the server answers; until a test says otherwise, 404. */
  handle: Handler;
  readonly close: () => Promise<void>;
}

/** The default answer: 404. */
export const notFound: Handler = (_req, res) => void res.writeHead(404, { "content-type": "text/plain" }).end("not found");

export const startLocalServer = async (handle: Handler = notFound): Promise<LocalServer> => {
  const server = createServer((req, res) => local.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const local: LocalServer = {
    url: `http://${host}`,
    host,
    handle,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return local;
};

/** Answers a JSON body with a status (and headers besides its content-type). */
export type SendJson = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** What a local AppView does with a request: its URL, `send` to answer JSON, and the request itself (its headers). */
export type AppViewHandler = (url: URL, send: SendJson, req: IncomingMessage) => void;

export interface AppView {
  readonly url: string;
  /** What the AppView answers; by default an empty search (no posts, none counted). */
  answer: AppViewHandler;
  readonly close: () => Promise<void>;
}

export const emptyAppView: AppViewHandler = (_url, send) => send(200, { posts: [], hitsTotal: 0 });

/** A local AppView: each request is handed to `answer`. */
export const startAppView = async (answer: AppViewHandler = emptyAppView): Promise<AppView> => {
  const server = await startLocalServer((req, res) => {
    const send: SendJson = (status, body, headers = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    appView.answer(new URL(req.url ?? "/", "http://appview"), send, req);
  });
  const appView: AppView = { url: server.url, answer, close: server.close };
  return appView;
};
