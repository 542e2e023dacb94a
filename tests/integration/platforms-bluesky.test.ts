import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type BlueskySession,
  connectBluesky,
  INVALID_LOGIN_MESSAGE,
  MAIN_PASSWORD_MESSAGE,
  parseBlueskyService,
  
  refreshBlueskyProfile,
  resumeBluesky,
} from "../../infra/platforms";
import { setProfile, useBluesky } from "../support/bluesky";
import { freePort } from "../support/ports";
import { allowOutbound } from "../support/outbound";
import { platformRejection } from "../support/platforms";

/**
 * Bluesky against a real PDS (and PLC directory) from @atproto/dev-env on loopback: an account with
 * a profile record and an avatar, an app password, and the adapter signing in with it. The PDS
 * proxies profile reads to an AppView; a small local one answers them while `appViewUp`, and
 * otherwise fails like an unreachable AppView (as on many self-hosted PDSes), when the profile
 * comes from the repository.
 */

let appViewUp = false;
const appViewCalls: string[] = [];
let service: string;
let did: string;
let appPassword: string;
const HANDLE = "lee-dental.test";
const EMAIL = "lee@example.com";
const MAIN_PASSWORD = "main-password-123";

const bluesky = useBluesky({
  appView: (url, send) => {
    appViewCalls.push(url.pathname);
    if (!appViewUp || url.pathname !== "/xrpc/app.bsky.actor.getProfile") return send(502, { error: "UpstreamFailure", message: "AppView down" });
    send(200, {
      did: url.searchParams.get("actor"),
      handle: HANDLE,
      displayName: "Alice (AppView)",
      avatar: "https://cdn.bsky.app/img/avatar/plain/did:plc:x/bafkrei@jpeg",
      followersCount: 42,
      followsCount: 7,
      postsCount: 3,
    });
  },
  pds: (appViewUrl) => ({ pds: { bskyAppViewUrl: appViewUrl, bskyAppViewDid: "did:example:appview" } }),
});

beforeAll(async () => {
  service = bluesky.network.pds.url;
  const agent = bluesky.lee;
  did = agent.session!.did;
  appPassword = bluesky.appPassword;
  await setProfile(agent, "Alice Tester");
}, 60_000);

