import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { sqlClient } from "../db/client";
import { BIO_USERNAME_MAX, BIO_USERNAME_MIN } from "../../domain/link-in-bio/rules";
import {
  answerFromCache,
  type CachedResource,
  hasPageCookie,
  pageHeaders,
  prepareResource,
  queryHoldsNul,
  type RenderedPage,
} from "../web/static-pages";

/**
 * The public link-in-bio pages (/bio/{username}) answered from memory, at a static server's speed
 * (issue 14): a page is rendered by Astro (src/pages/bio/[username].astro, the one implementation)
 * on its first visit, kept with its compressed forms, and forgotten the moment it changes: the
 * database notifies `bio_page_changed` with the username (migration 0035's triggers). Until the
 * lane listens, and for everything not a plain visit to a published page, Astro answers.
 */

const PAGE_PATH = new RegExp(`^/bio/([a-z0-9._-]{${BIO_USERNAME_MIN},${BIO_USERNAME_MAX}})$`);
/** Pages kept at most; the oldest is forgotten first. */
const MAX_PAGES = 5_000;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface BioLane {
  /** The usernames answered from memory now (tests, logs). */
  readonly cached: () => ReadonlyArray<string>;
}

export const installBioLane = (
  server: Server,
  databaseUrl: string,
  render: (paths: ReadonlyArray<string>) => Promise<Map<string, RenderedPage>>,
  warn: (message: string) => void = () => {},
): BioLane => {
  const pages = new Map<string, CachedResource>();
  /** Bumped by every change of a username's page: a render begun before it is not kept. */
  const generations = new Map<string, number>();
  const rendering = new Set<string>();
  let listening = false;

  const forget = (username: string) => {
    if (username === "*") {
      pages.clear();
      generations.clear();
    } else {
      pages.delete(username);
      generations.set(username, (generations.get(username) ?? 0) + 1);
    }
  };

  const sql = sqlClient(databaseUrl, { max: 1, onnotice: () => {} });
  server.once("close", () => void sql.end({ timeout: 2 }).catch(() => undefined));
  sql
    .listen("bio_page_changed", forget, () => {
      // (Re)connected: what changed while the connection was down is unknown.
      forget("*");
      listening = true;
    })
    .catch((error: unknown) => warn(`the link-in-bio pages are rendered on every visit: ${error instanceof Error ? error.message : String(error)}`));

  const keep = async (username: string) => {
    if (rendering.has(username)) return;
    rendering.add(username);
    const generation = generations.get(username) ?? 0;
    try {
      const path = `/bio/${username}`;
      const page = (await render([path])).get(path);
      const headers = page ? pageHeaders(page) : null;
      if (!page || !headers) return;
      const resource = await prepareResource(page.body, headers, true);
      if (!listening || (generations.get(username) ?? 0) !== generation) return;
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(username, resource);
    } catch (error) {
      warn(`rendering /bio/${username} for the cache failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      rendering.delete(username);
    }
  };

  const listeners = server.listeners("request") as Listener[];
  server.removeAllListeners("request");
  const onward: Listener = (req, res) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url?.startsWith("/bio/")) return onward(req, res);
    const q = req.url.indexOf("?");
    // A query (?utm_source=…) changes nothing on the page.
    const username = PAGE_PATH.exec(q === -1 ? req.url : req.url.slice(0, q))?.[1];
    if (!username || hasPageCookie(req.headers.cookie) || req.headers.range !== undefined || (q !== -1 && queryHoldsNul(req.url.slice(q)))) return onward(req, res);
    const page = pages.get(username);
    if (page) return answerFromCache(req, res, page);
    onward(req, res);
    if (listening) void keep(username);
  });

  return { cached: () => [...pages.keys()] };
};
