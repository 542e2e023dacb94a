import { createHash, randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readRequest, type RecordedRequest } from "./oauth-provider";

/**
 * A local Mastodon instance for tests, playing the documented API as strictly as the real server:
 * app registration (`POST /api/v1/apps`), OAuth with PKCE S256 (`/oauth/authorize` answers at once,
 * as if the person approved; `/oauth/token` checks the client, the one-time code, the redirect URI
 * and the verifier), `verify_credentials`, `/api/v2/instance`, media (`/api/v2/media` processed after
 * one poll), statuses honouring `Idempotency-Key`, notifications and status figures. Every request is
 * recorded for the test to check.
 */

export interface FakeStatus {
  readonly id: string;
  readonly body: Record<string, unknown>;
  readonly idempotencyKey: string | null;
  readonly url: string;
  favourites: number;
  reblogs: number;
  replies: number;
}

export interface FakeMastodon {
  readonly url: string;
  /** host:port, for OUTBOUND_ALLOW_HOSTS. */
  readonly host: string;
  readonly requests: RecordedRequest[];
  requestsTo(path: string, method?: string): RecordedRequest[];
  /** Apps registered here, in order. */
  readonly apps: Array<{ readonly clientId: string; readonly clientSecret: string; readonly redirectUri: string; readonly name: string }>;
  readonly statuses: FakeStatus[];
  /** Notifications the account has (newest pushed last). */
  readonly notifications: Array<Record<string, unknown>>;
  /** What /api/v2/instance says of statuses. */
  limits: { maxCharacters: number; maxMedia: number };
  readonly account: { readonly id: string; readonly username: string; readonly followersCount: number };
  /** The next request to this path answers this instead. */
  respondOnce(path: string, status: number, body: unknown): void;
  /** A valid access token for the account (as if connected before). */
  grantAccessToken(): string;
  close(): Promise<void>;
}

/** A 4x4 purple PNG. */
const AVATAR = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGNITvkPRwzEcQDYUhxhYds33AAAAABJRU5ErkJggg==", "base64");