describe("connectBluesky", () => {
  let session: BlueskySession;

  it("signs in with a handle and an app password and reads the profile", async () => {
    const connection = await connectBluesky({ identifier: HANDLE, appPassword, service });
    expect(connection.profile).toMatchObject({
      externalId: did,
      accountName: "Alice Tester",
      username: HANDLE,
      followers: 0,
      profileUrl: `https://bsky.app/profile/${HANDLE}`,
      metadata: { did, service, source: "repository" },
    });
    // The avatar is served by the PDS itself.
    const avatar = await fetch(connection.profile.avatarUrl!);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-type")).toBe("image/png");

    session = connection.session;
    expect(session).toMatchObject({ did, handle: HANDLE, service });
    expect(session.accessJwt.split(".")).toHaveLength(3);
    expect(session.refreshJwt.split(".")).toHaveLength(3);
  });

  it("reads name, avatar and followers from the AppView when the PDS has one", async () => {
    appViewUp = true;
    try {
      const connection = await connectBluesky({ identifier: HANDLE, appPassword, service });
      expect(connection.profile).toMatchObject({
        externalId: did,
        accountName: "Alice (AppView)",
        username: HANDLE,
        avatarUrl: "https://cdn.bsky.app/img/avatar/plain/did:plc:x/bafkrei@jpeg",
        followers: 42,
        metadata: { source: "appview" },
      });
      expect(appViewCalls).toContain("/xrpc/app.bsky.actor.getProfile");
    } finally {
      appViewUp = false;
    }
  });

  it("accepts the email or an @handle as identifier", async () => {
    expect((await connectBluesky({ identifier: EMAIL, appPassword, service })).profile.externalId).toBe(did);
    expect((await connectBluesky({ identifier: ` @${HANDLE} `, appPassword, service })).profile.externalId).toBe(did);
  });

  it("refuses a wrong password or an unknown handle with one message", async () => {
    for (const input of [
      { identifier: HANDLE, appPassword: "wrong-wrong-wrong-wrong" },
      { identifier: "nobody.test", appPassword },
    ]) {
      const error = await platformRejection(connectBluesky({ ...input, service }));
      expect(error).toMatchObject({ kind: "invalid_credentials", message: INVALID_LOGIN_MESSAGE, platform: "bluesky" });
      expect(error.message).not.toContain(input.appPassword);
    }
  });

  it("refuses the account's main password: an app password is asked for", async () => {
    const error = await platformRejection(connectBluesky({ identifier: HANDLE, appPassword: MAIN_PASSWORD, service }));
    expect(error).toMatchObject({ kind: "invalid_credentials", message: MAIN_PASSWORD_MESSAGE });
  });

  it("reports a server that cannot be reached as unavailable, naming its address", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    allowOutbound(closed);
    const error = await platformRejection(connectBluesky({ identifier: HANDLE, appPassword, service: closed }));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toBe(`Could not reach the Bluesky server at ${closed}. Check the address or try again later.`);
  });

  it("refuses a server on this machine or a private network that OUTBOUND_ALLOW_HOSTS does not name", async () => {
    const unnamed = service.replace("localhost", "127.0.0.1");
    const error = await platformRejection(connectBluesky({ identifier: HANDLE, appPassword, service: unnamed }));
    expect(error).toMatchObject({
      kind: "invalid_credentials",
      message: "127.0.0.1 is on a private or reserved network, which this server does not reach. Use a public address.",
    });
  });

  it("checks the service address before calling it", async () => {
    expect(parseBlueskyService(undefined)).toEqual({ ok: true, url: "https://bsky.social" });
    expect(parseBlueskyService("  ")).toEqual({ ok: true, url: "https://bsky.social" });
    expect(parseBlueskyService("pds.example.com/")).toEqual({ ok: true, url: "https://pds.example.com" });
    expect(parseBlueskyService("http://localhost:2583")).toEqual({ ok: true, url: "http://localhost:2583" });
    expect(parseBlueskyService("http://127.0.0.1:2583/")).toEqual({ ok: true, url: "http://127.0.0.1:2583" });
    expect(parseBlueskyService("http://[::1]:2583")).toEqual({ ok: true, url: "http://[::1]:2583" });
    for (const bad of [
      "http://pds.example.com",
      "ftp://pds.example.com",
      "https://user:pw@pds.example.com",
      "https://pds.example.com/?x=1",
      "javascript:alert(1)",
      "https://",
    ]) {
      expect(parseBlueskyService(bad).ok, bad).toBe(false);
    }
    const error = await platformRejection(connectBluesky({ identifier: HANDLE, appPassword, service: "http://pds.example.com" }));
    expect(error.kind).toBe("invalid_credentials");
    expect(error.message).toMatch(/https:\/\/your-server\.example/);
  });

  it("renews the session with its refresh JWT, and reads the profile again with it", async () => {
    const renewed = await resumeBluesky(session);
    expect(renewed).toMatchObject({ did, handle: HANDLE, service });
    expect(renewed.refreshJwt).not.toBe(session.refreshJwt);
    expect(renewed.accessJwt).not.toBe(session.accessJwt);

    const again = await refreshBlueskyProfile(renewed);
    expect(again.profile).toMatchObject({ externalId: did, accountName: "Alice Tester", username: HANDLE });
    expect(again.session.did).toBe(did);
    session = again.session;
  });

  /** The same access JWT, expired: re-signed with the test PDS's JWT secret. */
  const expired = (jwt: string) => {
    const [header, payload] = jwt.split(".");
    const claims = { ...JSON.parse(Buffer.from(payload, "base64url").toString("utf8")), exp: Math.floor(Date.now() / 1000) - 60 };
    const unsigned = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
    return `${unsigned}.${createHmac("sha256", bluesky.network.pds.jwtSecretKey()).update(unsigned).digest("base64url")}`;
  };

  it("renews an expired or refused access JWT while reading the profile", async () => {
    for (const broken of [expired, () => "not.a.jwt"]) {
      const { session: fresh } = await connectBluesky({ identifier: HANDLE, appPassword, service });
      const stale = broken(fresh.accessJwt);
      const result = await refreshBlueskyProfile({ ...fresh, accessJwt: stale });
      expect(result.profile).toMatchObject({ externalId: did, username: HANDLE, accountName: "Alice Tester" });
      expect(result.session.accessJwt).not.toBe(stale);
      expect(result.session.refreshJwt).not.toBe(fresh.refreshJwt);
      // The renewed session works.
      expect((await refreshBlueskyProfile(result.session)).session.accessJwt).toBe(result.session.accessJwt);
    }
  });

  it("a refresh JWT the PDS refuses means reconnecting", async () => {
    const error = await platformRejection(resumeBluesky({ ...session, refreshJwt: "not.a.jwt" }));
    expect(error.kind).toBe("refresh_failed");
    expect(error.message).toBe("Bluesky ended this session. Reconnect the account with an app password.");
    const profileError = await platformRejection(refreshBlueskyProfile({ ...session, accessJwt: "not.a.jwt", refreshJwt: "not.a.jwt" }));
    expect(profileError.kind).toBe("refresh_failed");

    const closed = `http://127.0.0.1:${await freePort()}`;
    allowOutbound(closed);
    expect((await platformRejection(resumeBluesky({ ...session, service: closed, pdsUrl: null }))).kind).toBe("unavailable");
  });
});
