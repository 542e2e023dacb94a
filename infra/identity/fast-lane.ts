import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { sqlClient } from "../db/client";
import { readSessionRow, SESSION_COOKIE, sessionExpired, sessionWriteDue } from "../auth/Sessions";
import { hashToken } from "../auth/tokens";
import type { Sql } from "../db/Database";
import type { CurrentUser } from "./current-user";
import type { TeamMembershipsShape } from "./ports";
import { selectUserWhere, userOf } from "./Users";
import { publicUser } from "./public-user";

/**
 * The fast lane of GET /api/auth/user, the call every open app page makes: answered in front of
 * Astro, with two plain queries on the pool (a third, the team's role, for a member), when it is the common case, a signed-in session that
 * needs no write. Astro's pipeline (the adapter's static-file look-up, the Request and Response
 * objects, the middleware) and the Effect runtime cost four times the lookup itself (issue 9's
 * profile); this answers the same bytes and headers as the declared operation (infra/identity/api.ts
 * AccountApi "me") at the speed of a bare server.
 *
 * Everything else goes on to Astro unchanged, which stays the one implementation of the route: any
 * other method, a query string, an HTML request, no session cookie, a demo cookie, an unknown or
 * expired session, one due to be written (its expiry slid and its cookie re-sent, at most every
 * SESSION_WRITE_AFTER_MS), a user not found, or a database error. The lane never writes.
 */

/** The user as infra/identity/Users.ts reads them: the same query and mapping (and the team's role for a member). */
const findUser = async (sql: Sql, userId: string, team: TeamMembershipsShape): Promise<CurrentUser | null> =>
  userOf(sql, await selectUserWhere(sql, sql`u.id = ${userId}`), team);

/** The session token of a Cookie header; null without one, or with a demo cookie (the middleware decides those). */
const sessionToken = (cookie: string | undefined): string | null => {
  if (!cookie) return null;
  let token: string | null = null;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (name === "demo") return null;
    // The first of the name counts, as in Astro's parsing.
    if (name === SESSION_COOKIE && token === null) {
      try {
        token = decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return token || null;
};

/** The signed-in user, or null when the request is not the lane's to answer. */
const signedInUser = async (sql: Sql, token: string, team: TeamMembershipsShape): Promise<CurrentUser | null> => {
  const now = new Date();
  const session = await readSessionRow(sql, hashToken(token));
  if (!session || sessionExpired(session, now) || sessionWriteDue(session, now)) return null;
  return findUser(sql, session.user_id, team);
};

/** Connections of the lane's pool at most (opened as needed): as many as the app's own pools and the bench's baseline. */
const LANE_POOL_SIZE = 10;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the lane in front of the server's request listeners (the Astro handler); answers through them
 * otherwise (also while the team's answers to identity's port are not there yet). The lane has a small pool of its own on `databaseUrl`, so that its reads never wait
 * behind the worker's jobs; closed with the server.
 */
export const installApiFastLane = (server: Server, databaseUrl: string, team: Promise<TeamMembershipsShape>): void => {
  // Without the team's answers every request goes on to Astro, which says why; the lane never crashes the process.
  team.catch(() => undefined);
  const sql = sqlClient(databaseUrl, { max: LANE_POOL_SIZE, onnotice: () => {} });
  server.once("close", () => void sql.end({ timeout: 2 }).catch(() => undefined));
  const listeners = server.listeners("request") as Listener[];
  server.removeAllListeners("request");
  const onward: Listener = (req, res) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "GET" || req.url !== "/api/auth/user" || (req.headers.accept ?? "").includes("text/html")) return onward(req, res);
    const token = sessionToken(req.headers.cookie);
    if (!token) return onward(req, res);
    team.then((memberships) => signedInUser(sql, token, memberships)).then(
      (user) => {
        if (!user) return onward(req, res);
        const body = JSON.stringify(publicUser(user));
        res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store", "content-length": Buffer.byteLength(body) });
        res.end(body);
      },
      () => onward(req, res),
    );
  });
};
