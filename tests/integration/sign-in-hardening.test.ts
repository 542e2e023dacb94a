import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { Browser, registration, signUp, TEST_PASSWORD } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * Issue 27's attacks on signing in, on the real server: return addresses after signing in and after
 * a plain form (points 4), reset links that end (5), the throttles raced and from many accounts (7),
 * common passwords (9). The throttles are driven from addresses of their own (127.0.0.x: Linux
 * routes the whole block to the loopback), so that their counts are this test's alone.
 */

const app = useAppServer();

const INVALID_LINK = "This reset link is invalid or has expired. Request a new one.";
const FORGOT_SENT = "If an account exists for that email, we've sent a link to reset the password. It works once, within 1 hour.";
const COMMON = "This password is too common or too easy to guess. Try a few unrelated words, or a longer password.";
const accountWait = (wait: string) =>
  `Too many sign-in attempts. Try again in ${wait}, or reset your password. Each further wrong password doubles the wait (up to 15 minutes).`;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let nextAddress = 10;
/** A client address of the loopback block no other test of this file uses. */
const freshAddress = () => `127.0.0.${nextAddress++}`;

interface Answer {
  readonly status: number;
  readonly data: any;
  readonly text: string;
  readonly location: string | null;
  readonly setCookies: ReadonlyArray<string>;
}

/** A request sent from the client address `localAddress` (fetch cannot choose it), with a cookie header, as a browser sends it. */
const requestFrom = (localAddress: string, method: string, path: string, options: { json?: unknown; form?: Record<string, string>; cookie?: string } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const url = new URL(path, app.server.url);
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.form ? new URLSearchParams(options.form).toString() : undefined;
    const headers: Record<string, string> = { origin: app.server.url };
    if (options.json !== undefined) headers["content-type"] = "application/json";
    if (options.form) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", accept: "text/html" });
    if (options.cookie) headers.cookie = options.cookie;
    const req = http.request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, localAddress }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        let data: any = null;
        try {
          data = JSON.parse(text);
        } catch {}
        const setCookie = res.headers["set-cookie"] ?? [];
        resolve({ status: res.statusCode ?? 0, data, text, location: (res.headers.location as string | undefined) ?? null, setCookies: setCookie });
      });
    });
    req.once("error", reject);
    req.end(body);
  });

const loginFrom = (address: string, email: string, password: string, cookie?: string) =>
  requestFrom(address, "POST", "/api/auth/login", { json: { email, password }, cookie });

/** The value of a cookie among Set-Cookie lines. */
const cookieValue = (setCookies: ReadonlyArray<string>, name: string) =>
  setCookies.find((line) => line.startsWith(`${name}=`))?.split(";")[0].slice(name.length + 1);

const attemptsOf = (email: string) =>
  app.sql<{ ip: string | null; device: string | null }[]>`select ip, device from login_attempts where lower(email) = ${email.toLowerCase()}`;

const resetLinks = async (email: string) =>
  (await app.sql<{ body_text: string }[]>`select body_text from mail_outbox where to_address = ${email} order by id`).map(
    (row) => row.body_text.match(/\/reset-password\?token=([a-z0-9]+)/)![1],
  );

const resetPage = (token: string) => new Browser(app.server.url).page(`/reset-password?token=${token}`);
const showsForm = (html: string) => html.includes('name="confirmPassword"');

// ---------------------------------------------------------------------------------------------

