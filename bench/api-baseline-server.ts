/**
 * The bare baseline of GET /api/auth/user: a `node:http` server and the `postgres` package (a pool of
 * 10, as the app's), doing the same session lookup as the app and answering the same JSON body.
 * No framework, no middleware, no runtime: what the lookup costs by itself. Started by
 * bench/api-user-load.ts as its own process (as the app is), on DATABASE_URL; prints its port.
 *
 * The lookup is the app's, query for query (infra/auth/Sessions.ts `validate`, then
 * infra/identity/Users.ts `findById`): the session row by the SHA-256 of the cookie's token, an
 * expired one deleted, the expiry slid forward when the session was last written long enough ago;
 * then the user joined with its workspace; the app answers this call's common case in its fast lane
 * (infra/identity/fast-lane.ts) with the same two queries. Keep them in step: the ratio measures
 * what the app adds around the same SQL, not a different lookup.
 */
import { createHash } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import { sqlClient } from "../infra/db/client";
import { SESSION_DAYS, SESSION_WRITE_AFTER_MS } from "../infra/auth/Sessions";

const DAY_MS = 86_400_000;

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set");
const sql = sqlClient(url, { max: 10, onnotice: () => {}, transform: { undefined: null } });

interface SessionRow {
  user_id: string;
  expires_at: Date;
  last_used_at: Date;
}

interface UserRow {
  id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  company: string;
  subscription_tier: string;
  selected_plan: string;
  subscription_status: string;
  is_trial_active: boolean;
  trial_ends_at: Date | null;
  team_role: string;
  time_zone: string;
  onboarded_at: Date | null;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "content-length": Buffer.byteLength(text) });
  res.end(text);
};

const sessionToken = (cookie: string | undefined): string | null => {
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === "session") return decodeURIComponent(value.join("="));
  }
  return null;
};

const unauthorized = { error: { code: "unauthorized", message: "Please sign in to continue." } };

const server = createServer(async (req, res) => {
  try {
    if (req.method !== "GET" || req.url !== "/api/auth/user") return send(res, 404, { error: { code: "not_found", message: "Not found." } });
    const token = sessionToken(req.headers.cookie);
    if (!token) return send(res, 401, unauthorized);
    const id = createHash("sha256").update(token).digest("hex");
    const now = new Date();
    const [session] = await sql<SessionRow[]>`select user_id, expires_at, last_used_at from sessions where id = ${id}`;
    if (!session) return send(res, 401, unauthorized);
    if (session.expires_at.getTime() <= now.getTime()) {
      await sql`delete from sessions where id = ${id}`;
      return send(res, 401, unauthorized);
    }
    if (now.getTime() - session.last_used_at.getTime() >= SESSION_WRITE_AFTER_MS) {
      await sql`update sessions set last_used_at = ${now}, expires_at = ${new Date(now.getTime() + SESSION_DAYS * DAY_MS)} where id = ${id}`;
    }
    const [row] = await sql<UserRow[]>`
      select u.id, u.workspace_id, u.email, u.username, u.first_name, u.last_name, u.company, w.subscription_tier, u.selected_plan,
             w.subscription_status, w.is_trial_active, w.trial_ends_at, u.team_role, u.time_zone, u.is_operator, u.onboarded_at
      from users u join workspaces w on w.id = u.workspace_id
      where u.id = ${session.user_id}`;
    if (!row) return send(res, 401, unauthorized);
    send(res, 200, {
      id: row.id,
      email: row.email,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      company: row.company,
      subscriptionTier: row.subscription_tier,
      selectedPlan: row.selected_plan,
      subscriptionStatus: row.subscription_status,
      isTrialActive: row.is_trial_active,
      trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
      teamRole: row.team_role,
      timezone: row.time_zone,
      onboarded: row.onboarded_at !== null,
    });
  } catch (error) {
    send(res, 500, { error: { code: "server_error", message: String(error) } });
  }
});

server.keepAliveTimeout = 5_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`listening ${address.port}`);
});
const stop = () => server.close(() => void sql.end({ timeout: 2 }).finally(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
