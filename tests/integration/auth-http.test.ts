import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, registration, signUp, TEST_PASSWORD } from "../support/browser";
import { runCommand } from "../support/commands";
import { until } from "../support/wait";
import { useAppServer } from "../support/server";
import { adminGrant, adminPlan, type Command, replay } from "../../scripts/lib/commands";

/**
 * The authentication and account foundation over HTTP: the real app (scripts/start.ts with its
 * worker) on a database of its own, driven with fetch like a browser (cookies, Origin header), and
 * checked against PostgreSQL. One server for the whole file.
 */

const app = useAppServer({ demo: true });

const DAY_MS = 86_400_000;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const sessionRow = async (token: string) =>
  (await app.sql<{ user_id: string; expires_at: Date; last_used_at: Date }[]>`
    select user_id, expires_at, last_used_at from sessions where id = ${sha256(token)}`)[0];

const eventsOf = (streamId: string) =>
  app.sql<{ type: string; data: any; metadata: any }[]>`
    select type, data, metadata from events where stream_id = ${streamId} order by stream_version`;

const eventCount = async () => (await app.sql<{ n: number }[]>`select count(*)::int as n from events`)[0].n;

/** Runs one of the CLI commands on the test's app, as `npm run …` would (scripts/lib/commands.ts). */
const run = (command: Command, args: ReadonlyArray<string>) => runCommand(command, app, args);

/** The command as a process, as a person types it (scripts/*.ts). */
const runScript = (script: string, args: ReadonlyArray<string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
      env: { ...process.env, DATABASE_URL: app.database.url, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });

// ---------------------------------------------------------------------------------------------

describe("GET /api/health", () => {
  it("given the app and its worker are up, then it answers 200 {status: ok}", async () => {
    const response = await new Browser(app.server.url).get("/api/health");
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ status: "ok" });
  });
});

