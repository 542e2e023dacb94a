import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * Every bad input to the publishing calls answers a 4xx with a sentence, never a 500, and changes
 * nothing that was saved: a sweep of wrong types, sizes, dates, zones and ids over each call.
 */

const app = useAppServer();

const valid = { content: "Hello", platforms: ["facebook"], status: "draft" };

/** Each case: a change to a valid POST /api/posts body. */
const postBodies: Array<[string, unknown]> = [
  ["a JSON array", [valid]],
  ["a string", "hello"],
  ["null", null],
  ["content a number", { ...valid, content: 42 }],
  ["content an object", { ...valid, content: { text: "x" } }],
  ["platforms a string", { ...valid, platforms: "facebook" }],
  ["an unknown platform", { ...valid, platforms: ["myspace"] }],
  ["platforms with null", { ...valid, platforms: [null] }],
  ["media not strings", { ...valid, media: [1, 2] }],
  ["media an object", { ...valid, media: { a: 1 } }],
  ["an unknown status", { ...valid, status: "live" }],
  ["scheduledAt a number", { ...valid, status: "scheduled", scheduledAt: 1_800_000_000_000 }],
  ["scheduledAt nonsense", { ...valid, status: "scheduled", scheduledAt: "next tuesday" }],
  ["scheduledAt 31 February", { ...valid, status: "scheduled", scheduledAt: "2030-02-31T10:00" }],
  ["scheduledAt year 99999", { ...valid, status: "scheduled", scheduledAt: "99999-01-01T10:00:00Z" }],
  ["scheduledAt 25:00", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T25:00" }],
  ["scheduled without a time", { ...valid, status: "scheduled" }],
  ["an unknown time zone", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", timeZone: "Mars/Olympus" }],
  ["a time zone of spaces", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", timeZone: "   " }],
  ["accountIds not uuids", { ...valid, accountIds: ["1", "' or 1=1"] }],
  ["accountIds of another workspace", { ...valid, accountIds: [randomUUID()] }],
  ["categoryId not a uuid", { ...valid, categoryId: "drop table" }],
  ["categoryId unknown", { ...valid, categoryId: randomUUID() }],
  ["options an array", { ...valid, options: [1] }],
  ["options of a platform a string", { ...valid, options: { facebook: "reel" } }],
  ["an X thread not a list", { ...valid, platforms: ["twitter"], options: { twitter: { thread: "Second" } } }],
  ["an X thread with numbers", { ...valid, platforms: ["twitter"], options: { twitter: { thread: [1, 2] } } }],
  ["a Snapchat story of 100 hours", { ...valid, platforms: ["snapchat"], media: ["https://cdn.example.com/story.jpg"], options: { snapchat: { storyDuration: 100 } } }],
  ["businessData a string", { ...valid, businessData: "x" }],
  ["locationIds a number", { ...valid, locationIds: 5 }],
  ["postType unknown", { ...valid, postType: "carousel-of-doom" }],
  ["isRecurring a string", { ...valid, isRecurring: "yes" }],
  ["recurring with no interval", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", isRecurring: true }],
  ["recurring days out of range", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", isRecurring: true, recurringInterval: "weekly", recurringDays: [9] }],
  ["recurring count 0", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", isRecurring: true, recurringInterval: "daily", hasExpiration: true, expirationCount: 0 }],
  ["recurring count huge", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", isRecurring: true, recurringInterval: "daily", hasExpiration: true, expirationCount: 1e12 }],
  ["an end date of 30 February", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", isRecurring: true, recurringInterval: "daily", endDate: "2030-02-30" }],
  ["an end date before the start", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", isRecurring: true, recurringInterval: "daily", endDate: "2029-01-01" }],
  ["a monthly ordinal unknown", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", isRecurring: true, recurringInterval: "monthly", recurringDay: "5th" }],
  ["queueOrder unknown", { ...valid, addToTimeslot: true, queueOrder: "random" }],
  ["content over every limit", { ...valid, content: "x".repeat(70_000) }],
  ["media by a javascript: address", { ...valid, media: ["javascript:alert(1)"] }],
  ["media by a path outside the library", { ...valid, media: ["../../etc/passwd"] }],
  ["media by http", { ...valid, media: ["http://169.254.169.254/latest/meta-data"] }],
  ["an endDate with junk after it", { ...valid, status: "scheduled", scheduledAt: "2030-01-01T10:00", isRecurring: true, recurringInterval: "daily", endDate: "2031-01-01junk" }],
  ["scheduledAt in year 10000 once in UTC", { ...valid, status: "scheduled", scheduledAt: "9999-12-31T23:59:59.999-23:59" }],
  ["an option holding an object", { ...valid, options: { facebook: { firstComment: { text: "x" } } } }],
  ["an option nested 100 deep", { ...valid, options: { facebook: { deep: JSON.parse(`${"[".repeat(100)}1${"]".repeat(100)}`) } } }],
  ["eleven media", { ...valid, media: Array.from({ length: 11 }, (_, i) => `/m/${i}.png`) }],
];

const queries: string[] = [
  "/api/posts?status=live",
  "/api/posts?status=",
  "/api/posts?limit=abc",
  "/api/posts?limit=0",
  "/api/posts?limit=100000",
  "/api/posts?from=yesterday",
  "/api/posts?to=2030-13-45",
  "/api/posts?from=0000-01-01",
  "/api/posts?to=9999-12-31T23:59:59-23:59",
  "/api/posts?sort=scheduled&from=9999-12-31T20:00:00-05:00",
  `/api/posts?cursor=${Buffer.from(JSON.stringify({ at: "0000-01-01T00:00:00Z", id: "6f1c1c56-6a4a-4d1a-9d55-7a0b7f0e5d11" })).toString("base64url")}`,
  "/api/media?cursor=cDk5OTk5OTk5OTk5OTk5OTk5OTk",
  "/api/posts?to=0000-01-01T00:00:00Z",
  "/api/calendar?from=0000-01-01&to=0000-01-31",
  "/api/calendar-notes?from=0000-01-01&to=0000-01-31",
  "/api/posts?accountId=1",
  "/api/posts?categoryId=x",
  "/api/posts?cursor=%%%",
  "/api/posts?cursor=eyJhdCI6Im5vIiwiaWQiOiJ4In0",
  `/api/posts?cursor=${Buffer.from(JSON.stringify({ at: "-271821-04-20T00:00:00.000Z", id: "6f1c1c56-6a4a-4d1a-9d55-7a0b7f0e5d11" })).toString("base64url")}`,
  "/api/posts?sort=random",
  `/api/posts?q=${"x".repeat(500)}`,
  "/api/posts/counts?accountId=nope",
  "/api/calendar",
  "/api/calendar?from=2030-01-01",
  "/api/calendar?from=2030-01-31&to=2030-01-01",
  "/api/calendar?from=2000-01-01&to=2030-01-01",
  "/api/calendar?from=x&to=y",
  "/api/calendar?from=2030-01-01&to=2030-01-31&perDay=-1",
  "/api/calendar?from=2030-01-01&to=2030-01-31&perDay=1e9",
  "/api/calendar-notes?from=nope",
  "/api/calendar-notes?from=2030-01-31&to=2030-01-01",
  "/api/analytics?period=forever",
  "/api/analytics/export?format=xlsx&period=30d",
  "/api/analytics/export?format=csv&period=1y",
  "/api/posts/export.csv?period=nope",
];

const expect4xx = (what: string, response: { status: number; text: string; data: any; headers: Headers }) => {
  expect(response.status, `${what}: ${response.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${what}: ${response.text.slice(0, 300)}`).toBeLessThan(500);
  if (response.headers.get("content-type")?.includes("json")) {
    // A problem's `detail` (declared operations) or `error.message` (route files): the sentence a person reads.
    const sentence = response.data?.detail;
    expect(typeof sentence, what).toBe("string");
    expect(sentence.length, what).toBeGreaterThan(5);
    // zod's own wording ("Invalid input", "Expected string, received number") is not a sentence for a person.
    expect(sentence, what).not.toMatch(/^(Invalid|Expected|Too (big|small))/);
  }
};

describe("bad input to the publishing calls", () => {
  it("given each wrong body for POST /api/posts, then a 4xx with a sentence, and no post is recorded", async () => {
    const { browser } = await signUp(app.server.url);
    for (const platform of ["facebook", "twitter", "snapchat"]) {
      expect((await browser.post("/api/social-accounts/sandbox", { platform, accountName: `S ${platform}` })).status).toBe(201);
    }
    for (const [what, body] of postBodies) expect4xx(what, await browser.post("/api/posts", body));
    expect4xx("not JSON", await browser.post("/api/posts", undefined, { body: "{content:" }));
    expect4xx("empty body", await browser.post("/api/posts", undefined, { body: "" }));
    const deep = `{"content":"ok","platforms":["facebook"],"options":{"facebook":{"deep":${"[".repeat(100_000)}1${"]".repeat(100_000)}}}}`;
    expect4xx("nested 100,000 deep", await browser.post("/api/posts", undefined, { body: deep }));
    expect((await browser.get("/api/posts")).data.items).toEqual([]);
  });

  it("given each wrong body for PUT /api/posts/{id}, then a 4xx, and the saved post is unchanged", async () => {
    const { browser } = await signUp(app.server.url);
    await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "S fb" });
    await browser.post("/api/social-accounts/sandbox", { platform: "twitter", accountName: "S x" });
    const created = await browser.post("/api/posts", valid);
    expect(created.status, created.text).toBe(201);
    const before = (await browser.get(`/api/posts/${created.data.id}`)).data;
    for (const [what, body] of postBodies) expect4xx(`PUT ${what}`, await browser.put(`/api/posts/${created.data.id}`, body));
    const after = (await browser.get(`/api/posts/${created.data.id}`)).data;
    expect(after).toEqual(before);
  });

  it("given each wrong query string, then a 4xx with a sentence", async () => {
    const { browser } = await signUp(app.server.url);
    for (const path of queries) expect4xx(path, await browser.get(path));
  });

  it("given wrong calendar notes, then a 4xx, and nothing is recorded", async () => {
    const { browser } = await signUp(app.server.url);
    const notes: unknown[] = [
      [], null, "note", { date: 20300101, content: "x" }, { date: "2030-02-30", content: "x" }, { date: "01/02/2030", content: "x" },
      { date: "2030-01-01", content: ["x"] }, { date: "2030-01-01", content: "x", color: "red" }, { date: "2030-01-01", content: "x", color: "#GGGGGG" },
      { date: "2030-01-01", content: "x".repeat(5_000) }, { date: "99999-01-01", content: "x" },
    ];
    for (const body of notes) expect4xx(`note ${JSON.stringify(body).slice(0, 60)}`, await browser.post("/api/calendar-notes", body));
    expect((await browser.get("/api/calendar-notes")).data).toEqual([]);
  });

  it("given U+0000 in any text (PostgreSQL cannot store it), then 400 naming the field, on every kind of call", async () => {
    const { browser } = await signUp(app.server.url);
    await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "S fb" });
    const nul = "a\u0000b";
    const calls: Array<[string, () => ReturnType<typeof browser.get>, string]> = [
      ["post content", () => browser.post("/api/posts", { content: nul, platforms: ["facebook"] }), "content"],
      ["a platform option", () => browser.post("/api/posts", { content: "ok", platforms: ["facebook"], options: { facebook: { firstComment: nul } } }), "options.facebook.firstComment"],
      ["a media address", () => browser.post("/api/posts", { content: "ok", platforms: ["facebook"], media: [nul] }), "media.0"],
      ["a note", () => browser.post("/api/calendar-notes", { date: "2030-01-01", content: nul }), "content"],
      ["a category name", () => browser.post("/api/categories", { name: nul, platforms: ["facebook"] }), "name"],
      ["a sandbox account name", () => browser.post("/api/social-accounts/sandbox", { platform: "twitter", accountName: nul }), "accountName"],
      ["a search", () => browser.get("/api/posts?q=a%00b"), "q"],
      ["a login e-mail", () => browser.post("/api/auth/login", { email: `x${nul}@example.com`, password: "x" }), "email"],
    ];
    for (const [what, call, field] of calls) {
      const response = await call();
      expect4xx(what, response);
      expect(response.data.errors, what).toEqual({ [field]: "Remove the NUL character (U+0000): text cannot hold it." });
    }
    // Half an emoji (a lone UTF-16 surrogate, which JSON may carry) cannot go into jsonb either.
    for (const body of ['{"content":"smile \\ud83d","platforms":["facebook"]}', '{"content":"ok","platforms":["facebook"],"options":{"facebook":{"firstComment":"\\udfff"}}}']) {
      const response = await browser.request("POST", "/api/posts", { body });
      expect4xx(body, response);
      expect(response.data.detail).toBe("This text holds a broken character (half of an emoji or symbol): retype it.");
    }
    expect((await browser.get("/api/posts")).data.items).toEqual([]);
  });
});

describe("bad input elsewhere, found by a fuzzing run", () => {
  it("given a zone PostgreSQL reads otherwise, then it is refused or stored under its canonical name", async () => {
    const { browser, user } = await signUp(app.server.url);
    const profile = (timezone: string) => browser.put("/api/user/profile", { username: `u${user.id.slice(0, 8)}`, email: user.email, timezone });
    for (const zone of ["+0530", "-14:00", "Mars/Olympus"]) expect4xx(zone, await profile(zone));
    expect((await profile("US/Pacific-New")).status).toBe(200);
    const [row] = await app.sql`select time_zone from users where id = ${user.id}`;
    expect(row!.time_zone).toBe("America/Los_Angeles");
    expect((await browser.get("/api/calendar?from=2030-01-01&to=2030-01-31")).status).toBe(200);
  });

  it("given a form page posted something that is not a form, then the page answers with its messages, not a 500", async () => {
    const visitor = new Browser(app.server.url);
    for (const path of ["/login", "/register", "/forgot-password"]) {
      for (const headers of [{ "content-type": "application/json" }, { "content-type": "text/plain" }, { "content-type": "multipart/form-data; boundary=abc" }]) {
        const response = await visitor.request("POST", path, { body: "garbage", headers: { ...headers, accept: "text/html" } });
        expect(response.status, `${path} ${headers["content-type"]}`).toBeLessThan(500);
      }
    }
  });

  it("given a form page that answers 400, 404 or 409, then its status line carries that status's reason phrase, not Astro's default OK", async () => {
    const visitor = new Browser(app.server.url);
    const form = new URLSearchParams({ email: "not an email" });
    const refused = await visitor.request("POST", "/register", { body: form, headers: { accept: "text/html" } });
    expect([refused.status, refused.statusText]).toEqual([400, "Bad Request"]);
    const missing = await visitor.page("/no-such-page");
    expect([missing.status, missing.statusText]).toEqual([404, "Not Found"]);
    const ok = await visitor.page("/login");
    expect([ok.status, ok.statusText]).toEqual([200, "OK"]);
  });

  it("given a listing address of 10,000 characters or a file name cut inside an emoji, then 400 or a clean name", async () => {
    const { browser } = await signUp(app.server.url);
    expect4xx("long listing", await browser.post("/api/social-accounts/listing", { platform: "yelp", url: `https://www.yelp.com/biz/${"a".repeat(10_000)}` }));
    const png = await (await import("sharp")).default({ create: { width: 4, height: 4, channels: 3, background: "#ff0000" } }).png().toBuffer();
    const form = new FormData();
    form.append("files", new File([new Uint8Array(png)], `${"a".repeat(199)}😀.png`, { type: "image/png" }));
    const uploaded = await browser.request("POST", "/api/media/upload", { body: form });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.data.items[0].originalName).toBe(`${"a".repeat(199)}😀`);
  });

  it("given a method or a path no call has, then a JSON 404 naming it, not the HTML page", async () => {
    const { browser } = await signUp(app.server.url);
    for (const [method, path] of [["PATCH", "/api/posts"], ["DELETE", "/api/posts"], ["GET", "/api/nothing-here"]] as const) {
      const response = await browser.request(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.data, `${method} ${path}`).toMatchObject({ status: 404, code: "not_found", detail: `There is no call ${method} ${path}.` });
    }
  });
});
