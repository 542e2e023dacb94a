import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Context } from "effect";
import { OpenApi } from "effect/http-api";
import { describe, expect, it } from "vitest";
import { hasPermission, PERMISSION_DENIED_MESSAGE, type Permission } from "../../domain/access";
import { ROLES, type Role } from "../../domain/shared";
import { SocialDeskApi } from "../../infra/app-api";
import { PublicEdge, Requires } from "../../infra/web/api/guard";
import { type Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * The authorization point over HTTP: every declared operation (every query and command) asks the
 * permission its declaration names, and a role without it gets 403 with the sentence, before
 * anything is read or written.
 */

const app = useAppServer();
const ID = "00000000-0000-4000-8000-000000000001";

/**
 * The declared operations (infra/app-api.ts) with the permission each declares: the table
 * of the modules whose routes moved onto the contract is read from their declarations.
 */
/** The operations that answer an event stream: it stays open, so the table asks them nothing (none asks a permission). */
const streams = new Set(
  Object.entries(OpenApi.fromApi(SocialDeskApi).paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>)
      .filter(([, operation]) => Object.values(operation.responses ?? {}).some((response) => response.content?.["text/event-stream"] !== undefined))
      .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
  ),
);

const DECLARED_OPERATIONS: ReadonlyArray<{ method: string; path: string; permission: Permission | null }> = Object.values(SocialDeskApi.groups).flatMap(
  (group) =>
    Object.values(group.endpoints).filter((endpoint) => !(streams.has(`${endpoint.method} ${endpoint.path}`) && Context.getOrUndefined(endpoint.annotations, Requires)?.permission === undefined)).map((endpoint) => ({
      method: endpoint.method,
      path: endpoint.path.replace(/:id\b/g, ID).replace(/:platform\b/g, "linkedin"),
      permission: Context.getOrUndefined(endpoint.annotations, Requires)?.permission ?? null,
    })),
);

/** Every command route of a route file (and the account connection's redirect) with the permission it asks; null: a person's own settings or signing in. */
const ROUTE_FILE_COMMANDS: ReadonlyArray<{ method: string; path: string; permission: Permission | null }> = [
  { method: "POST", path: "/api/posts", permission: "manage_posts" },
  { method: "POST", path: "/api/posts/bulk", permission: "manage_posts" },
  { method: "PUT", path: `/api/posts/${ID}`, permission: "manage_posts" },
  { method: "DELETE", path: `/api/posts/${ID}`, permission: "manage_posts" },
  { method: "POST", path: `/api/posts/${ID}/publish`, permission: "manage_posts" },
  { method: "POST", path: "/api/content-templates", permission: "manage_posts" },
  { method: "PUT", path: `/api/content-templates/${ID}`, permission: "manage_posts" },
  { method: "DELETE", path: `/api/content-templates/${ID}`, permission: "manage_posts" },
  { method: "POST", path: `/api/content-templates/${ID}/use`, permission: "manage_posts" },
  { method: "POST", path: "/api/calendar-notes", permission: "manage_posts" },
  { method: "PUT", path: `/api/calendar-notes/${ID}`, permission: "manage_posts" },
  { method: "DELETE", path: `/api/calendar-notes/${ID}`, permission: "manage_posts" },
  { method: "GET", path: "/api/analytics", permission: "view_analytics" },
  { method: "GET", path: "/api/analytics/export?format=csv&period=7d", permission: "view_analytics" },
  { method: "POST", path: `/api/posts/${ID}/approve`, permission: "approve_posts" },
  { method: "POST", path: `/api/posts/${ID}/request-changes`, permission: "approve_posts" },
];

// Every declared operation, queries as well as commands (one authorization point for both); signing out comes last: the person's session ends with it.
const signsOut = (route: { path: string }) => route.path === "/api/auth/logout";
const COMMAND_ROUTES = [...DECLARED_OPERATIONS, ...ROUTE_FILE_COMMANDS].sort((a, b) => Number(signsOut(a)) - Number(signsOut(b)));

