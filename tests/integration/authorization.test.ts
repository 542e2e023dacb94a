import { readdirSync } from "node:fs";
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

// Signing out comes last: the person's session ends with it.
const signsOut = (route: { path: string }) => route.path === "/api/auth/logout";
const OPERATIONS = [...DECLARED_OPERATIONS].sort((a, b) => Number(signsOut(a)) - Number(signsOut(b)));

/** A refusal's code and sentence, from its problem. */
const refusalIn = (data: { code?: string; detail?: string } | null) => (data?.code === undefined ? undefined : { code: data.code, message: data.detail });

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
  it("every operation of the API is declared (no route file besides the one that serves them), and every write says what it asks", () => {
    expect(readdirSync(path.resolve("src/pages/api"), { recursive: true })).toEqual(["[...operation].ts"]);
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
    for (const route of OPERATIONS) {
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
