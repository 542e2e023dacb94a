import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/** Connected accounts over HTTP: sandbox, listing, limits, pause, disconnect and reconnect, workspace isolation. */

const app = useAppServer();

const LIMIT_MESSAGE = "You've reached your limit of 3 social accounts. Upgrade to connect more platforms.";

describe("sandbox accounts", () => {
  it("given a trial user, when three accounts are connected, then the fourth is refused with the plan's message", async () => {
    const { browser } = await signUp(app.server.url);
    for (const platform of ["facebook", "x", "linkedin"]) {
      const created = await browser.post("/api/social-accounts/sandbox", { platform, accountName: `Test ${platform}` });
      expect(created.status, created.text).toBe(201);
      expect(created.data).toMatchObject({ status: "sandbox", kind: "sandbox", isActive: true, isConnected: true });
    }
    const fourth = await browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "One too many" });
    expect(fourth.status).toBe(403);
    expect(fourth.data.detail).toBe(LIMIT_MESSAGE);
    const list = await browser.get("/api/social-accounts");
    expect(list.data.map((a: any) => a.platform).sort()).toEqual(["facebook", "linkedin", "twitter"]);
    expect(JSON.stringify(list.data)).not.toMatch(/accessToken|refreshToken|ciphertext|appPassword/i);
  });

  it("the spec's placeholder POST /api/social-accounts makes a labelled sandbox account with its followers", async () => {
    const { browser } = await signUp(app.server.url);
    const created = await browser.post("/api/social-accounts", {
      platform: "instagram",
      accountName: "Lee Dental IG",
      accountId: "demo-123",
      accessToken: "demo-token",
      isActive: true,
      followers: 4321,
      metadata: {},
    });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({ platform: "instagram", status: "sandbox", followers: 4321, metadata: { sandbox: true } });
    const [credentials] = await app.sql`select count(*)::int as n from account_credentials where account_id = ${created.data.id}`;
    expect(credentials.n).toBe(0);
  });

  it("validates the platform, the name and the kind of business", async () => {
    const { browser } = await signUp(app.server.url);
    const bad = await browser.post("/api/social-accounts/sandbox", { platform: "myspace", accountName: "", businessKind: "spaceships" });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({
      platform: "Choose a platform from the list.",
      accountName: "Enter a name for the account.",
      businessKind: "Choose a kind of business from the list, or leave it to the account's name.",
    });
    expect((await browser.get("/api/social-accounts")).data).toEqual([]);
    const chosen = await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Acme", businessKind: "beauty" });
    expect(chosen.status, chosen.text).toBe(201);
    expect(chosen.data.metadata).toMatchObject({ sandbox: true, businessKind: "beauty" });
    const fromName = await browser.post("/api/social-accounts/sandbox", { platform: "instagram", accountName: "Acme IG", businessKind: "" });
    expect(fromName.status, fromName.text).toBe(201);
    expect(fromName.data.metadata).toEqual({ sandbox: true });
  });
});

describe("listings", () => {
  it("given a Yelp business address, it connects as a listing; a wrong address says what is expected", async () => {
    const { browser } = await signUp(app.server.url);
    const created = await browser.post("/api/social-accounts/listing", { platform: "yelp", url: "https://www.yelp.com/biz/lee-dental-springfield?osq=dentist" });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({ platform: "yelp", status: "listing", kind: "listing", profileUrl: "https://www.yelp.com/biz/lee-dental-springfield" });
    const wrong = await browser.post("/api/social-accounts/listing", { platform: "yelp", url: "https://example.com/biz/x" });
    expect(wrong.status).toBe(400);
    expect(wrong.data.errors.url).toMatch(/Yelp/);
    const social = await browser.post("/api/social-accounts/listing", { platform: "facebook", url: "https://facebook.com/x" });
    expect(social.status).toBe(400);
  });
});

describe("pausing, disconnecting and reconnecting", () => {
  it("given a listing, pause and disconnect it, then connecting the same address again keeps its id and history", async () => {
    const { browser } = await signUp(app.server.url);
    const url = "https://www.healthgrades.com/physician/dr-jordan-lee-abc12";
    const { data: account } = await browser.post("/api/social-accounts/listing", { platform: "healthgrades", url });
    const paused = await browser.put(`/api/social-accounts/${account.id}`, { isActive: false });
    expect(paused.status).toBe(200);
    expect(paused.data.isActive).toBe(false);
    expect((await browser.put(`/api/social-accounts/${account.id}`, { isActive: "no" })).status).toBe(400);
    const removed = await browser.delete(`/api/social-accounts/${account.id}`);
    expect(removed.status).toBe(200);
    expect((await browser.get("/api/social-accounts")).data).toEqual([]);
    expect((await browser.delete(`/api/social-accounts/${account.id}`)).status).toBe(404);
    const again = await browser.post("/api/social-accounts/listing", { platform: "healthgrades", url });
    expect(again.status).toBe(201);
    expect(again.data.id).toBe(account.id);
    expect(again.data.isActive).toBe(true);
    const events = await app.sql`select type from events where stream_id = ${`account-${account.id}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["AccountConnected", "AccountPaused", "AccountDisconnected", "AccountReconnected"]);
  });
});

describe("workspace isolation", () => {
  it("another workspace's account id answers 404 on every route", async () => {
    const owner = await signUp(app.server.url);
    const stranger = await signUp(app.server.url);
    const { data: account } = await owner.browser.post("/api/social-accounts/sandbox", { platform: "reddit", accountName: "Mine" });
    expect((await stranger.browser.get(`/api/social-accounts/${account.id}`)).status).toBe(404);
    expect((await stranger.browser.put(`/api/social-accounts/${account.id}`, { isActive: false })).status).toBe(404);
    expect((await stranger.browser.delete(`/api/social-accounts/${account.id}`)).status).toBe(404);
    expect((await stranger.browser.get("/api/social-accounts/not-a-uuid")).status).toBe(404);
    expect((await owner.browser.get(`/api/social-accounts/${account.id}`)).data.isActive).toBe(true);
  });

  it("signed-out callers get 401, demo mode cannot connect", async () => {
    const anonymous = await fetch(`${app.server.url}/api/social-accounts`);
    expect(anonymous.status).toBe(401);
    const demo = await fetch(`${app.server.url}/api/social-accounts/sandbox?demo=true`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.server.url },
      body: JSON.stringify({ platform: "facebook", accountName: "x" }),
    });
    expect(demo.status).toBe(403);
    const demoList = await (await fetch(`${app.server.url}/api/social-accounts?demo=true`)).json();
    expect(demoList.map((a: any) => a.platform).sort()).toEqual(["bluesky", "facebook", "google_business", "instagram", "linkedin"]);
  });
});