describe("POST /api/auth/register", () => {
  it("given a valid sign-up, then it answers 201 with the user, a trial of 5 days and the owner role", async () => {
    const browser = new Browser(app.server.url);
    const input = registration({ firstName: "Avery", lastName: "Stone", company: "Stone & Sons", email: `Avery.Stone-${randomUUID().slice(0, 6)}@Example.com` });
    const before = Date.now();
    const response = await browser.post("/api/auth/register", input);
    expect(response.status, response.text).toBe(201);
    const user = response.data.user;
    expect(user).toMatchObject({
      email: input.email.toLowerCase(),
      username: input.email.split("@")[0].toLowerCase(),
      firstName: "Avery",
      lastName: "Stone",
      company: "Stone & Sons",
      subscriptionTier: "trial",
      subscriptionStatus: "trial",
      isTrialActive: true,
      teamRole: "owner",
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    const trialEndsAt = new Date(user.trialEndsAt).getTime();
    expect(trialEndsAt).toBeGreaterThanOrEqual(before + 5 * DAY_MS - 1_000);
    expect(trialEndsAt).toBeLessThanOrEqual(Date.now() + 5 * DAY_MS + 1_000);
  });

  it("given a valid sign-up over http, then the session cookie is HttpOnly, SameSite=Lax, Path=/, 30 days and not Secure", async () => {
    const response = await new Browser(app.server.url).post("/api/auth/register", registration());
    expect(response.status).toBe(201);
    const cookie = response.setCookies.find((line) => line.startsWith("session="))!;
    expect(cookie).toBeDefined();
    const attributes = cookie.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes).toContain("max-age=2592000");
    expect(attributes).not.toContain("secure");
  });

  it("given a sign-up behind an HTTPS proxy (x-forwarded-proto: https), then the session cookie is Secure", async () => {
    const response = await new Browser(app.server.url).post("/api/auth/register", registration(), { headers: { "x-forwarded-proto": "https" } });
    expect(response.status).toBe(201);
    const cookie = response.setCookies.find((line) => line.startsWith("session="))!;
    expect(cookie.split(";").map((part) => part.trim().toLowerCase())).toContain("secure");
  });

  it("given a sign-up, then the events, the users row, the trial-end job and the hashed session are in the database", async () => {
    const browser = new Browser(app.server.url);
    const correlationId = `test-${randomUUID()}`;
    const response = await browser.post("/api/auth/register", registration({ company: "Event Co" }), {
      headers: { "x-request-id": correlationId },
    });
    expect(response.status, response.text).toBe(201);
    const user = response.data.user;

    const userEvents = await eventsOf(`user-${user.id}`);
    expect(userEvents.map((e) => e.type)).toEqual(["UserRegistered"]);
    const [row] = await app.sql`select u.*, w.subscription_tier, w.subscription_status, w.is_trial_active
                                from users u join workspaces w on w.id = u.workspace_id where u.id = ${user.id}`;
    expect(row).toBeDefined();
    const workspaceEvents = await eventsOf(`workspace-${row.workspace_id}`);
    // The workspace is the subscriber: the trial starts on its stream.
    expect(workspaceEvents.map((e) => e.type)).toEqual(["WorkspaceCreated", "TrialStarted"]);
    expect(workspaceEvents[0].data).toMatchObject({ workspaceId: row.workspace_id, name: "Event Co", ownerId: user.id });
    for (const event of [...userEvents, ...workspaceEvents]) {
      expect(event.metadata).toMatchObject({ actorId: user.id, workspaceId: row.workspace_id, correlationId });
    }
    // The password is stored only as an argon2id hash, in the event and the read model alike.
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(userEvents)).not.toContain(TEST_PASSWORD);
    expect(row).toMatchObject({ subscription_tier: "trial", subscription_status: "trial", is_trial_active: true, team_role: "owner" });

    const jobs = await app.sql`select task_identifier, key, run_at from graphile_worker.jobs where key = ${`trial:${row.workspace_id}`}`;
    expect(jobs).toHaveLength(1);
    expect(jobs[0].task_identifier).toBe("expire_trial");
    expect(new Date(jobs[0].run_at).toISOString()).toBe(new Date(user.trialEndsAt).toISOString());

    const token = browser.session!;
    expect(token).toBeTruthy();
    const sessions = await app.sql<{ id: string }[]>`select id from sessions where user_id = ${user.id}`;
    expect(sessions.map((s) => s.id)).toEqual([sha256(token)]);
    expect(sessions[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0].id).not.toBe(token);
  });

  // The projector reads only below the oldest running transaction of the whole PostgreSQL server
  // (xid8 snapshots are cluster-wide): on a server shared with other busy databases it may lag, hence the long deadline.
  it("given a sign-up, then the audit log (an async projection run by the worker) soon records it", { timeout: 60_000 }, async () => {
    const { user } = await signUp(app.server.url);
    const types = await until(
      async () =>
        (
          await app.sql<{ type: string }[]>`select type from audit_log
            where workspace_id = (select workspace_id from users where id = ${user.id})
            order by global_position`
        ).map((r) => r.type),
      (t) => t.length === 3,
      45_000,
    );
    expect(types).toEqual(["WorkspaceCreated", "TrialStarted", "UserRegistered"]);
  });

  it("given two emails with the same local part, then the second user gets a different username", async () => {
    const local = `sam${randomUUID().slice(0, 6)}`;
    const first = await signUp(app.server.url, { email: `${local}@one.example` });
    const second = await signUp(app.server.url, { email: `${local}@two.example` });
    expect(first.user.username).toBe(local);
    expect(second.user.username).not.toBe(first.user.username);
    expect(second.user.username.startsWith(local)).toBe(true);
  });

  it.each([
    ["firstName", { firstName: "J" }, "First name must be at least 2 characters"],
    ["lastName", { lastName: "L" }, "Last name must be at least 2 characters"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["company", { company: "C" }, "Company name must be at least 2 characters"],
    ["password", { password: "short", confirmPassword: "short" }, "Password must be at least 8 characters"],
    ["confirmPassword", { confirmPassword: "something else" }, "Passwords don't match"],
  ])("given an invalid %s, then it answers 400 with the spec's message on that field", async (field, overrides, message) => {
    const input = registration(overrides);
    const response = await new Browser(app.server.url).post("/api/auth/register", input);
    expect(response.status).toBe(400);
    expect(response.data.errors).toMatchObject({ [field]: message });
    expect(response.data.detail).toBe(message);
    const rows = await app.sql`select 1 from users where lower(email) = ${String(input.email).toLowerCase()}`;
    expect(rows).toHaveLength(0);
  });

  it("given an empty form, then every field answers its spec message at once", async () => {
    const response = await new Browser(app.server.url).post("/api/auth/register", {});
    expect(response.status).toBe(400);
    expect(response.data.errors).toMatchObject({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      email: "Please enter a valid email address",
      company: "Company name must be at least 2 characters",
      password: "Password must be at least 8 characters",
    });
  });

  it("given a plan that does not exist, then it answers 400 on selectedPlan", async () => {
    const response = await new Browser(app.server.url).post("/api/auth/register", registration({ selectedPlan: "platinum" }));
    expect(response.status).toBe(400);
    expect(response.data.errors.selectedPlan).toBeTruthy();
  });

  it("given a taken email, in any letter case, then it answers 409 and creates nothing", async () => {
    const { input } = await signUp(app.server.url);
    const before = await eventCount();
    for (const email of [input.email, input.email.toUpperCase()]) {
      const response = await new Browser(app.server.url).post("/api/auth/register", registration({ email }));
      expect(response.status).toBe(409);
      expect(response.data.detail).toBe("An account with this email already exists.");
      expect(response.setCookies.some((c) => c.startsWith("session="))).toBe(false);
    }
    expect(await eventCount()).toBe(before);
  });

  it.each([["{not json"], ["null"], ["[]"], ['"text"'], ["42"]])(
    "given the body %s, then it answers 400, never 500",
    async (body) => {
      const response = await new Browser(app.server.url).request("POST", "/api/auth/register", { body });
      expect(response.status).toBe(400);
      expect(response.data.code).toMatch(/^invalid_/);
    },
  );
});

describe("POST /api/auth/login", () => {
  it("given the right email and password, then it answers 200 with the user and a new session cookie", async () => {
    const { input, user } = await signUp(app.server.url);
    const browser = new Browser(app.server.url);
    const response = await browser.post("/api/auth/login", { email: input.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.status, response.text).toBe(200);
    expect(response.data.user).toMatchObject({ id: user.id, email: input.email });
    expect(browser.session).toBeTruthy();
    expect(await sessionRow(browser.session!)).toMatchObject({ user_id: user.id });
    const me = await browser.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.data.id).toBe(user.id);
  });

  it("given a wrong password or an unknown email, then both answer 401 'Invalid email or password.' without a cookie", async () => {
    const { input } = await signUp(app.server.url);
    for (const body of [
      { email: input.email, password: "wrong password" },
      { email: `nobody-${randomUUID().slice(0, 8)}@example.com`, password: TEST_PASSWORD },
    ]) {
      const response = await new Browser(app.server.url).post("/api/auth/login", body);
      expect(response.status).toBe(401);
      expect(response.data.detail).toBe("Invalid email or password.");
      expect(response.setCookies.some((c) => c.startsWith("session=") && !/max-age=0/i.test(c))).toBe(false);
    }
  });

  it("given an invalid email and no password, then it answers 400 with the spec's messages", async () => {
    const response = await new Browser(app.server.url).post("/api/auth/login", { email: "nope", password: "" });
    expect(response.status).toBe(400);
    expect(response.data.errors).toEqual({
      email: "Please enter a valid email address",
      password: "Password is required",
    });
    const missing = await new Browser(app.server.url).post("/api/auth/login", {});
    expect(missing.status).toBe(400);
    expect(missing.data.errors).toEqual({
      email: "Please enter a valid email address",
      password: "Password is required",
    });
  });

  it("given invalid JSON, then it answers 400, never 500", async () => {
    const response = await new Browser(app.server.url).request("POST", "/api/auth/login", { body: "{" });
    expect(response.status).toBe(400);
  });

  it("given 10 failed logins for one email within 15 minutes, then the 11th answers 429 even with the right password; other emails are unaffected", async () => {
    const target = await signUp(app.server.url);
    const other = await signUp(app.server.url);
    for (let i = 0; i < 10; i++) {
      // Letter case does not matter: the counter is kept per email address.
      const email = i % 2 === 0 ? target.input.email : target.input.email.toUpperCase();
      const response = await new Browser(app.server.url).post("/api/auth/login", { email, password: `wrong ${i}` });
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await new Browser(app.server.url).post("/api/auth/login", { email: target.input.email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    // The first wait is a minute from the last failure (in seconds once less than a minute is left).
    expect(blocked.data.detail).toMatch(
      /^Too many sign-in attempts\. Try again in (1 minute|\d+ seconds), or reset your password\. Each further wrong password doubles the wait \(up to 15 minutes\)\.$/,
    );
    expect(blocked.setCookies.some((c) => c.startsWith("session=") && !/max-age=0/i.test(c))).toBe(false);

    const fine = await new Browser(app.server.url).post("/api/auth/login", { email: other.input.email, password: TEST_PASSWORD });
    expect(fine.status).toBe(200);
    // The session from registration is untouched by the lock-out.
    expect((await target.browser.get("/api/auth/user")).status).toBe(200);
  });

  it("given 10 failed logins older than 15 minutes, then the right password signs in again", async () => {
    const { input } = await signUp(app.server.url);
    for (let i = 0; i < 10; i++) {
      expect((await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: "nope nope" })).status).toBe(401);
    }
    expect((await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: TEST_PASSWORD })).status).toBe(429);
    await app.sql`update login_attempts set attempted_at = attempted_at - interval '16 minutes' where lower(email) = ${input.email.toLowerCase()}`;
    expect((await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe("GET /api/auth/user and POST /api/auth/logout", () => {
  it("given no session, then GET /api/auth/user answers 401", async () => {
    const response = await new Browser(app.server.url).get("/api/auth/user");
    expect(response.status).toBe(401);
    expect(response.data.detail).toBeDefined();
  });

  it("given a signed-in user, then GET /api/auth/user answers 200 with the spec's fields", async () => {
    const { browser, user, input } = await signUp(app.server.url);
    const response = await browser.get("/api/auth/user");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    for (const field of ["id", "email", "username", "firstName", "lastName", "company", "subscriptionTier", "subscriptionStatus", "isTrialActive", "trialEndsAt", "teamRole"]) {
      expect(response.data, field).toHaveProperty(field);
    }
    expect(response.data).toMatchObject({
      id: user.id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      company: input.company,
      subscriptionTier: "trial",
      subscriptionStatus: "trial",
      isTrialActive: true,
      trialEndsAt: user.trialEndsAt,
      teamRole: "owner",
    });
  });

  it("given a signed-in user, when they log out, then the session ends on the server and the same cookie gets 401", async () => {
    const { browser } = await signUp(app.server.url);
    const token = browser.session!;
    const cookie = browser.cookieHeader();
    const response = await browser.post("/api/auth/logout");
    expect(response.status).toBe(200);
    expect(response.setCookies.some((c) => c.startsWith("session=") && (/max-age=0/i.test(c) || /expires=thu, 01 jan 1970/i.test(c)))).toBe(true);
    expect(await sessionRow(token)).toBeUndefined();
    const again = await new Browser(app.server.url).get("/api/auth/user", { cookie });
    expect(again.status).toBe(401);
  });

  it("given a user signed in twice, when one session logs out, then the other stays signed in", async () => {
    const { browser: first, input } = await signUp(app.server.url);
    const second = new Browser(app.server.url);
    expect((await second.post("/api/auth/login", { email: input.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await first.post("/api/auth/logout")).status).toBe(200);
    expect((await second.get("/api/auth/user")).status).toBe(200);
  });
});

describe("session expiry", () => {
  it("given a session past its expiry, then the request is signed out, the row deleted and the cookie cleared", async () => {
    const { browser } = await signUp(app.server.url);
    const token = browser.session!;
    await app.sql`update sessions set expires_at = now() - interval '1 minute' where id = ${sha256(token)}`;
    const response = await browser.get("/api/auth/user");
    expect(response.status).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
    expect(browser.session).toBeUndefined();
  });

  it("given a session last written 6 minutes ago, then a request pushes its expiry to 30 days from now and re-sends the cookie", async () => {
    const { browser } = await signUp(app.server.url);
    const token = browser.session!;
    await app.sql`update sessions set last_used_at = now() - interval '6 minutes', expires_at = now() + interval '1 day'
              where id = ${sha256(token)}`;
    const before = Date.now();
    const response = await browser.get("/api/auth/user");
    expect(response.status).toBe(200);
    const row = await sessionRow(token);
    expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 5_000);
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 5_000);
    expect(row.last_used_at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    const cookie = response.setCookies.find((c) => c.startsWith(`session=${token};`));
    expect(cookie).toBeDefined();
    expect(cookie!.toLowerCase()).toContain("max-age=2592000");
  });

  it("given a session last written 4 minutes ago, then requests neither write the session nor re-send the cookie", async () => {
    const { browser } = await signUp(app.server.url);
    const token = browser.session!;
    await app.sql`update sessions set last_used_at = now() - interval '4 minutes', expires_at = now() + interval '1 day'
              where id = ${sha256(token)}`;
    const before = await sessionRow(token);
    for (let i = 0; i < 3; i++) {
      const response = await browser.get("/api/auth/user");
      expect(response.status).toBe(200);
      expect(response.setCookies.some((c) => c.startsWith("session="))).toBe(false);
    }
    const after = await sessionRow(token);
    expect(after.last_used_at).toEqual(before.last_used_at);
    expect(after.expires_at).toEqual(before.expires_at);
  });

  it("given a session just written by a request, then the next requests leave its row as it is", async () => {
    const { browser } = await signUp(app.server.url);
    const token = browser.session!;
    await app.sql`update sessions set last_used_at = now() - interval '1 hour' where id = ${sha256(token)}`;
    const stale = await sessionRow(token);
    expect((await browser.get("/api/auth/user")).status).toBe(200);
    const written = await sessionRow(token);
    expect(written.last_used_at.getTime()).toBeGreaterThan(stale.last_used_at.getTime());
    expect((await browser.get("/api/auth/user")).status).toBe(200);
    expect((await browser.page("/app/settings")).status).toBe(200);
    const again = await sessionRow(token);
    expect(again.last_used_at).toEqual(written.last_used_at);
    expect(again.expires_at).toEqual(written.expires_at);
  });

  it("given a signed-in session, then the server's fast lane answers GET /api/auth/user as the Astro route does, byte for byte", async () => {
    const { browser } = await signUp(app.server.url, { company: "Lane & Route Ltd" });
    await app.sql`update sessions set last_used_at = now() - interval '1 minute' where id = ${sha256(browser.session!)}`;
    const lane = await browser.get("/api/auth/user");
    // A query string is not the lane's: the same call goes through Astro's middleware and route.
    const route = await browser.get("/api/auth/user?via=astro");
    expect(lane.status).toBe(200);
    expect(route.status).toBe(200);
    expect(lane.text).toBe(route.text);
    expect(lane.data).toMatchObject({ company: "Lane & Route Ltd", onboarded: false });
    for (const header of ["content-type", "cache-control"]) expect(lane.headers.get(header)).toBe(route.headers.get(header));
    expect(lane.setCookies).toEqual([]);
  });

  it("given a made-up session cookie, then the request is signed out", async () => {
    const response = await new Browser(app.server.url).get("/api/auth/user", { cookie: "session=not-a-real-token" });
    expect(response.status).toBe(401);
  });
});

describe("cross-site requests", () => {
  it("given a sign-up posted from another origin, then it answers 403 and nothing is written", async () => {
    const input = registration();
    const before = await eventCount();
    const response = await new Browser(app.server.url).post("/api/auth/register", input, { headers: { origin: "http://evil.example" } });
    expect(response.status).toBe(403);
    expect(response.setCookies.some((c) => c.startsWith("session="))).toBe(false);
    expect(await app.sql`select 1 from users where email = ${input.email}`).toHaveLength(0);
    expect(await eventCount()).toBe(before);
  });

  it("given a signed-in user, when another origin puts a profile change with their cookie, then it answers 403 and nothing changes", async () => {
    const { browser, user } = await signUp(app.server.url);
    const before = await eventCount();
    const response = await browser.put(
      "/api/user/profile",
      { username: "hijacked", email: user.email, timezone: "UTC" },
      { headers: { origin: "http://evil.example" } },
    );
    expect(response.status).toBe(403);
    expect(await eventCount()).toBe(before);
    expect((await browser.get("/api/user/profile")).data.username).toBe(user.username);
  });

  it("given a cross-site form post without an Origin header, then it answers 403", async () => {
    const { browser } = await signUp(app.server.url);
    const response = await browser.request("POST", "/api/auth/logout", {
      noOrigin: true,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect((await browser.get("/api/auth/user")).status).toBe(200);
  });

  it("given a plain form another site sends with the person's cookie, then it answers 403: no way back to our form, nothing kept to fill it, nothing changed", async () => {
    const { browser, user } = await signUp(app.server.url);
    const response = await browser.request("PUT", "/api/user/profile", {
      body: new URLSearchParams({ username: "mallory", back: "/app/settings" }),
      headers: { accept: "text/html", origin: "http://evil.example", referer: "http://evil.example/form" },
    });
    expect(response.status).toBe(403);
    expect(response.setCookies.filter((c) => !c.startsWith("session="))).toEqual([]);
    expect((await browser.get("/api/user/profile")).data.username).toBe(user.username);
  });
});

describe("the /app guard and not-found pages", () => {
  it("given no session, then /app/dashboard redirects to /login with the way back", async () => {
    const response = await new Browser(app.server.url).page("/app/dashboard");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!, app.server.url);
    expect(`${location.pathname}${location.search}`).toBe("/login?next=%2Fapp%2Fdashboard");
  });

  it("given a signed-in user, then /app/dashboard greets them by first name", async () => {
    const { browser } = await signUp(app.server.url, { firstName: "Marisol" });
    const response = await browser.page("/app/dashboard");
    expect(response.status).toBe(200);
    expect(response.text).toContain("Welcome back, Marisol!");
  });

  it("given a signed-in user, then the legacy /dashboard shows the same shell", async () => {
    const { browser } = await signUp(app.server.url, { firstName: "Quentin" });
    const response = await browser.page("/dashboard");
    expect(response.status).toBe(200);
    expect(response.text).toContain("Welcome back, Quentin!");
    expect(response.text).toContain('href="/app/settings"');
  });

  it("given a signed-in user, then an unknown /app path shows the in-app not-found screen with 404", async () => {
    const { browser } = await signUp(app.server.url);
    const response = await browser.page("/app/nope");
    expect(response.status).toBe(404);
    expect(response.text).toContain("Page Not Found");
    expect(response.text).toContain('href="/app/settings"');
  });

  it("given a signed-in user, then /login and /register send them on to the dashboard", async () => {
    const { browser } = await signUp(app.server.url);
    for (const path of ["/login", "/register"]) {
      const response = await browser.page(path);
      expect(response.status, path).toBe(302);
      expect(new URL(response.headers.get("location")!, app.server.url).pathname).toBe("/app/dashboard");
    }
  });

  it("given any visitor, then an unknown public path shows '404 Page Not Found' with 404", async () => {
    const response = await new Browser(app.server.url).page("/nope");
    expect(response.status).toBe(404);
    expect(response.text).toContain("404 Page Not Found");
  });
});

describe("demo mode", () => {
  const demoUser = async () =>
    (await app.sql<{ id: string; first_name: string; time_zone: string; username: string }[]>`
      select id, first_name, time_zone, username from users where email = 'demo@socialdesk.app'`)[0];

  it("given no account, then /app/dashboard?demo=true shows the dashboard of the demo user", async () => {
    const demo = await demoUser();
    expect(demo).toBeDefined();
    const response = await new Browser(app.server.url).page("/app/dashboard?demo=true");
    expect(response.status).toBe(200);
    expect(response.text).toContain(`Welcome back, ${demo.first_name}!`);
  });

  it("given demo mode, then reads answer the demo user: GET /api/user/profile and GET /api/auth/user (professional tier)", async () => {
    const demo = await demoUser();
    const profile = await new Browser(app.server.url).get("/api/user/profile?demo=true");
    expect(profile.status).toBe(200);
    expect(profile.data.username).toBe(demo.username);
    const me = await new Browser(app.server.url).get("/api/auth/user?demo=true");
    expect(me.status).toBe(200);
    expect(me.data).toMatchObject({ firstName: demo.first_name, subscriptionTier: "professional" });
  });

  it("given demo mode, then writes answer 403 'Demo mode is read-only…' and change nothing", async () => {
    const demo = await demoUser();
    const before = await eventCount();
    const browser = new Browser(app.server.url);
    const put = await browser.put("/api/user/profile?demo=true", { username: "demo-hacked", email: "x@example.com", timezone: "UTC" });
    expect(put.status).toBe(403);
    // (Refused by the edge before the API: the middleware's demo rule, its body still {error}.)
    expect(put.data.detail).toBe("Demo mode is read-only. Start your free trial to save changes.");

    // The demo cookie keeps demo mode while the visitor browses the app.
    expect((await browser.page("/app/dashboard?demo=true")).status).toBe(200);
    expect(browser.jar.has("demo")).toBe(true);
    const onboarding = await browser.post("/api/user/onboarding", { timeZone: "Asia/Tokyo" });
    expect(onboarding.status).toBe(403);
    expect(onboarding.data.detail).toBe("Demo mode is read-only. Start your free trial to save changes.");

    expect(await eventCount()).toBe(before);
    expect(await demoUser()).toEqual(demo);
  });
});

describe("profile", () => {
  it("given a signed-in user, when they save username, email and time zone, then GET returns them and a ProfileUpdated event exists", async () => {
    const { browser, user } = await signUp(app.server.url);
    const profile = { username: `renamed_${randomUUID().slice(0, 6)}`, email: `new-${randomUUID().slice(0, 8)}@example.com`, timezone: "Europe/Paris" };
    const saved = await browser.put("/api/user/profile", profile);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data.message).toBe("Profile updated successfully!");
    expect((await browser.get("/api/user/profile")).data).toEqual(profile);
    expect((await browser.get("/api/auth/user")).data).toMatchObject({ username: profile.username, email: profile.email });
    const events = await eventsOf(`user-${user.id}`);
    expect(events.at(-1)).toMatchObject({ type: "ProfileUpdated", data: { username: profile.username, email: profile.email, timeZone: "Europe/Paris" } });
    expect(events.at(-1)!.metadata.actorId).toBe(user.id);
  });

  it("given a short username and an invalid email, then it answers 400 with the spec's messages", async () => {
    const { browser, user } = await signUp(app.server.url);
    const response = await browser.put("/api/user/profile", { username: "ab", email: "nope", timezone: "UTC" });
    expect(response.status).toBe(400);
    expect(response.data.errors).toMatchObject({
      username: "Username must be at least 3 characters",
      email: "Invalid email address",
    });
    expect((await browser.get("/api/user/profile")).data.username).toBe(user.username);
  });

  it("given another user's email, in any letter case, then it answers 409", async () => {
    const { browser, user } = await signUp(app.server.url);
    const other = await signUp(app.server.url);
    const response = await browser.put("/api/user/profile", { username: user.username, email: other.input.email.toUpperCase(), timezone: "UTC" });
    expect(response.status).toBe(409);
    expect(response.data.detail).toBe("An account with this email already exists.");
    expect((await browser.get("/api/user/profile")).data.email).toBe(user.email);
  });

  it("given another user's username, in any letter case, then it answers 409 'This username is already taken.'", async () => {
    const { browser, user } = await signUp(app.server.url);
    const other = await signUp(app.server.url);
    const response = await browser.put("/api/user/profile", { username: other.user.username.toUpperCase(), email: user.email, timezone: "UTC" });
    expect(response.status).toBe(409);
    expect(response.data.detail).toBe("This username is already taken.");
    expect((await browser.get("/api/user/profile")).data.username).toBe(user.username);
  });

  it("given no session, then GET and PUT /api/user/profile answer 401", async () => {
    const browser = new Browser(app.server.url);
    expect((await browser.get("/api/user/profile")).status).toBe(401);
    expect((await browser.put("/api/user/profile", { username: "abc", email: "a@example.com", timezone: "UTC" })).status).toBe(401);
  });
});

describe("forgotten password and reset", () => {
  const GENERIC = "If an account exists for that email, we've sent a link to reset the password. It works once, within 1 hour.";
  const INVALID_LINK = "This reset link is invalid or has expired. Request a new one.";

  const resetTokenFromOutbox = async (email: string) => {
    const rows = await app.sql<{ body_text: string }[]>`select body_text from mail_outbox where to_address = ${email} order by id desc limit 1`;
    const match = rows[0]?.body_text.match(/\/reset-password\?token=([a-z0-9]+)/);
    return match?.[1];
  };

  it("given an unknown email, then it answers the same 200 and sends no mail", async () => {
    const email = `ghost-${randomUUID().slice(0, 8)}@example.com`;
    const response = await new Browser(app.server.url).post("/api/auth/forgot-password", { email });
    expect(response.status).toBe(200);
    expect(response.data.message).toBe(GENERIC);
    expect(await app.sql`select 1 from mail_outbox where to_address = ${email}`).toHaveLength(0);
  });

  it("given an invalid email, then it answers 400", async () => {
    const response = await new Browser(app.server.url).post("/api/auth/forgot-password", { email: "nope" });
    expect(response.status).toBe(400);
    expect(response.data.errors.email).toBe("Please enter a valid email address");
  });

  it("given a reset link, then it sets the new password once, signs out every session, and the old password stops working", async () => {
    const { browser: firstSession, input, user } = await signUp(app.server.url);
    const secondSession = new Browser(app.server.url);
    expect((await secondSession.post("/api/auth/login", { email: input.email, password: TEST_PASSWORD })).status).toBe(200);

    const asked = await new Browser(app.server.url).post("/api/auth/forgot-password", { email: input.email.toUpperCase() });
    expect(asked.status).toBe(200);
    expect(asked.data.message).toBe(GENERIC);
    const mails = await app.sql<{ body_text: string }[]>`select body_text from mail_outbox where to_address = ${input.email}`;
    expect(mails).toHaveLength(1);
    expect(mails[0].body_text).toMatch(new RegExp(`${app.server.url.replace(/[.]/g, "\\.")}/reset-password\\?token=[a-z0-9]+`));
    const token = (await resetTokenFromOutbox(input.email))!;
    // Stored only as its SHA-256.
    expect(await app.sql`select 1 from password_reset_tokens where id = ${token}`).toHaveLength(0);
    expect(await app.sql`select 1 from password_reset_tokens where id = ${sha256(token)} and user_id = ${user.id}`).toHaveLength(1);

    const NEW_PASSWORD = "a brand new secret";
    const reset = await new Browser(app.server.url).post("/api/auth/reset-password", { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.status, reset.text).toBe(200);
    expect((await eventsOf(`user-${user.id}`)).at(-1)).toMatchObject({ type: "PasswordChanged", data: { via: "reset" } });

    expect((await firstSession.get("/api/auth/user")).status).toBe(401);
    expect((await secondSession.get("/api/auth/user")).status).toBe(401);
    expect(await app.sql`select 1 from sessions where user_id = ${user.id}`).toHaveLength(0);

    const old = await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: NEW_PASSWORD });
    expect(fresh.status).toBe(200);

    const reused = await new Browser(app.server.url).post("/api/auth/reset-password", { token, password: "yet another one", confirmPassword: "yet another one" });
    expect(reused.status).toBe(400);
    expect(reused.data.detail).toBe(INVALID_LINK);
    expect((await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("given a reset link older than its hour, then it answers 400 'invalid or has expired' and the password stays", async () => {
    const { input, user } = await signUp(app.server.url);
    expect((await new Browser(app.server.url).post("/api/auth/forgot-password", { email: input.email })).status).toBe(200);
    const token = (await resetTokenFromOutbox(input.email))!;
    const [row] = await app.sql<{ created_at: Date; expires_at: Date }[]>`select created_at, expires_at from password_reset_tokens where id = ${sha256(token)}`;
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(60 * 60_000);
    await app.sql`update password_reset_tokens set expires_at = now() - interval '1 second' where id = ${sha256(token)}`;
    const response = await new Browser(app.server.url).post("/api/auth/reset-password", { token, password: "whatever long", confirmPassword: "whatever long" });
    expect(response.status).toBe(400);
    expect(response.data.detail).toBe(INVALID_LINK);
    expect((await eventsOf(`user-${user.id}`)).map((e) => e.type)).not.toContain("PasswordChanged");
    expect((await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("given a made-up token or a short password, then it answers 400", async () => {
    const madeUp = await new Browser(app.server.url).post("/api/auth/reset-password", { token: "abc", password: "long enough", confirmPassword: "long enough" });
    expect(madeUp.status).toBe(400);
    expect(madeUp.data.detail).toBe(INVALID_LINK);
    const short = await new Browser(app.server.url).post("/api/auth/reset-password", { token: "abc", password: "short", confirmPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.data.errors.password).toBe("Password must be at least 8 characters");
  });
});

// Each CLI command starts a process of its own (tsx, migrations check): a second or two each.
describe("operators and the admin commands", { timeout: 60_000 }, () => {
  it("given a normal user, then /admin/projections and the admin API answer 404", async () => {
    const { browser } = await signUp(app.server.url);
    expect((await browser.page("/admin/projections")).status).toBe(404);
    expect((await browser.post("/api/admin/projections/identity/verify")).status).toBe(404);
    expect((await new Browser(app.server.url).page("/admin/projections")).status).toBe(404);
  });

  it("given `admin:grant <email>`, then the user becomes an operator (OperatorGranted) and sees the projections page", async () => {
    const { browser, input, user } = await signUp(app.server.url);
    const granted = await run(adminGrant, [input.email]);
    expect(granted.code, granted.stdout + granted.stderr).toBe(0);
    expect((await eventsOf(`user-${user.id}`)).map((e) => e.type)).toContain("OperatorGranted");

    const page = await browser.page("/admin/projections");
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-projection="identity"');
    expect(page.text).toContain('data-projection="audit-log"');

    const verify = await browser.post("/api/admin/projections/identity/verify");
    expect(verify.status, verify.text).toBe(200);
    expect(verify.data).toMatchObject({ projection: "identity", differences: [] });
    expect(verify.data.events).toBeGreaterThan(0);

    expect((await browser.post("/api/admin/projections/nope/verify")).status).toBe(404);
    expect((await browser.post("/api/admin/projections/nope/rebuild")).status).toBe(404);
    // The page's buttons run the same declared operations.
    const verified = await browser.submit("/admin/projections", { name: "identity", action: "verify" });
    expect(verified.status, verified.text.slice(0, 300)).toBe(200);
    expect(verified.text).toMatch(/identity matches a rebuild from \d+ events\./);

    const unknown = await run(adminGrant, [`nobody-${randomUUID().slice(0, 8)}@example.com`]);
    expect(unknown.code).toBe(1);
  });

  it("given `npm run admin:plan <email> growth` (the command as a process), then PlanChanged is recorded and the user is on growth, active", async () => {
    const { browser, input, user } = await signUp(app.server.url);
    const result = await runScript("admin-plan.ts", [input.email, "growth"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    // The workspace is the subscriber: the plan changes on its stream.
    const [{ workspace_id: workspaceId }] = await app.sql`select workspace_id from users where id = ${user.id}`;
    const last = (await eventsOf(`workspace-${workspaceId}`)).at(-1)!;
    expect(last).toMatchObject({ type: "PlanChanged", data: { workspaceId, tier: "growth", previousTier: "trial" } });
    const me = await browser.get("/api/auth/user");
    expect(me.data).toMatchObject({ subscriptionTier: "growth", subscriptionStatus: "active", isTrialActive: false });
  });

  it("given a tier that does not exist or an unknown email, then admin:plan exits 2 or 1 and records nothing", async () => {
    const { input } = await signUp(app.server.url);
    const before = await eventCount();
    expect((await run(adminPlan, [input.email, "platinum"])).code).toBe(2);
    expect((await run(adminPlan, [`nobody-${randomUUID().slice(0, 8)}@example.com`, "growth"])).code).toBe(1);
    expect(await eventCount()).toBe(before);
  });

  it("given the replay command, then --verify passes on a clean database, fails naming the table after tampering, and a rebuild fixes it", async () => {
    const { user, browser } = await signUp(app.server.url, { company: "Replay Co" });
    const clean = await run(replay, ["--verify"]);
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);

    await app.sql`update users set company = 'Tampered' where id = ${user.id}`;
    const tampered = await run(replay, ["--verify"]);
    expect(tampered.code, tampered.stdout + tampered.stderr).toBe(1);
    expect(tampered.stdout).toContain("users");
    expect(tampered.stdout).toContain("Tampered");
    // Verify changes nothing.
    expect((await app.sql`select company from users where id = ${user.id}`)[0].company).toBe("Tampered");

    const rebuilt = await run(replay, []);
    expect(rebuilt.code, rebuilt.stdout + rebuilt.stderr).toBe(0);
    expect((await app.sql`select company from users where id = ${user.id}`)[0].company).toBe("Replay Co");
    // Sessions are security state, not a read model: a rebuild signs nobody out.
    expect((await browser.get("/api/auth/user")).data).toMatchObject({ id: user.id, company: "Replay Co" });
    const again = await run(replay, ["--verify"]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });
});