describe("return addresses after signing in (issue 27, point 4)", () => {
  it("given next with a NUL character, when the sign-in page is opened or posted, then it answers 400 naming next, never 500", async () => {
    const browser = new Browser(app.server.url);
    for (const method of ["GET", "POST"]) {
      const response = await browser.request(method, `/login?next=${encodeURIComponent("/app/x\u0000y")}`, {
        body: method === "POST" ? new URLSearchParams({ email: "someone@example.com", password: TEST_PASSWORD }) : undefined,
        headers: { accept: "text/html" },
      });
      expect(response.status, method).toBe(400);
      expect(response.text).toContain('The parameter "next" of the address holds a NUL character');
    }
  });

  it.each([
    ["/\t/evil.example/", "/app/dashboard"],
    ["/%09/evil.example/", "/%09/evil.example/"],
    ["/\\evil.example", "/app/dashboard"],
    ["/.//evil.example", "/app/dashboard"],
    ["https:evil.example", "/app/dashboard"],
    ["//evil.example", "/app/dashboard"],
    ["javascript:alert(1)", "/app/dashboard"],
    ["/app/x\ny", "/app/xy"],
    ["/app/x\ry", "/app/xy"],
    ["/app/x\u000By", "/app/x%0By"],
    ["/。/x", "/%E3%80%82/x"],
    [`/app/${"a".repeat(3000)}`, "/app/dashboard"],
    ["/app/calendar?view=week", "/app/calendar?view=week"],
  ])("given next=%j, when signing in with the form, then it answers 303 to %s, never 500", async (next, location) => {
    const { input } = await signUp(app.server.url);
    const browser = new Browser(app.server.url);
    const page = await browser.page(`/login?next=${encodeURIComponent(next)}`);
    expect(page.status).toBe(200);
    const response = await browser.request("POST", `/login?next=${encodeURIComponent(next)}`, {
      body: new URLSearchParams({ email: input.email, password: TEST_PASSWORD }),
      headers: { accept: "text/html" },
    });
    expect(response.status, response.text.slice(0, 300)).toBe(303);
    expect(response.headers.get("location")).toBe(location);
  });

  it("given next with a NUL character, when the sign-in page is opened or posted, then it answers 400 naming next, never 500", async () => {
    const browser = new Browser(app.server.url);
    for (const method of ["GET", "POST"]) {
      const response = await browser.request(method, `/login?next=${encodeURIComponent("/app/x\u0000y")}`, {
        body: method === "POST" ? new URLSearchParams({ email: "someone@example.com", password: TEST_PASSWORD }) : undefined,
        headers: { accept: "text/html" },
      });
      expect(response.status, method).toBe(400);
      expect(response.text).toContain('The parameter "next" of the address holds a NUL character');
    }
  });

  it.each([
    ["/\t/evil.example/", "/app/dashboard"],
    ["\n", "/app/dashboard"],
    ["/app/x\r\ny", "/app/xy"],
    ["/。/x", "/%E3%80%82/x"],
    ["https://evil.example/app", "/app/dashboard"],
    ["/app/calendar?view=week", "/app/calendar?view=week"],
  ])("given a plain form's back=%j, when switching workspaces, then it answers 303 to %s, never 500", async (back, location) => {
    const { browser, user } = await signUp(app.server.url);
    const [row] = await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${user.id}`;
    const response = await browser.submit("/api/workspaces/switch", { workspaceId: row.workspace_id, back });
    expect(response.status, response.text.slice(0, 300)).toBe(303);
    expect(response.headers.get("location")).toBe(location);
  });
  it("given a plain form's back with a NUL, then it is refused with the sentence of every form field holding one, back on a page of the app, never 500", async () => {
    const { browser, user } = await signUp(app.server.url);
    const [row] = await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${user.id}`;
    const response = await browser.submit("/api/workspaces/switch", { workspaceId: row.workspace_id, back: "/app/x\u0000y" });
    // A refused plain form comes back to a page (the middleware), not to raw JSON; the NUL's address is not that page.
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/(?!api\/)[^\u0000]*$/);
    expect(JSON.parse(decodeURIComponent(browser.jar.get("flash") ?? "null"))).toMatchObject({
      description: "Remove the NUL character (U+0000): text cannot hold it.",
      variant: "destructive",
    });
    // A script's call still reads the 400 and its sentence.
    const called = await browser.post("/api/workspaces/switch", { workspaceId: row.workspace_id, back: "/app/x\u0000y" });
    expect(called.status).toBe(400);
    expect(called.data.detail).toBe("Remove the NUL character (U+0000): text cannot hold it.");
  });
});

