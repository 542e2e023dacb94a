import { describe, expect, it } from "vitest";
import { PLATFORM_IDS, PLATFORMS, platformById } from "../../domain/accounts/platforms";
import type { PlatformAdapter } from "./provider";
import { adapterOf, OAUTH_DEFINITIONS, PROVIDERS } from "./providers";

/** The registry keeps the provider contract: one provider per catalogue platform, and what an adapter declares it implements. */

const adapters = PROVIDERS.flatMap((provider) => Object.entries(provider.platforms).map(([id, adapter]) => ({ provider: provider.id, id, adapter: adapter! })));

/** Every function a capability declares: none may be missing or a placeholder value. */
const declaredFunctions = (adapter: PlatformAdapter): Array<[string, unknown]> => [
  ...(adapter.connect.kind === "oauth"
    ? [["connect.definition.fetchProfile", adapter.connect.definition.fetchProfile] as [string, unknown]]
    : adapter.connect.kind === "listing"
      ? [["connect.validate", adapter.connect.validate] as [string, unknown]]
      : adapter.connect.kind === "instance"
        ? Object.entries(adapter.connect.flow).map(([k, v]) => [`connect.flow.${k}`, v] as [string, unknown])
        : [["connect.connect", adapter.connect.connect] as [string, unknown]]),
  ...Object.entries(adapter.publish ?? {}).map(([k, v]) => [`publish.${k}`, v] as [string, unknown]),
  ...Object.entries(adapter.inbox ?? {}).map(([k, v]) => [`inbox.${k}`, v] as [string, unknown]),
  ...(adapter.engagement ? [["engagement", adapter.engagement] as [string, unknown]] : []),
  ...(adapter.audience ? [["audience", adapter.audience] as [string, unknown]] : []),
  ...Object.entries(adapter.reviews ?? {})
    .filter(([k]) => k !== "respondsAs")
    .map(([k, v]) => [`reviews.${k}`, v] as [string, unknown]),
];

describe("the provider registry", () => {
  it("given the catalogue, when each platform is looked up, then exactly one provider serves it and no provider serves anything else", () => {
    const served = adapters.map((a) => a.id).sort();
    expect(served).toEqual([...PLATFORM_IDS].sort());
    for (const id of PLATFORM_IDS) expect(adapterOf(id), id).not.toBeNull();
  });

  it("given the providers, when their ids are read, then each is named once", () => {
    const ids = PROVIDERS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(PLATFORMS.map((p) => [p.id, p] as const))("given %s, when its adapter is read, then it connects the way the catalogue says", (id, platform) => {
    const connect = adapterOf(id)!.connect;
    expect(connect.kind).toBe(platform.connection);
    if (connect.kind === "oauth") expect(connect.definition.platform).toBe(id);
  });

  it("given the OAuth definitions, when they are listed, then each OAuth platform of the catalogue has one, and only those", () => {
    expect(OAUTH_DEFINITIONS.map((d) => d.platform).sort()).toEqual(PLATFORMS.filter((p) => p.connection === "oauth").map((p) => p.id).sort());
  });

  it.each(adapters.map((a) => [a.id, a] as const))("given %s, when its declared capabilities are read, then each one is implemented", (_id, { adapter }) => {
    for (const [name, value] of declaredFunctions(adapter)) expect(typeof value, name).toBe("function");
    if (adapter.inbox) expect(adapter.inbox.poll ?? adapter.inbox.reply, "an inbox capability reads or replies").toBeDefined();
    if (adapter.inbox?.polls) expect(adapter.inbox.poll, "polls says when poll runs").toBeDefined();
  });

  it.each(PLATFORMS.map((p) => [p.id, p] as const))(
    "given %s, when the catalogue and the adapter are compared, then it publishes exactly where it accepts posts and is not a listing",
    (id, platform) => {
      expect(adapterOf(id)!.publish !== undefined).toBe(platform.posting.accepts && platform.connection !== "listing");
    },
  );

  it("given the review sites with an API, when they are read, then each is a review platform of the catalogue", () => {
    for (const { id, adapter } of adapters.filter((a) => a.adapter.reviews)) expect(platformById(id as never).supports.reviews, id).toBe(true);
  });

  it("given the platforms whose messages reach the inbox by polling or are answered from it, when the catalogue is read, then the platform brings messages there", () => {
    for (const { id, adapter } of adapters.filter((a) => a.adapter.inbox)) {
      const inbox = platformById(id as never).inbox;
      expect(inbox.dm || inbox.comments || inbox.mentions, id).toBe(true);
    }
  });
});
