import { AtpAgent } from "@atproto/api";
import sharp from "sharp";
// Not the package index (see platforms-bluesky.test.ts: the index also loads @atproto/ozone, which fails to import here).
import { TestNetworkNoAppView } from "../../node_modules/@atproto/dev-env/dist/network-no-appview.js";
import { afterAll, beforeAll } from "vitest";
import type { Browser } from "./browser";
import { type AppViewHandler, startAppView } from "./local-servers";
import { allowOutbound } from "./outbound";

export type { AppViewHandler, SendJson } from "./local-servers";

/**
 * Bluesky for the tests that read and write on a real PDS (from @atproto/dev-env, no AppView) and,
 * where an AppView is needed, on a local one that a test writes itself.
 */

export interface DevPds {
  readonly network: TestNetworkNoAppView;
  /** The practice: lee-dental.test, the account the app connects (with `appPassword`). */
  readonly lee: AtpAgent;
  /** Someone writing to it: jane.test. */
  readonly jane: AtpAgent;
  /** An app password of lee's, named SocialDesk. */
  readonly appPassword: string;
}

type NetworkParams = Parameters<typeof TestNetworkNoAppView.create>[0];

/** A PDS with lee-dental.test and jane.test signed in; `params` as TestNetworkNoAppView.create takes them (an AppView for the PDS, say). */
const startDevPds = async (params: NetworkParams = {}): Promise<DevPds> => {
  const network = await TestNetworkNoAppView.create(params);
  allowOutbound(network.pds.url);
  const lee = new AtpAgent({ service: network.pds.url });
  await lee.createAccount({ email: "lee@example.com", handle: "lee-dental.test", password: "main-password-123" });
  const appPassword = (await lee.com.atproto.server.createAppPassword({ name: "SocialDesk" })).data.password;
  const jane = new AtpAgent({ service: network.pds.url });
  await jane.createAccount({ email: "jane@example.com", handle: "jane.test", password: "jane-password-123" });
  return { network, lee, jane, appPassword };
};

/** Gives the agent's account a profile on its PDS: `displayName` and a small blue picture. */
export const setProfile = async (agent: AtpAgent, displayName: string) => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3366ff" } })
    .png()
    .toBuffer();
  const { data: picture } = await agent.uploadBlob(png, { encoding: "image/png" });
  await agent.com.atproto.repo.putRecord({
    repo: agent.session!.did,
    collection: "app.bsky.actor.profile",
    rkey: "self",
    record: { $type: "app.bsky.actor.profile", displayName, avatar: picture.blob },
  });
};

/** For a test file that needs an AppView only (no PDS): a local one answering with `handle`, its URL in `url` once its beforeAll ran. */
export const useAppView = (handle: AppViewHandler) => {
  const appView = { url: "" };
  let server: Awaited<ReturnType<typeof startAppView>> | undefined;
  beforeAll(async () => {
    server = await startAppView(handle);
    appView.url = server.url;
  });
  afterAll(() => server?.close());
  return appView as { readonly url: string };
};

export interface BlueskyOnLoopback extends DevPds {
  /** The local AppView's URL, when the file has one (also in BLUESKY_APPVIEW_URL during its tests). */
  readonly appViewUrl: string;
  /** Connects lee-dental.test in the app, as its owner would (with the app password); answers the app's response. */
  readonly connectLee: (browser: Browser) => ReturnType<Browser["post"]>;
}

/**
 * For a test file: before its tests, a local AppView answering with `appView` (when given; its URL
 * then in BLUESKY_APPVIEW_URL) and a dev-env PDS with lee and jane (`pds` gives the network's
 * params, knowing the AppView's URL); after them, both closed. Call it before useAppServer, so that
 * they close after the app. What it answers is filled in by its beforeAll: read it in the tests (or
 * useAppServer's env getter), not when the file loads.
 */
export const useBluesky = (options: { readonly appView?: AppViewHandler; readonly pds?: (appViewUrl: string) => NetworkParams } = {}): BlueskyOnLoopback => {
  const bluesky = {
    appViewUrl: "",
    connectLee: (browser: Browser) =>
      browser.post("/api/social-accounts/bluesky", { identifier: "lee-dental.test", appPassword: bluesky.appPassword, service: bluesky.network.pds.url }),
  } as { -readonly [K in keyof BlueskyOnLoopback]: BlueskyOnLoopback[K] };
  let appView: Awaited<ReturnType<typeof startAppView>> | undefined;
  beforeAll(async () => {
    if (options.appView) {
      appView = await startAppView(options.appView);
      bluesky.appViewUrl = appView.url;
      process.env.BLUESKY_APPVIEW_URL = appView.url;
    }
    Object.assign(bluesky, await startDevPds(options.pds?.(bluesky.appViewUrl)));
  }, 180_000);
  afterAll(async () => {
    if (appView) delete process.env.BLUESKY_APPVIEW_URL;
    await bluesky.network?.close();
    await appView?.close();
  });
  return bluesky;
};