describe("reset links end (issue 27, point 5)", () => {
  it("given two links, when one is used, then the other is refused on the page and on submit", async () => {
    const { input } = await signUp(app.server.url);
    for (let i = 0; i < 2; i++) expect((await new Browser(app.server.url).post("/api/auth/forgot-password", { email: input.email })).status).toBe(200);
    const [first, second] = await resetLinks(input.email);
    expect(first).not.toBe(second);

    // Before any use, both pages show the form and no sentence.
    for (const token of [first, second]) {
      const page = await resetPage(token);
      expect(page.status).toBe(200);
      expect(showsForm(page.text)).toBe(true);
      expect(page.text).not.toContain(INVALID_LINK);
    }

    const used = await new Browser(app.server.url).submit(`/reset-password?token=${first}`, { token: first, password: "a brand new secret", confirmPassword: "a brand new secret" });
    expect(used.status).toBe(303);
    expect(used.headers.get("location")).toBe("/login");

    for (const token of [first, second]) {
      const page = await resetPage(token);
      expect(page.status).toBe(400);
      expect(page.text).toContain(INVALID_LINK);
      expect(showsForm(page.text)).toBe(false);
    }
    const submitted = await new Browser(app.server.url).submit(`/reset-password?token=${second}`, { token: second, password: "yet another one", confirmPassword: "yet another one" });
    expect(submitted.status).toBe(400);
    expect(submitted.text).toContain(INVALID_LINK);
    const api = await new Browser(app.server.url).post("/api/auth/reset-password", { token: second, password: "yet another one", confirmPassword: "yet another one" });
    expect(api.status).toBe(400);
    expect(api.data.detail).toBe(INVALID_LINK);
    // The password is the one the first link set.
    expect((await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: "a brand new secret" })).status).toBe(200);
    expect(await app.sql`select 1 from password_reset_tokens where id in ${app.sql([sha256(first), sha256(second)])} and used_at is null`).toHaveLength(0);
  });

  it("given a link asked for before the password is changed in Settings, then it no longer resets", async () => {
    const { browser, input } = await signUp(app.server.url);
    expect((await new Browser(app.server.url).post("/api/auth/forgot-password", { email: input.email })).status).toBe(200);
    const [token] = await resetLinks(input.email);
    const changed = await browser.post("/api/user/password", { currentPassword: TEST_PASSWORD, newPassword: "a much newer secret", confirmPassword: "a much newer secret" });
    expect(changed.status, changed.text).toBe(200);

    const page = await resetPage(token);
    expect(page.status).toBe(400);
    expect(page.text).toContain(INVALID_LINK);
    expect(showsForm(page.text)).toBe(false);
    const reset = await new Browser(app.server.url).post("/api/auth/reset-password", { token, password: "attacker's choice", confirmPassword: "attacker's choice" });
    expect(reset.status).toBe(400);
    expect(reset.data.detail).toBe(INVALID_LINK);
    expect((await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: "a much newer secret" })).status).toBe(200);
  });

  it("given an expired, a made-up or no token, then the page shows the sentence instead of the form", async () => {
    const { input } = await signUp(app.server.url);
    expect((await new Browser(app.server.url).post("/api/auth/forgot-password", { email: input.email })).status).toBe(200);
    const [token] = await resetLinks(input.email);
    await app.sql`update password_reset_tokens set expires_at = now() - interval '1 second' where id = ${sha256(token)}`;
    for (const path of [`/reset-password?token=${token}`, "/reset-password?token=madeup", "/reset-password"]) {
      const page = await new Browser(app.server.url).page(path);
      expect(page.status, path).toBe(400);
      expect(page.text).toContain(INVALID_LINK);
      expect(showsForm(page.text)).toBe(false);
    }
    // A NUL in the address is refused before any page runs (the one rule for every query string).
    const nul = await new Browser(app.server.url).page("/reset-password?token=%00");
    expect(nul.status).toBe(400);
    expect(nul.text).toContain('The parameter "token" of the address holds a NUL character');
  });
});

