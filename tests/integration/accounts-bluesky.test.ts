import { beforeAll, describe, expect, it } from "vitest";
import { INVALID_LOGIN_MESSAGE } from "../../infra/platforms";
import { setProfile, useBluesky } from "../support/bluesky";
import { signUp } from "../support/browser";
import { useAppServer } from "../support/server";
import { allowOutbound } from "../support/outbound";

/** Connecting Bluesky through the app against a real PDS on loopback (from @atproto/dev-env): lee-dental.test, with a display name and a picture. */

const bluesky = useBluesky();
let did: string;
let appPassword: string;
const HANDLE = "lee-dental.test";

beforeAll(async () => {
  // A port nothing listens on, which the app may try: "could not reach", not "refused".
  allowOutbound("http://127.0.0.1:9");
  const agent = bluesky.lee;
  did = agent.session!.did;
  appPassword = bluesky.appPassword;
  await setProfile(agent, "Lee Dental");
}, 60_000);

const app = useAppServer();

describe("connecting Bluesky", () => {
  it("given a handle and an app password on a self-hosted PDS, the account is connected with its DID", async () => {
    const { browser } = await signUp(app.server.url);
    const created = await browser.post("/api/social-accounts/bluesky", { identifier: HANDLE, appPassword, service: bluesky.network.pds.url });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({ platform: "bluesky", kind: "bluesky", status: "connected", accountId: did, username: HANDLE });
    expect(created.data.metadata.service).toBe(bluesky.network.pds.url);
    // The profile's picture is kept as the account's avatar (served by its PDS) and listed with the account.
    expect(created.data.accountName).toBe("Lee Dental");
    const [listed] = (await browser.get("/api/social-accounts")).data;
    expect(listed.avatar).toContain(`${bluesky.network.pds.url}/xrpc/com.atproto.sync.getBlob?did=`);
    const avatar = await fetch(listed.avatar);
    expect(avatar.headers.get("content-type")).toBe("image/png");
    const [stored] = await app.sql`select ciphertext from account_credentials where account_id = ${created.data.id}`;
    expect(stored.ciphertext).not.toContain(appPassword);
  });

  it("a wrong app password answers 400 with a message a person understands; an unreachable server too, and one on a private network the server may not reach", async () => {
    const { browser } = await signUp(app.server.url);
    const wrong = await browser.post("/api/social-accounts/bluesky", { identifier: HANDLE, appPassword: "aaaa-bbbb-cccc-dddd", service: bluesky.network.pds.url });
    expect(wrong.status).toBe(400);
    expect(wrong.data.detail).toBe(INVALID_LOGIN_MESSAGE);
    const unreachable = await browser.post("/api/social-accounts/bluesky", { identifier: HANDLE, appPassword, service: "http://127.0.0.1:9" });
    expect(unreachable.status).toBe(400);
    expect(unreachable.data.detail).toMatch(/127\.0\.0\.1:9/);
    const unnamed = await browser.post("/api/social-accounts/bluesky", { identifier: HANDLE, appPassword, service: "http://127.0.0.1:10" });
    expect(unnamed.status).toBe(400);
    expect(unnamed.data.detail).toBe("127.0.0.1 is on a private or reserved network, which this server does not reach. Use a public address.");
    const missing = await browser.post("/api/social-accounts/bluesky", { identifier: "", appPassword: "" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.data.errors).sort()).toEqual(["appPassword", "identifier"]);
    expect((await browser.get("/api/social-accounts")).data).toEqual([]);
  });
});