export const startFakeMastodon = async (): Promise<FakeMastodon> => {
  const requests: RecordedRequest[] = [];
  const apps: FakeMastodon["apps"] = [];
  const codes = new Map<string, { clientId: string; redirectUri: string; challenge: string }>();
  const tokens = new Set<string>();
  const media = new Map<string, { polls: number; description: string | null }>();
  const statuses: FakeStatus[] = [];
  const notifications: Array<Record<string, unknown>> = [];
  const once = new Map<string, { status: number; body: unknown }>();
  let counter = 100;
  const next = () => String(++counter);
  const secret = (kind: string) => `${kind}-${randomBytes(8).toString("hex")}`;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string, description?: string) =>
    json(res, status, description ? { error: message, error_description: description } : { error: message });

  const server = createServer(async (req, res) => {
    const request = await readRequest(req);
    requests.push(request);
    const injected = once.get(request.path);
    if (injected) {
      once.delete(request.path);
      return json(res, injected.status, injected.body);
    }
    const { method, path } = request;
    const fields = (request.json ?? request.form) as Record<string, unknown>;

    if (method === "POST" && path === "/api/v1/apps") {
      if (!fields.client_name || typeof fields.redirect_uris !== "string") return error(res, 422, "Validation failed: Name can't be blank, Redirect URI can't be blank");
      const app = { clientId: secret("client"), clientSecret: secret("secret"), redirectUri: fields.redirect_uris, name: String(fields.client_name) };
      apps.push(app);
      return json(res, 200, { id: next(), name: app.name, website: fields.website ?? null, redirect_uri: app.redirectUri, client_id: app.clientId, client_secret: app.clientSecret, scopes: String(fields.scopes ?? "read").split(" ") });
    }
    if (method === "GET" && path === "/oauth/authorize") {
      const q = request.query;
      const app = apps.find((a) => a.clientId === q.client_id);
      if (!app) return error(res, 401, "invalid_client", "Client authentication failed due to unknown client.");
      if (q.response_type !== "code" || q.redirect_uri !== app.redirectUri || !q.state) return error(res, 400, "invalid_request", "The redirect URI or response type is wrong.");
      if (q.code_challenge_method !== "S256" || !q.code_challenge) return error(res, 400, "invalid_request", "PKCE S256 expected.");
      const code = secret("code");
      codes.set(code, { clientId: app.clientId, redirectUri: app.redirectUri, challenge: q.code_challenge });
      const target = new URL(app.redirectUri);
      target.searchParams.set("code", code);
      target.searchParams.set("state", q.state);
      res.writeHead(302, { location: target.href });
      return res.end();
    }
    if (method === "POST" && path === "/oauth/token") {
      const f = request.form;
      const app = apps.find((a) => a.clientId === f.client_id && a.clientSecret === f.client_secret);
      if (!app) return error(res, 401, "invalid_client", "Client authentication failed due to unknown client.");
      const grant = codes.get(f.code ?? "");
      codes.delete(f.code ?? "");
      if (f.grant_type !== "authorization_code" || !grant || grant.clientId !== app.clientId || grant.redirectUri !== f.redirect_uri) {
        return error(res, 400, "invalid_grant", "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.");
      }
      if (createHash("sha256").update(f.code_verifier ?? "").digest("base64url") !== grant.challenge) return error(res, 400, "invalid_grant", "The code verifier does not match.");
      const token = secret("token");
      tokens.add(token);
      return json(res, 200, { access_token: token, token_type: "Bearer", scope: "read write", created_at: Math.floor(Date.now() / 1000) });
    }
    if (method === "GET" && path === "/api/v2/instance") {
      return json(res, 200, { domain: fake.host, title: "Local Mastodon", configuration: { statuses: { max_characters: fake.limits.maxCharacters, max_media_attachments: fake.limits.maxMedia } } });
    }
    if (method === "GET" && path.startsWith("/avatars/")) {
      // The account's picture, as the instance's media server would serve it.
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(AVATAR);
    }
    if (!request.bearer || !tokens.has(request.bearer)) return error(res, 401, "The access token is invalid");

    if (method === "GET" && path === "/api/v1/accounts/verify_credentials") {
      return json(res, 200, { id: fake.account.id, username: fake.account.username, acct: fake.account.username, display_name: "Local Bakery", avatar: `${fake.url}/avatars/bakery.png`, followers_count: fake.account.followersCount, url: `${fake.url}/@${fake.account.username}` });
    }
    if (method === "POST" && path === "/api/v2/media") {
      const file = request.multipart.file;
      if (!file || typeof file === "string") return error(res, 422, "Validation failed: File can't be blank");
      const id = next();
      media.set(id, { polls: 0, description: typeof request.multipart.description === "string" ? request.multipart.description : null });
      // Large files are processed asynchronously: 202 without a url.
      return json(res, 202, { id, type: "image", url: null, description: media.get(id)!.description });
    }
    const mediaMatch = /^\/api\/v1\/media\/(\d+)$/.exec(path);
    if (method === "GET" && mediaMatch) {
      const item = media.get(mediaMatch[1]!);
      if (!item) return error(res, 404, "Record not found");
      item.polls++;
      return item.polls < 2 ? json(res, 206, { id: mediaMatch[1], url: null }) : json(res, 200, { id: mediaMatch[1], url: `${fake.url}/media/${mediaMatch[1]}.png` });
    }
    if (method === "POST" && path === "/api/v1/statuses") {
      const key = request.headers["idempotency-key"] ?? null;
      const repeat = key ? statuses.find((s) => s.idempotencyKey === key) : undefined;
      const shape = (s: FakeStatus) => ({ id: s.id, url: s.url, uri: s.url, content: `<p>${String(s.body.status)}</p>`, visibility: s.body.visibility ?? "public", spoiler_text: s.body.spoiler_text ?? "" });
      if (repeat) return json(res, 200, shape(repeat));
      const body = fields;
      const ids = Array.isArray(body.media_ids) ? (body.media_ids as string[]) : [];
      if (!body.status && ids.length === 0) return error(res, 422, "Validation failed: Text can't be blank");
      if (String(body.status ?? "").length > fake.limits.maxCharacters) return error(res, 422, `Validation failed: Text character limit of ${fake.limits.maxCharacters} exceeded`);
      if (ids.some((id) => (media.get(id)?.polls ?? 0) < 2)) return error(res, 422, "Cannot attach files that have not finished processing. Try again in a moment!");
      const id = `1${next()}000000000`;
      const status: FakeStatus = { id, body, idempotencyKey: key, url: `${fake.url}/@${fake.account.username}/${id}`, favourites: 0, reblogs: 0, replies: 0 };
      statuses.push(status);
      return json(res, 200, shape(status));
    }
    const statusMatch = /^\/api\/v1\/statuses\/(\d+)$/.exec(path);
    if (method === "GET" && statusMatch) {
      const s = statuses.find((x) => x.id === statusMatch[1]);
      if (!s) return error(res, 404, "Record not found");
      return json(res, 200, { id: s.id, url: s.url, favourites_count: s.favourites, reblogs_count: s.reblogs, replies_count: s.replies });
    }
    if (method === "GET" && path === "/api/v1/notifications") {
      const types = new URLSearchParams(request.rawQuery).getAll("types[]");
      const since = request.query.since_id ? BigInt(request.query.since_id) : null;
      const answer = [...notifications].reverse().filter((n) => (types.length === 0 || types.includes(String(n.type))) && (since === null || BigInt(String(n.id)) > since));
      return json(res, 200, answer);
    }
    return error(res, 404, "Record not found");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeMastodon = {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    requestsTo: (path, method) => requests.filter((r) => r.path === path && (!method || r.method === method)),
    apps,
    statuses,
    notifications,
    limits: { maxCharacters: 1000, maxMedia: 4 },
    account: { id: "109876", username: "bakery", followersCount: 321 },
    respondOnce: (path, status, body) => void once.set(path, { status, body }),
    grantAccessToken: () => {
      const token = secret("token");
      tokens.add(token);
      return token;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
  return fake;
};
