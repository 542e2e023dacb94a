import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Context } from "effect";
import { describe, expect, it } from "vitest";
import { hasPermission, PERMISSION_DENIED_MESSAGE, type Permission } from "../../domain/access";
import { ROLES, type Role } from "../../domain/shared";
import { SocialDeskApi } from "../../infra/app-api";
import { Requires } from "../../infra/web/api/guard";
import { type Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * The authorization point over HTTP: every command route asks the permission this table names, and
 * a role without it gets 403 with the sentence, before anything is read or written.
 */

const app = useAppServer();
const ID = "00000000-0000-4000-8000-000000000001";

/**
 * The declared operations (infra/app-api.ts) with the permission each declares: the table
 * of the modules whose routes moved onto the contract is read from their declarations.
 */
const DECLARED_OPERATIONS: ReadonlyArray<{ method: string; path: string; permission: Permission | null }> = Object.values(SocialDeskApi.groups).flatMap(
  (group) =>
    Object.values(group.endpoints).map((endpoint) => ({
      method: endpoint.method,
      path: endpoint.path.replace(/:id\b/g, ID),
      permission: Context.getOrUndefined(endpoint.annotations, Requires)?.permission ?? null,
    })),
);

/** Every command route of a route file (and the account connection's redirect) with the permission it asks; null: a person's own settings or signing in. */
const ROUTE_FILE_COMMANDS: ReadonlyArray<{ method: string; path: string; permission: Permission | null }> = [
  { method: "POST", path: "/api/media/upload", permission: "manage_posts" },
  { method: "POST", path: "/api/media/designs", permission: "manage_posts" },
  { method: "PUT", path: `/api/media/${ID}`, permission: "manage_posts" },
  { method: "DELETE", path: `/api/media/${ID}`, permission: "manage_posts" },
  { method: "POST", path: "/api/social-accounts", permission: "manage_accounts" },
  { method: "POST", path: "/api/social-accounts/sandbox", permission: "manage_accounts" },
  { method: "POST", path: "/api/social-accounts/bluesky", permission: "manage_accounts" },
  { method: "POST", path: "/api/social-accounts/listing", permission: "manage_accounts" },
  { method: "PUT", path: `/api/social-accounts/${ID}`, permission: "manage_accounts" },
  { method: "DELETE", path: `/api/social-accounts/${ID}`, permission: "manage_accounts" },
  { method: "GET", path: "/api/auth/linkedin", permission: "manage_accounts" },
  { method: "GET", path: "/api/auth/linkedin/callback", permission: "manage_accounts" },
  { method: "POST", path: "/api/team-invites", permission: "manage_members" },
  { method: "DELETE", path: `/api/team-invites/${ID}`, permission: "manage_members" },
  { method: "POST", path: `/api/team-invites/${ID}/resend`, permission: "manage_members" },
  { method: "PUT", path: `/api/team-members/${ID}`, permission: "manage_members" },
  { method: "DELETE", path: `/api/team-members/${ID}`, permission: "manage_members" },
  { method: "POST", path: `/api/team-members/${ID}/transfer-ownership`, permission: "manage_members" },
  { method: "PUT", path: "/api/team-settings", permission: "manage_members" },
  { method: "POST", path: "/api/approval-links", permission: "approve_posts" },
  { method: "DELETE", path: `/api/approval-links/${ID}`, permission: "approve_posts" },
  // Joining through an invitation's link: the link is the permission.
  { method: "POST", path: `/api/invitations/${ID}`, permission: null },
  { method: "POST", path: `/api/invitations/${ID}/accept`, permission: null },
  // Meta's signed deliveries: the signature is the permission.
  { method: "POST", path: "/api/webhooks/meta", permission: null },
  { method: "POST", path: "/api/webhooks/google-business", permission: null },
  { method: "POST", path: "/api/webhooks/stripe", permission: null },
  // Billing with Stripe: the owner's (without Stripe keys the server answers 503 past the permission).
  { method: "POST", path: "/api/start-trial", permission: "manage_billing" },
  { method: "POST", path: "/api/billing/portal", permission: "manage_billing" },
  // A person's own workspaces (the service checks they belong to the one they switch to).
  { method: "POST", path: "/api/workspaces/switch", permission: null },
  { method: "POST", path: "/api/clients", permission: "manage_clients" },
  { method: "PUT", path: "/api/brand", permission: "manage_clients" },
  { method: "POST", path: "/api/brand", permission: "manage_clients" },
  { method: "POST", path: `/api/clients/${ID}/access`, permission: "manage_clients" },
  { method: "POST", path: "/api/clients/access", permission: "manage_clients" },
  { method: "POST", path: "/api/social-inbox/bulk", permission: "answer_messages" },
  { method: "PUT", path: `/api/social-inbox/${ID}`, permission: "answer_messages" },
  { method: "PUT", path: `/api/social-inbox/${ID}/status`, permission: null },
  { method: "POST", path: `/api/social-inbox/${ID}/reply`, permission: "answer_messages" },
  { method: "POST", path: "/api/social-inbox/messages", permission: "answer_messages" },
  { method: "POST", path: "/api/listening/monitors", permission: "answer_messages" },
  { method: "PUT", path: `/api/listening/monitors/${ID}`, permission: "answer_messages" },
  { method: "DELETE", path: `/api/listening/monitors/${ID}`, permission: "answer_messages" },
  { method: "POST", path: `/api/listening/posts/${ID}/inbox`, permission: "answer_messages" },
  { method: "POST", path: `/api/listening/posts/${ID}/reply`, permission: "answer_messages" },
  { method: "POST", path: "/api/reviews", permission: "answer_messages" },
  { method: "POST", path: "/api/reviews/import", permission: "answer_messages" },
  { method: "PUT", path: `/api/reviews/${ID}`, permission: "answer_messages" },
  { method: "POST", path: `/api/reviews/${ID}/respond`, permission: "answer_messages" },
  { method: "DELETE", path: `/api/reviews/${ID}/response`, permission: "answer_messages" },
  { method: "POST", path: "/api/rss-feeds", permission: "manage_posts" },
  { method: "PUT", path: `/api/rss-feeds/${ID}`, permission: "manage_posts" },
  { method: "DELETE", path: `/api/rss-feeds/${ID}`, permission: "manage_posts" },
  { method: "POST", path: "/api/reply-templates", permission: "answer_messages" },
  { method: "PUT", path: `/api/reply-templates/${ID}`, permission: "answer_messages" },
  { method: "DELETE", path: `/api/reply-templates/${ID}`, permission: "answer_messages" },
  { method: "POST", path: "/api/hashtags/search", permission: "view_analytics" },
  { method: "POST", path: "/api/hashtag-groups", permission: "manage_posts" },
  { method: "PUT", path: `/api/hashtag-groups/${ID}`, permission: "manage_posts" },
  { method: "DELETE", path: `/api/hashtag-groups/${ID}`, permission: "manage_posts" },
  // Any signed-in person answers "Was this article helpful?" for themselves.
  { method: "POST", path: `/api/help/articles/${ID}/vote`, permission: null },
  { method: "PUT", path: "/api/link-in-bio", permission: "manage_posts" },
  { method: "POST", path: "/api/link-in-bio/links", permission: "manage_posts" },
  { method: "PUT", path: `/api/link-in-bio/links/${ID}`, permission: "manage_posts" },
  { method: "DELETE", path: `/api/link-in-bio/links/${ID}`, permission: "manage_posts" },
  { method: "POST", path: `/api/link-in-bio/links/${ID}/restore`, permission: "manage_posts" },
  { method: "POST", path: "/api/ai/enhance-content", permission: "manage_posts" },
  { method: "POST", path: "/api/ai/generate-image", permission: "manage_posts" },
  { method: "POST", path: "/api/ai/draft-reply", permission: "answer_messages" },
  { method: "PUT", path: `/api/clients/${ID}`, permission: "manage_clients" },
  { method: "POST", path: `/api/clients/${ID}`, permission: "manage_clients" },
  { method: "GET", path: `/api/clients/${ID}/report?from=2026-01-01&to=2026-01-31`, permission: "manage_clients" },
  { method: "PUT", path: `/api/clients/${ID}/report-schedule`, permission: "manage_clients" },
  { method: "POST", path: `/api/clients/${ID}/report-schedule`, permission: "manage_clients" },
  { method: "DELETE", path: `/api/clients/${ID}/report-schedule`, permission: "manage_clients" },
  { method: "POST", path: "/api/user/onboarding", permission: null },
  { method: "POST", path: "/api/user/sessions/revoke-others", permission: null },
  { method: "DELETE", path: "/api/user/sessions/x", permission: null },
  { method: "PUT", path: "/api/user/profile", permission: null },
  { method: "PUT", path: "/api/user/notifications", permission: null },
  { method: "POST", path: "/api/user/password", permission: null },
  { method: "POST", path: "/api/auth/register", permission: null },
  { method: "POST", path: "/api/auth/logout", permission: null },
  { method: "POST", path: "/api/auth/forgot-password", permission: null },
  { method: "POST", path: "/api/auth/reset-password", permission: null },
  { method: "POST", path: "/api/auth/login", permission: null },
  // Operators only (checked by the middleware), whatever their role.
  { method: "POST", path: "/api/admin/projections/posts/rebuild", permission: null },
  { method: "POST", path: "/api/admin/projections/posts/verify", permission: null },
];

// The declared ones first: the table ends with signing out.
const COMMAND_ROUTES = [...DECLARED_OPERATIONS.filter((operation) => operation.method !== "GET"), ...ROUTE_FILE_COMMANDS];

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
    // A declared write says what it asks (`Requires`, {} for a person's own settings).
    const unsaid = Object.values(SocialDeskApi.groups).flatMap((group) =>
      Object.values(group.endpoints)
        .filter((endpoint) => endpoint.method !== "GET" && Context.getOrUndefined(endpoint.annotations, Requires) === undefined)
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