describe("the sign-in throttles (issue 27, point 7)", () => {
  it("given 20 wrong passwords at once for one account, then at most 10 are checked: 10 answer 401, 10 answer 429, 10 failures are recorded", async () => {
    const { input } = await signUp(app.server.url);
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom(address, input.email, `wrong guess ${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await attemptsOf(input.email)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status === 429)) expect(refused.data.detail).toMatch(/^Too many sign-in attempts\. Try again in (1 minute|\d+ seconds), or reset/);
    // The right password waits too.
    expect((await loginFrom(address, input.email, TEST_PASSWORD)).status).toBe(429);
  });

  it("given the free failures spent, then each further one doubles the wait, told in the sentence, and only a checked attempt counts", async () => {
    const { input } = await signUp(app.server.url);
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await loginFrom(address, input.email, `wrong ${i}`)).status).toBe(401);
    const first = await loginFrom(address, input.email, "wrong again");
    expect(first.status).toBe(429);
    // A minute from the last failure (in seconds once less than a minute is left).
    expect([accountWait("1 minute"), ...Array.from({ length: 10 }, (_, i) => accountWait(`${59 - i} seconds`))]).toContain(first.data.detail);

    // A minute later (the failures moved back in time), one more attempt is checked, and the wait doubles.
    await app.sql`update login_attempts set attempted_at = attempted_at - interval '61 seconds' where lower(email) = ${input.email}`;
    expect((await loginFrom(address, input.email, "wrong 11")).status).toBe(401);
    const second = await loginFrom(address, input.email, "wrong 12");
    expect(second.status).toBe(429);
    expect(second.data.detail).toBe(accountWait("2 minutes"));
    expect(await attemptsOf(input.email)).toHaveLength(11);

    await app.sql`update login_attempts set attempted_at = attempted_at - interval '121 seconds' where lower(email) = ${input.email}`;
    expect((await loginFrom(address, input.email, "wrong 13")).status).toBe(401);
    expect((await loginFrom(address, input.email, TEST_PASSWORD)).data.detail).toBe(accountWait("4 minutes"));

    // Once the wait is over the right password signs in, and the account's failures are forgiven.
    await app.sql`update login_attempts set attempted_at = attempted_at - interval '241 seconds' where lower(email) = ${input.email}`;
    expect((await loginFrom(address, input.email, TEST_PASSWORD)).status).toBe(200);
    expect(await attemptsOf(input.email)).toHaveLength(0);
  });

  it("given a stranger locked the account, then its owner signs in from a browser that signed in before, while others still wait", async () => {
    const { input, user } = await signUp(app.server.url);
    const home = freshAddress();
    const owner = await loginFrom(home, input.email, TEST_PASSWORD);
    expect(owner.status).toBe(200);
    const device = cookieValue(owner.setCookies, "device")!;
    expect(device).toMatch(/^[a-z0-9]{32}$/);
    const deviceCookie = owner.setCookies.find((line) => line.startsWith("device="))!.toLowerCase();
    expect(deviceCookie).toContain("httponly");
    expect(deviceCookie).toContain(`max-age=${365 * 86_400}`);
    expect(await app.sql`select 1 from known_devices where id = ${sha256(device)} and user_id = ${user.id}`).toHaveLength(1);
    // Signing out keeps the browser known.
    const signedOut = await requestFrom(home, "POST", "/api/auth/logout", { cookie: `session=${cookieValue(owner.setCookies, "session")}` });
    expect(signedOut.setCookies.some((line) => line.startsWith("device="))).toBe(false);

    const stranger = freshAddress();
    for (let i = 0; i < 10; i++) expect((await loginFrom(stranger, input.email, `guess ${i}`)).status).toBe(401);
    expect((await loginFrom(stranger, input.email, TEST_PASSWORD)).status).toBe(429);
    // Another browser of the owner's that never signed in waits like the stranger; so does a made-up device.
    expect((await loginFrom(home, input.email, TEST_PASSWORD)).status).toBe(429);
    expect((await loginFrom(home, input.email, TEST_PASSWORD, `device=${"a".repeat(32)}`)).status).toBe(429);

    // The known browser: a typo is its own failure, then the right password signs in, and the same token is kept.
    expect((await loginFrom(home, input.email, "typo", `device=${device}`)).status).toBe(401);
    const again = await loginFrom(home, input.email, TEST_PASSWORD, `device=${device}`);
    expect(again.status, again.text).toBe(200);
    expect(cookieValue(again.setCookies, "device")).toBe(device);
    // The stranger's failures stay: the account still waits for everyone else.
    const rows = await attemptsOf(input.email);
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.device === null && row.ip === stranger)).toBe(true);
    expect((await loginFrom(stranger, input.email, TEST_PASSWORD)).status).toBe(429);
  });

  it("given 60 wrong sign-ins at once from one address over 60 accounts, then 50 are checked and the rest refused; other addresses are unaffected", async () => {
    const address = freshAddress();
    const emails = Array.from({ length: 60 }, () => `nobody-${randomUUID().slice(0, 8)}@example.com`);
    const answers = await Promise.all(emails.map((email) => loginFrom(address, email, "password guess")));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(50);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    for (const answer of refused) expect(answer.data.detail).toMatch(/^Too many sign-in attempts from your network\. Try again in (15|14) minutes\.$/);
    expect((await app.sql<{ n: number }[]>`select count(*)::int as n from login_attempts where ip = ${address}`)[0].n).toBe(50);

    // A real account with its right password is refused from that address too, but signs in from another.
    const { input } = await signUp(app.server.url);
    expect((await loginFrom(address, input.email, TEST_PASSWORD)).status).toBe(429);
    expect((await loginFrom(freshAddress(), input.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("given forgot-password asked 5 times at once for one account, then 3 mails are sent and the 5 answers are the same", async () => {
    const { input } = await signUp(app.server.url);
    const answers = await Promise.all(Array.from({ length: 5 }, () => new Browser(app.server.url).post("/api/auth/forgot-password", { email: input.email })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(answers[0].text);
      expect(answer.data.message).toBe(FORGOT_SENT);
    }
    expect(await app.sql`select 1 from mail_outbox where to_address = ${input.email}`).toHaveLength(3);
    // A sixth, through the page without JavaScript, reads the same notice and sends nothing more.
    const page = await new Browser(app.server.url).submit("/forgot-password", { email: input.email });
    expect(page.status).toBe(200);
    expect(page.text).toContain(FORGOT_SENT.replace("'", "&#39;"));
    expect(await app.sql`select 1 from mail_outbox where to_address = ${input.email}`).toHaveLength(3);
    // An hour later, one more can be sent.
    await app.sql`update password_reset_tokens set created_at = created_at - interval '61 minutes' where user_id = (select id from users where email = ${input.email})`;
    expect((await new Browser(app.server.url).post("/api/auth/forgot-password", { email: input.email })).status).toBe(200);
    expect(await app.sql`select 1 from mail_outbox where to_address = ${input.email}`).toHaveLength(4);
  });

  it("given the account waiting, when its owner resets the password by e-mail, then the new password signs in at once", async () => {
    const { input } = await signUp(app.server.url);
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await loginFrom(address, input.email, `wrong ${i}`)).status).toBe(401);
    expect((await loginFrom(address, input.email, TEST_PASSWORD)).status).toBe(429);
    expect((await new Browser(app.server.url).post("/api/auth/forgot-password", { email: input.email })).status).toBe(200);
    const [token] = await resetLinks(input.email);
    expect((await new Browser(app.server.url).post("/api/auth/reset-password", { token, password: "a brand new secret", confirmPassword: "a brand new secret" })).status).toBe(200);
    expect((await loginFrom(address, input.email, "a brand new secret")).status).toBe(200);
  });
});

describe("common passwords (issue 27, point 9)", () => {
  it.each(["password1", "qwertyuiop", "12345678"])("given %s, then register, reset and change refuse it with the sentence, and a strong one passes", async (weak) => {
    const registered = await new Browser(app.server.url).post("/api/auth/register", registration({ password: weak, confirmPassword: weak }));
    expect(registered.status).toBe(400);
    expect(registered.data.errors.password).toBe(COMMON);
    const form = await new Browser(app.server.url).submit("/register", registration({ password: weak, confirmPassword: weak }) as Record<string, string>);
    expect(form.status).toBe(400);
    expect(form.text).toContain(COMMON);

    const { browser, input } = await signUp(app.server.url);
    const changed = await browser.post("/api/user/password", { currentPassword: TEST_PASSWORD, newPassword: weak, confirmPassword: weak });
    expect(changed.status).toBe(400);
    expect(changed.data.errors.newPassword).toBe(COMMON);
    const settingsForm = await browser.submit("/app/settings?tab=security", { _form: "password", currentPassword: TEST_PASSWORD, newPassword: weak, confirmPassword: weak });
    expect(settingsForm.status).toBe(400);
    expect(settingsForm.text).toContain(COMMON);

    expect((await new Browser(app.server.url).post("/api/auth/forgot-password", { email: input.email })).status).toBe(200);
    const [token] = await resetLinks(input.email);
    const reset = await new Browser(app.server.url).post("/api/auth/reset-password", { token, password: weak, confirmPassword: weak });
    expect(reset.status).toBe(400);
    expect(reset.data.errors.password).toBe(COMMON);
    const resetForm = await new Browser(app.server.url).submit(`/reset-password?token=${token}`, { token, password: weak, confirmPassword: weak });
    expect(resetForm.status).toBe(400);
    expect(resetForm.text).toContain(COMMON);
    // Nothing changed: the old password still signs in, the link still works, and a strong one is taken.
    expect((await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: TEST_PASSWORD })).status).toBe(200);
    const strong = await new Browser(app.server.url).post("/api/auth/reset-password", { token, password: "violet lantern orbit", confirmPassword: "violet lantern orbit" });
    expect(strong.status, strong.text).toBe(200);
    expect((await new Browser(app.server.url).post("/api/auth/login", { email: input.email, password: "violet lantern orbit" })).status).toBe(200);
  });
});
