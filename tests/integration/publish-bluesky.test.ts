import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { blueskyRkey, type BlueskyCredentials, connectBluesky, findPublished, type PublishRequest, publisherFor } from "../../infra/platforms";
import { useBluesky } from "../support/bluesky";
import { allowOutbound } from "../support/outbound";
import { platformRejection } from "../support/platforms";

/**
 * Publishing to Bluesky against a real PDS (and PLC directory) from @atproto/dev-env: the stored
 * record is read back from the repository to check text, facets, language, images and alt texts,
 * and the record key derived from the idempotency key.
 */

/** lee-dental.test posts; jane.test is mentioned. */
const bluesky = useBluesky();
let service: string;
let did: string;
let janeDid: string;
let appPassword: string;
let credentials: BlueskyCredentials;
const HANDLE = "lee-dental.test";

const publish = publisherFor("bluesky")!;

const request = (overrides: Partial<PublishRequest>): PublishRequest => ({
  text: "",
  media: [],
  options: {},
  idempotencyKey: `key-${Math.random()}`,
  ...overrides,
});

const png = (color: string, width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

const readPost = async (uri: string) => {
  const [, , repo, collection, rkey] = uri.split("/");
  const { data } = await bluesky.lee.com.atproto.repo.getRecord({ repo: repo!, collection: collection!, rkey: rkey! });
  return { rkey: rkey!, value: data.value as Record<string, any> };
};

beforeAll(async () => {
  service = bluesky.network.pds.url;
  did = bluesky.lee.session!.did;
  janeDid = bluesky.jane.session!.did;
  appPassword = bluesky.appPassword;
  const connected = await connectBluesky({ identifier: HANDLE, appPassword, service });
  credentials = { ...connected.session, identifier: HANDLE, appPassword };
}, 60_000);

describe("publishing to Bluesky", () => {
  it("posts text with a link facet, a mention facet and the language", async () => {
    const text = "Our spring menu is out: https://example.com/menu?x=1 thanks @jane.test!";
    const key = "post-1/account-1/0";
    const published = await publish(credentials, request({ text, options: { language: "de" }, idempotencyKey: key }));
    const rkey = blueskyRkey(key);
    expect(published.platformPostId).toBe(`at://${did}/app.bsky.feed.post/${rkey}`);
    expect(published.url).toBe(`https://bsky.app/profile/${HANDLE}/post/${rkey}`);

    const { value } = await readPost(published.platformPostId);
    expect(value.text).toBe(text);
    expect(value.langs).toEqual(["de"]);
    const features = value.facets.flatMap((f: any) => f.features);
    expect(features).toContainEqual({ $type: "app.bsky.richtext.facet#link", uri: "https://example.com/menu?x=1" });
    expect(features).toContainEqual({ $type: "app.bsky.richtext.facet#mention", did: janeDid });
    const link = value.facets.find((f: any) => f.features[0].$type === "app.bsky.richtext.facet#link");
    // Byte offsets of the link in the UTF-8 text.
    expect(Buffer.from(text).subarray(link.index.byteStart, link.index.byteEnd).toString()).toBe("https://example.com/menu?x=1");
  });

  it("appends the post's link to the text and makes it a facet", async () => {
    const published = await publish(credentials, request({ text: "New blog post", link: "https://example.com/blog/1" }));
    const { value } = await readPost(published.platformPostId);
    expect(value.text).toBe("New blog post\nhttps://example.com/blog/1");
    expect(value.facets[0].features[0]).toEqual({ $type: "app.bsky.richtext.facet#link", uri: "https://example.com/blog/1" });
  });

  it("posts two images with their alt texts as blobs of the repository", async () => {
    const media = [
      { bytes: await png("#ff0000", 40, 20), mimeType: "image/png", fileName: "red.png", alt: "A red rectangle" },
      { bytes: await png("#00ff00", 10, 10), mimeType: "image/png", fileName: "green.png", alt: "A green square" },
    ];
    const published = await publish(credentials, request({ text: "Two pictures", media }));
    const { value } = await readPost(published.platformPostId);
    expect(value.embed.$type).toBe("app.bsky.embed.images");
    expect(value.embed.images.map((i: any) => i.alt)).toEqual(["A red rectangle", "A green square"]);
    expect(value.embed.images[0].aspectRatio).toEqual({ width: 40, height: 20 });
    for (const image of value.embed.images) {
      expect(image.image.mimeType).toBe("image/png");
      const cid = image.image.ref.toString();
      const blob = await bluesky.lee.com.atproto.sync.getBlob({ did, cid });
      expect(blob.data.byteLength).toBeGreaterThan(0);
    }
  });

  it("publishes once per idempotency key: a retry (or a concurrent attempt) answers the first record", async () => {
    const key = "post-2/account-1/2025-01-01";
    const first = await publish(credentials, request({ text: "Only once", idempotencyKey: key }));
    const again = await publish(credentials, request({ text: "Only once", idempotencyKey: key }));
    expect(again.platformPostId).toBe(first.platformPostId);
    const concurrent = await Promise.all([1, 2, 3].map(() => publish(credentials, request({ text: "Race", idempotencyKey: "race-key" }))));
    expect(new Set(concurrent.map((p) => p.platformPostId)).size).toBe(1);

    const { data } = await bluesky.lee.com.atproto.repo.listRecords({ repo: did, collection: "app.bsky.feed.post", limit: 100 });
    expect(data.records.filter((r) => (r.value as any).text === "Only once")).toHaveLength(1);
    expect(data.records.filter((r) => (r.value as any).text === "Race")).toHaveLength(1);

    expect(await findPublished("bluesky", credentials, key)).toMatchObject({ platformPostId: first.platformPostId, url: first.url });
    expect(await findPublished("bluesky", credentials, "never-published")).toBeNull();
  });

  it("refuses a post over 300 characters before calling Bluesky", async () => {
    const error = await platformRejection(publish(credentials, request({ text: "a".repeat(301) })));
    expect(error.kind).toBe("rejected");
    expect(error.message).toBe("The post is 301 characters long; Bluesky allows at most 300. Shorten it.");
    // 300 graphemes of emoji (more than 300 bytes and UTF-16 units) are fine.
    const ok = await publish(credentials, request({ text: "👍🏽".repeat(300) }));
    expect(ok.platformPostId).toContain("app.bsky.feed.post");
  });

  it("refuses more than 4 images and non-image media", async () => {
    const image = { bytes: await png("#0000ff"), mimeType: "image/png", fileName: "b.png" };
    expect((await platformRejection(publish(credentials, request({ text: "x", media: [image, image, image, image, image] })))).kind).toBe("rejected");
    const video = { bytes: new Uint8Array([0, 0, 0]), mimeType: "video/mp4", fileName: "v.mp4" };
    expect((await platformRejection(publish(credentials, request({ text: "x", media: [video] })))).kind).toBe("rejected");
  });

  it("signs in again with the app password when the stored session is refused, and hands back the new session", async () => {
    const stale: BlueskyCredentials = { ...credentials, accessJwt: "a.b.c", refreshJwt: "d.e.f" };
    const published = await publish(stale, request({ text: "After a lapsed session" }));
    const renewed = published.credentials as BlueskyCredentials;
    expect(renewed).toMatchObject({ did, handle: HANDLE, identifier: HANDLE, appPassword, service });
    expect(renewed.refreshJwt).not.toBe("d.e.f");
    // The renewed session works without a sign-in.
    const next = await publish({ ...renewed, appPassword: undefined }, request({ text: "With the renewed session" }));
    expect(next.platformPostId).toContain(did);
  });

  it("needs reconnecting when the session is refused and no app password is kept, or the app password is revoked", async () => {
    const stale = { ...credentials, accessJwt: "a.b.c", refreshJwt: "d.e.f", appPassword: undefined };
    expect((await platformRejection(publish(stale, request({ text: "x" })))).kind).toBe("refresh_failed");
    const wrong = { ...credentials, accessJwt: "a.b.c", refreshJwt: "d.e.f", appPassword: "aaaa-bbbb-cccc-dddd" };
    expect((await platformRejection(publish(wrong, request({ text: "x" })))).kind).toBe("invalid_credentials");
  });

  it("is unavailable when the PDS cannot be reached", async () => {
    const away = { ...credentials, service: "http://127.0.0.1:9", pdsUrl: "http://127.0.0.1:9" };
    allowOutbound(away.service);
    expect((await platformRejection(publish(away, request({ text: "x" })))).kind).toBe("unavailable");
  });

  it("refuses a PDS on a private network that OUTBOUND_ALLOW_HOSTS does not name, for good", async () => {
    const unnamed = { ...credentials, service: "https://10.0.0.7", pdsUrl: "https://10.0.0.7" };
    expect(await platformRejection(publish(unnamed, request({ text: "x" })))).toMatchObject({
      kind: "not_eligible",
      message: "10.0.0.7 is on a private or reserved network, which this server does not reach. Use a public address.",
    });
  });
});
