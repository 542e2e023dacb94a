import { createHash } from "node:crypto";
import { Effect, ManagedRuntime, Layer } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityProjection } from "../../domain/identity";
import { Database } from "../../infra/db/Database";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { Browser, signUp, TEST_PASSWORD } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { expiryOf } from "../../src/features/api-keys/api-keys";
import { storedEventsLayer } from "../../infra/modules";

/**
 * Settings over HTTP (spec core §2, §3, §8): notification preferences, changing the password with
 * the current one, the active sessions (list, sign out one, sign out the others) and the API keys
 * tab (issue 31), through the JSON API and through the page's plain forms.
 */

const app = useAppServer();

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A browser that sends the given user agent. */
const browserAs = (userAgent: string) => new Browser(app.server.url, { "user-agent": userAgent });

const signedUp = async (userAgent = CHROME_LINUX) => {
  const { browser, user, input } = await signUp(browserAs(userAgent));
  return { browser, email: input.email, userId: user.id as string };
};

const signIn = async (email: string, password: string, userAgent = SAFARI_IPHONE) => {
  const browser = browserAs(userAgent);
  const response = await browser.post("/api/auth/login", { email, password });
  return { browser, status: response.status };
};

const isSignedIn = async (browser: Browser) => (await browser.get("/api/auth/user")).status === 200;

const ALL_ON = { emailNotifications: true, pushNotifications: false, weeklyReports: true, postReminders: true, failureAlerts: true, reviewAlerts: true, sandboxReviewAlerts: false };