/** A refusal's code and sentence, from a problem (declared operations) or `{error}` (route files). */
const refusalIn = (data: { error?: { code: string; message: string }; code?: string; detail?: string } | null) =>
  data?.error ?? (data?.code === undefined ? undefined : { code: data.code, message: data.detail });

/** The routes' files, as "METHOD /api/path" with [id] for parameters. */
const declaredRoutes = (): string[] => {
  const root = path.resolve("src/pages/api");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith(".ts")) {
        const route = `/api/${path
          .relative(root, file)
          .replace(/\.ts$/, "")
          .replace(/(^|\/)index$/, "")}`.replace(/\/$/, "");
        for (const [, method] of readFileSync(file, "utf8").matchAll(/export const (POST|PUT|PATCH|DELETE)\b/g)) found.push(`${method} ${route}`);
      }
    }
  };
  walk(root);
  return found.sort();
};

const asPattern = (route: { method: string; path: string }) =>
  `${route.method} ${route.path
    .replace(`/invitations/${ID}`, "/invitations/[token]")
    .replace(ID, "[id]")
    .replace("/sessions/x", "/sessions/[id]")
    .replace(/\/projections\/posts\//, "/projections/[name]/")}`;

/**
 * A person with the role in a workspace whose plan has every team feature. The role is given in the
 * database (tests/integration/team.test.ts goes through invitations): the session reads it on each request.
 */
const withRole = async (role: Role): Promise<Browser> => {
  const owner = await signUp(app.server.url);
  const [{ workspace_id: workspaceId }] = await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${owner.user.id}`;
  await app.sql`update workspaces set subscription_tier = 'agency', subscription_status = 'active' where id = ${workspaceId}`;
  if (role === "owner") return owner.browser;
  const { browser, user } = await signUp(app.server.url);
  await app.sql`update users set workspace_id = ${workspaceId} where id = ${user.id}`;
  await app.sql`insert into team_members (workspace_id, user_id, email, role, joined_at) values (${workspaceId}, ${user.id}, ${user.email}, ${role}, now())`;
  return browser;
};

describe("the authorization point", () => {
  it("every command route of the API is in the table (a new route must say what it asks)", () => {
    const tabled = ROUTE_FILE_COMMANDS.filter((r) => r.method !== "GET").map(asPattern);
    expect(declaredRoutes()).toEqual([...new Set(tabled)].sort());
    // A declared write says what it asks (`Requires`, {} for a person's own settings), unless anyone may call it (`PublicEdge`).
    const unsaid = Object.values(SocialDeskApi.groups).flatMap((group) =>
      Object.values(group.endpoints)
        .filter((endpoint) => endpoint.method !== "GET" && !endpoint.middlewares.has(PublicEdge) && Context.getOrUndefined(endpoint.annotations, Requires) === undefined)
        .map((endpoint) => `${endpoint.method} ${endpoint.path}`),
    );
    expect(unsaid).toEqual([]);
  });

  it.each(ROLES)("a %s gets 403 with the sentence exactly where the role lacks the permission", async (role) => {
    const browser = await withRole(role);
    for (const route of COMMAND_ROUTES) {
      const response = await browser.request(route.method, route.path, route.method === "GET" ? {} : { json: {} });
      const refused = route.permission !== null && !hasPermission(role, route.permission);
      if (refused) {
        expect(response.status, `${role} ${route.method} ${route.path}`).toBe(403);
        expect(refusalIn(response.data), `${role} ${route.method} ${route.path}`).toEqual({ code: "forbidden", message: PERMISSION_DENIED_MESSAGE });
      } else {
        expect(refusalIn(response.data)?.message ?? "", `${role} ${route.method} ${route.path}`).not.toBe(PERMISSION_DENIED_MESSAGE);
      }
    }
  });

  it("a member's refused connection stores nothing", async () => {
    const browser = await withRole("member");
    const refused = await browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Refused" });
    expect(refused.status).toBe(403);
    expect((await browser.get("/api/social-accounts")).data).toEqual([]);
  });
});