describe("notification preferences", () => {
  it("given a new user, then GET answers the five defaults", async () => {
    const { browser } = await signedUp();
    const response = await browser.get("/api/user/notifications");
    expect(response.status).toBe(200);
    expect(response.data).toEqual(ALL_ON);
  });

  it("given a partial PUT, then those switches are saved, the others kept, and they read back", async () => {
    const { browser, userId } = await signedUp();
    const response = await browser.put("/api/user/notifications", { pushNotifications: true, weeklyReports: false });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ ...ALL_ON, pushNotifications: true, weeklyReports: false, message: "Notification preferences saved." });

    const second = await browser.put("/api/user/notifications", { failureAlerts: false });
    expect(second.data).toMatchObject({ pushNotifications: true, weeklyReports: false, failureAlerts: false });
    expect((await browser.get("/api/user/notifications")).data).toEqual({ ...ALL_ON, pushNotifications: true, weeklyReports: false, failureAlerts: false });

    const [row] = await app.sql`select * from notification_preferences where user_id = ${userId}`;
    expect(row).toEqual({
      user_id: userId,
      email_notifications: true,
      push_notifications: true,
      weekly_reports: false,
      post_reminders: true,
      failure_alerts: false,
      review_alerts: true,
      sandbox_review_alerts: false,
    });
    const events = await app.sql<{ type: string; data: any; metadata: any }[]>`
      select type, data, metadata from events where stream_id = ${`user-${userId}`} and type = 'NotificationPreferencesChanged' order by stream_version`;
    expect(events).toHaveLength(2);
    expect(events[1].data).toEqual({ ...ALL_ON, pushNotifications: true, weeklyReports: false, failureAlerts: false });
    expect(events[1].metadata.actorId).toBe(userId);

    // The same values again record nothing.
    await browser.put("/api/user/notifications", { failureAlerts: false, pushNotifications: true });
    const [{ n }] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from events where stream_id = ${`user-${userId}`} and type = 'NotificationPreferencesChanged'`;
    expect(n).toBe(2);
  });

  it("given a value that is not a boolean, then it answers 400 and saves nothing", async () => {
    const { browser } = await signedUp();
    const response = await browser.put("/api/user/notifications", { emailNotifications: "no" });
    expect(response.status).toBe(400);
    expect(response.data.errors.emailNotifications).toBeTruthy();
    expect((await browser.get("/api/user/notifications")).data).toEqual(ALL_ON);
  });

  it("given the plain Settings form, then the ticked boxes are on and the others off", async () => {
    const { browser } = await signedUp();
    const response = await browser.submit("/app/settings?tab=notifications", { _form: "notifications", pushNotifications: "on", postReminders: "on" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/app/settings?tab=notifications");
    expect((await browser.get("/api/user/notifications")).data).toEqual({
      emailNotifications: false,
      pushNotifications: true,
      weeklyReports: false,
      postReminders: true,
      failureAlerts: false,
      reviewAlerts: false,
      sandboxReviewAlerts: false,
    });
    const page = await browser.page("/app/settings?tab=notifications");
    expect(page.text).toContain("Notification preferences saved.");
  });

  it("given no session, then it answers 401", async () => {
    expect((await new Browser(app.server.url).get("/api/user/notifications")).status).toBe(401);
    expect((await new Browser(app.server.url).put("/api/user/notifications", { emailNotifications: false })).status).toBe(401);
  });
});

describe("changing the password", () => {
  it("given a wrong current password or an unfit new one, then it answers 400 with the message and keeps the password", async () => {
    const { browser, email } = await signedUp();
    const wrong = await browser.post("/api/user/password", {
      currentPassword: "not my password",
      newPassword: "brand new secret",
      confirmPassword: "brand new secret",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.detail).toBe("Your current password is not correct.");
    expect(wrong.data.errors).toEqual({ currentPassword: "Your current password is not correct." });

    const short = await browser.post("/api/user/password", { currentPassword: TEST_PASSWORD, newPassword: "short", confirmPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.data.errors.newPassword).toBe("Password must be at least 8 characters");

    const mismatch = await browser.post("/api/user/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "brand new secret",
      confirmPassword: "brand new secreT",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.errors.confirmPassword).toBe("Passwords don't match");

    const missing = await browser.post("/api/user/password", {});
    expect(missing.status).toBe(400);
    expect(missing.data.errors.currentPassword).toBe("Please enter your current password.");

    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it("given the right current password, then the new one works, the old one fails, other sessions end and this one stays", async () => {
    const { browser, email, userId } = await signedUp();
    const phone = await signIn(email, TEST_PASSWORD);
    expect(phone.status).toBe(200);
    expect(await isSignedIn(phone.browser)).toBe(true);

    const response = await browser.post("/api/user/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "a much newer secret",
      confirmPassword: "a much newer secret",
    });
    expect(response.status, response.text).toBe(200);

    expect(await isSignedIn(browser)).toBe(true);
    expect(await isSignedIn(phone.browser)).toBe(false);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(email, "a much newer secret")).status).toBe(200);

    const [event] = await app.sql<{ data: any }[]>`
      select data from events where stream_id = ${`user-${userId}`} and type = 'PasswordChanged'`;
    expect(event.data.via).toBe("settings");
    expect(event.data.passwordHash).toMatch(/^\$argon2id\$/);
    const sessions = await app.sql<{ id: string }[]>`select id from sessions where user_id = ${userId}`;
    expect(sessions.map((s) => s.id)).toContain(sha256(browser.session!));
  });

  it("given the plain Security form, then a wrong current password shows the message and the right one redirects with a toast", async () => {
    const { browser, email } = await signedUp();
    const wrong = await browser.submit("/app/settings?tab=security", {
      _form: "password",
      currentPassword: "nope nope nope",
      newPassword: "another secret 1",
      confirmPassword: "another secret 1",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Your current password is not correct.");
    // The same tab points at the API the screens use: its reference and its document.
    expect(wrong.text).toContain('href="/api/docs"');
    expect(wrong.text).toContain('href="/api/openapi.json"');

    const right = await browser.submit("/app/settings?tab=security", {
      _form: "password",
      currentPassword: TEST_PASSWORD,
      newPassword: "another secret 1",
      confirmPassword: "another secret 1",
    });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/app/settings?tab=security");
    expect((await signIn(email, "another secret 1")).status).toBe(200);
    expect(await isSignedIn(browser)).toBe(true);
  });

  it("given 10 wrong current passwords within 15 minutes, then the next try answers 429 with the growing wait", async () => {
    const { browser } = await signedUp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await browser.post("/api/user/password", { currentPassword: `wrong ${i}`, newPassword: "whatever long", confirmPassword: "whatever long" })).status,
      ).toBe(400);
    }
    const blocked = await browser.post("/api/user/password", { currentPassword: TEST_PASSWORD, newPassword: "whatever long", confirmPassword: "whatever long" });
    expect(blocked.status).toBe(429);
    // The first wait is a minute from the last failure (in seconds once less than a minute is left).
    expect(blocked.data.detail).toMatch(
      /^Too many sign-in attempts\. Try again in (1 minute|\d+ seconds), or reset your password\. Each further wrong password doubles the wait \(up to 15 minutes\)\.$/,
    );
  });
});

describe("active sessions", () => {
  it("lists the user's sessions with device, IP, times and this device marked, under short opaque ids", async () => {
    const { browser, email } = await signedUp(CHROME_LINUX);
    await signIn(email, TEST_PASSWORD, SAFARI_IPHONE);
    const response = await browser.get("/api/user/sessions");
    expect(response.status).toBe(200);
    const list = response.data as Array<Record<string, any>>;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ device: "Chrome on Linux", browser: "Chrome", os: "Linux", current: true, ip: expect.any(String) });
    expect(list[1]).toMatchObject({ device: "Safari on iPhone", current: false });
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f]{16}$/);
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.lastUsedAt))).toBe(false);
    }
    expect(list[0].id).not.toBe(sha256(browser.session!).slice(0, 16));
  });

  it("signs out one session; another user's session id or an unknown one answers 404", async () => {
    const { browser, email } = await signedUp();
    const phone = await signIn(email, TEST_PASSWORD);
    const stranger = await signedUp();
    const strangerSessions = (await stranger.browser.get("/api/user/sessions")).data as Array<Record<string, any>>;

    const denied = await browser.delete(`/api/user/sessions/${strangerSessions[0].id}`);
    expect(denied.status).toBe(404);
    expect(await isSignedIn(stranger.browser)).toBe(true);
    expect((await browser.delete("/api/user/sessions/0123456789abcdef")).status).toBe(404);
    expect((await browser.delete(`/api/user/sessions/${sha256(phone.browser.session!)}`)).status).toBe(404);

    const mine = (await browser.get("/api/user/sessions")).data as Array<Record<string, any>>;
    const other = mine.find((s) => !s.current)!;
    const revoked = await browser.delete(`/api/user/sessions/${other.id}`);
    expect(revoked.status).toBe(200);
    expect(await isSignedIn(phone.browser)).toBe(false);
    expect(await isSignedIn(browser)).toBe(true);
    expect(((await browser.get("/api/user/sessions")).data as unknown[]).length).toBe(1);
  });

  it("signs out all the other sessions and keeps this one", async () => {
    const { browser, email } = await signedUp();
    const others = await Promise.all([signIn(email, TEST_PASSWORD), signIn(email, TEST_PASSWORD, "curl/8.5.0"), signIn(email, TEST_PASSWORD)]);
    const stranger = await signedUp();
    const response = await browser.post("/api/user/sessions/revoke-others");
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ revoked: 3 });
    for (const other of others) expect(await isSignedIn(other.browser)).toBe(false);
    expect(await isSignedIn(browser)).toBe(true);
    expect(await isSignedIn(stranger.browser)).toBe(true);
    expect(((await browser.get("/api/user/sessions")).data as unknown[]).length).toBe(1);
  });

  it("the Security tab lists them and its plain forms sign out one or the others", async () => {
    const { browser, email } = await signedUp();
    const phone = await signIn(email, TEST_PASSWORD);
    const tablet = await signIn(
      email,
      TEST_PASSWORD,
      "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/604.1",
    );
    const page = await browser.page("/app/settings?tab=security");
    expect(page.status).toBe(200);
    expect(page.text).toContain("This device");
    expect(page.text).toContain("Safari on iPhone");
    expect(page.text).toContain("Safari on iPad");

    const list = (await browser.get("/api/user/sessions")).data as Array<Record<string, any>>;
    const phoneId = list.find((s) => s.device === "Safari on iPhone")!.id;
    const one = await browser.submit("/app/settings?tab=security", { _form: "revoke-session", session: phoneId });
    expect(one.status).toBe(303);
    expect(await isSignedIn(phone.browser)).toBe(false);
    expect(await isSignedIn(tablet.browser)).toBe(true);

    const all = await browser.submit("/app/settings?tab=security", { _form: "revoke-others" });
    expect(all.status).toBe(303);
    expect(await isSignedIn(tablet.browser)).toBe(false);
    expect(await isSignedIn(browser)).toBe(true);
  });

  it("given no session, then the session routes answer 401", async () => {
    const anonymous = new Browser(app.server.url);
    expect((await anonymous.get("/api/user/sessions")).status).toBe(401);
    expect((await anonymous.delete("/api/user/sessions/0123456789abcdef")).status).toBe(401);
    expect((await anonymous.post("/api/user/sessions/revoke-others")).status).toBe(401);
    expect((await anonymous.post("/api/user/password", { currentPassword: "x", newPassword: "yyyyyyyy", confirmPassword: "yyyyyyyy" })).status).toBe(401);
  });
});

describe("the settings tabs", () => {
  it("render each tab on the server, the requested one current", async () => {
    const { browser } = await signedUp();
    for (const [tab, heading] of [
      ["profile", "Profile"],
      ["accounts", "Connected Accounts"],
      ["notifications", "Notifications"],
      ["billing", "Billing"],
      ["security", "Change password"],
    ]) {
      const page = await browser.page(`/app/settings?tab=${tab}`);
      expect(page.status, tab).toBe(200);
      expect(page.text).toMatch(new RegExp(`<a href="/app/settings\\?tab=${tab}"[^>]*aria-current="page"`));
      expect(page.text).toContain(`>${heading}</h2>`);
    }
    const unknown = await browser.page("/app/settings?tab=nope");
    expect(unknown.text).toMatch(/<a href="\/app\/settings\?tab=profile"[^>]*aria-current="page"/);
  });
});

describe("the time zone picker of the Profile tab", () => {
  it("given a zone chosen, then the plain form offers IANA's current names with their city and offset, the spec's seven first, the chosen one selected", async () => {
    const { browser } = await signedUp();
    const profile = (await browser.get("/api/user/profile")).data as { username: string; email: string };
    expect((await browser.put("/api/user/profile", { ...profile, timezone: "Asia/Calcutta" })).status).toBe(200);
    const page = await browser.page("/app/settings?tab=profile");
    const options = [...page.text.matchAll(/<option value="([^"]+)"( selected)?[^>]*>([^<]*)<\/option>/g)].map((m) => ({ value: m[1], selected: Boolean(m[2]), text: m[3] }));
    expect(options.slice(0, 7).map((o) => o.value)).toEqual(["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Europe/London", "Europe/Paris", "Asia/Tokyo"]);
    expect(options[0]!.text).toMatch(/^Eastern Time \(New York\) · GMT-[45]$/);
    expect(options.find((o) => o.value === "Africa/Asmara")?.text).toBe("Asmara · Africa/Asmara · GMT+3");
    expect(options.map((o) => o.value)).not.toContain("Africa/Asmera");
    expect(options.filter((o) => o.selected).map((o) => o.value)).toEqual(["Asia/Kolkata"]);
  });
});

describe("the identity read models", () => {
  it("are rebuilt from the events, notification preferences and password changes included, exactly as they are live", async () => {
    const runtime = ManagedRuntime.make(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer()));
    try {
      const result = await runtime.runPromise(verifyProjections([identityProjection]));
      expect(result.differences).toEqual([]);
    } finally {
      await runtime.dispose();
    }
  });
});

describe("the API keys tab's plain forms", () => {
  const { owner, joined, email } = teamHelpers(app);

  it("given an owner, when the create form is posted, then the key is on that answer only (never in a cookie), stored as its hash, expiring at the end of the picked day in their zone", async () => {
    const { browser, user } = await owner();
    const posted = await browser.submit("/app/settings?tab=api-keys", {
      _form: "api-key-create",
      name: "Nightly report",
      access: "write",
      requireApproval: "on",
      expiresAt: "2099-01-31",
    });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.text).toContain("Copy this key now. You won&#x27;t be able to see it again.");
    const key = /sd_live_[A-Za-z0-9_-]{43}/.exec(posted.text)?.[0];
    expect(key).toBeDefined();
    expect(posted.setCookies.join("\n")).not.toContain(key!);

    const [{ time_zone: zone }] = await app.sql<{ time_zone: string }[]>`select time_zone from users where id = ${user.id}`;
    const [row] = await app.sql`select name, access, require_approval, expires_at, key_hash from api_keys where key_hash = ${sha256(key!)}`;
    expect(row).toMatchObject({ name: "Nightly report", access: "write", require_approval: true });
    expect((row!.expires_at as Date).toISOString()).toBe(expiryOf("2099-01-31", zone!));

    const again = await browser.page("/app/settings?tab=api-keys");
    expect(again.status).toBe(200);
    expect(again.text).toContain("Nightly report");
    expect(again.text).toContain(`sd_live_…${key!.slice(-4)}`);
    expect(again.text).not.toContain(key!);
  });

  it("given a refused create form, then its sentences beside the fields and nothing stored; a revoke form revokes at once and comes back to the tab", async () => {
    const { browser, user } = await owner();
    const refused = await browser.submit("/app/settings?tab=api-keys", { _form: "api-key-create", name: "  ", access: "admin" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Give the key a name, such as the app that will use it.");
    expect(refused.text).toContain("Access must be &quot;read&quot; or &quot;write&quot;.");
    const count = async () => (await app.sql`select count(*)::int as n from api_keys where created_by = ${user.id}`)[0]!.n;
    expect(await count()).toBe(0);

    const created = await browser.post("/api/api-keys", { name: "Zapier", access: "read" });
    expect(created.status).toBe(201);
    const confirm = await browser.page(`/app/settings?tab=api-keys&revoke=${created.data.id}`);
    expect(confirm.text).toContain("Revoke “Zapier”?");
    expect(confirm.text).toContain("Revoking cannot be undone.");
    const revoked = await browser.submit("/app/settings?tab=api-keys", { _form: "api-key-revoke", key: created.data.id });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("location")).toBe("/app/settings?tab=api-keys");
    const [row] = await app.sql`select revoked_at from api_keys where id = ${created.data.id}`;
    expect(row!.revoked_at).toBeInstanceOf(Date);
    expect((await new Browser(app.server.url, { authorization: `Bearer ${created.data.key}` }).get("/api/posts")).status).toBe(401);
  });

  it("given a member, then no API keys tab, a 403 page at its address, and a refused create form", async () => {
    const { browser } = await owner();
    const { member } = await joined(browser, email("maria"));
    const settings = await member.page("/app/settings");
    expect(settings.status).toBe(200);
    expect(settings.text).not.toContain("tab=api-keys");
    const tab = await member.page("/app/settings?tab=api-keys");
    expect(tab.status).toBe(403);
    expect(tab.text).toContain("Only an owner or admin of this workspace can create and revoke API keys.");
    const posted = await member.submit("/app/settings?tab=api-keys", { _form: "api-key-create", name: "Mine", access: "write" });
    expect(posted.status).toBe(403);
    expect(posted.text).not.toMatch(/sd_live_[A-Za-z0-9_-]{43}/);
  });
});
