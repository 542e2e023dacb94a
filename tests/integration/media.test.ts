import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Effect, Layer, ManagedRuntime } from "effect";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaProjection } from "../../domain/media";
import { Database } from "../../infra/db/Database";
import { EventStore, InlineHandlers } from "../../infra/eventstore/EventStore";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { ensureDemoMedia } from "../../infra/media/demo";
import { Media } from "../../infra/media/Media";
import { MediaStorage } from "../../infra/media/MediaStorage";
import { HTML_PAGE, makeJpeg, makePng, makeVideo, SVG_IMAGE } from "../../infra/media/fixtures";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";
import { until } from "../support/wait";
import { storedEventsLayer } from "../../infra/modules";

/**
 * The media gallery over HTTP: the real app (scripts/start.ts) on a database of its own and a
 * DATA_DIR of its own (so the stored files can be checked on disk), driven with multipart uploads
 * like a browser's.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), "socialdesk-media-"));
// Registered before the app's hooks, so it runs after the app has stopped.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const app = useAppServer({ env: { DATA_DIR: dataDir } });

type Upload = { readonly name: string; readonly bytes: Uint8Array; readonly type?: string };

/** Posts the files to the gallery in one multipart form. */
const upload = (browser: Browser, files: ReadonlyArray<Upload>, query = "") => {
  const form = new FormData();
  for (const file of files) form.append("files", new File([file.bytes as BlobPart], file.name, { type: file.type ?? "application/octet-stream" }));
  return browser.request("POST", `/api/media/upload${query}`, { body: form });
};

const workspaceOf = async (mediaId: string) =>
  (await app.sql<{ workspace_id: string }[]>`select workspace_id from media_items where id = ${mediaId}`)[0]?.workspace_id;

const filesOnDisk = (workspaceId: string, mediaId: string) => {
  const folder = path.join(dataDir, "media", workspaceId, mediaId);
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};

const incomingLeft = () => {
  const folder = path.join(dataDir, "media", ".incoming");
  return existsSync(folder) ? readdirSync(folder) : [];
};

let owner: Browser;
let stranger: Browser;
let png: Buffer;
let jpeg: Buffer;
const video = makeVideo({ durationMs: 5000, width: 640, height: 360, mediaBytes: 50_000 });

beforeAll(async () => {
  [{ browser: owner }, { browser: stranger }] = await Promise.all([signUp(app.server.url), signUp(app.server.url)]);
  png = await makePng(800, 600);
  jpeg = await makeJpeg(300, 500);
});

describe("uploading", () => {
  it("stores two images and a video in one request, with sizes, thumbnails and the duration", async () => {
    const response = await upload(owner, [
      { name: "beach.png", bytes: png, type: "image/png" },
      { name: "portrait.jpg", bytes: jpeg, type: "image/jpeg" },
      { name: "clip.mp4", bytes: video, type: "video/mp4" },
    ]);
    expect(response.status, response.text).toBe(201);
    expect(response.data.message).toBe("Media files have been uploaded to your gallery");
    const byName = Object.fromEntries(response.data.items.map((item: any) => [item.originalName, item]));
    expect(byName["beach.png"]).toMatchObject({ fileType: "image/png", kind: "image", fileSize: png.length, width: 800, height: 600, tags: [], durationSeconds: null });
    expect(byName["portrait.jpg"]).toMatchObject({ fileType: "image/jpeg", width: 300, height: 500 });
    expect(byName["clip.mp4"]).toMatchObject({ fileType: "video/mp4", kind: "video", durationSeconds: 5, width: 640, height: 360, thumbnailUrl: null });
    expect(byName["beach.png"].fileUrl).toBe(`/media/${byName["beach.png"].id}/original.png`);
    expect(byName["beach.png"].thumbnailUrl).toBe(`/media/${byName["beach.png"].id}/thumbnail.webp`);

    const workspace = await workspaceOf(byName["beach.png"].id);
    expect(filesOnDisk(workspace, byName["beach.png"].id)).toEqual(["original.png", "thumbnail.webp"]);
    expect(filesOnDisk(workspace, byName["clip.mp4"].id)).toEqual(["original.mp4"]);
    expect(incomingLeft()).toEqual([]);

    // The thumbnail is a real WebP of at most 400 px.
    const thumbnail = await owner.request("GET", byName["beach.png"].thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(thumbnail.buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 400, 300]);

    // One event per item, on its own stream, with the workspace and actor in the metadata.
    const events = await app.sql<{ stream_id: string; type: string; metadata: any }[]>`
      select stream_id, type, metadata from events where stream_id = ${`media-${byName["clip.mp4"].id}`}`;
    expect(events.map((e) => e.type)).toEqual(["MediaUploaded"]);
    expect(events[0].metadata.workspaceId).toBe(workspace);
    expect(events[0].metadata.actorId).toEqual(expect.any(String));
  });

  it("lets the content decide: a PNG named .mp4 is kept as an image, and refused where a video is required", async () => {
    const kept = await upload(owner, [{ name: "renamed.mp4", bytes: png, type: "video/mp4" }]);
    expect(kept.status, kept.text).toBe(201);
    expect(kept.data.items[0]).toMatchObject({ originalName: "renamed.mp4", fileType: "image/png", kind: "image" });
    expect(kept.data.items[0].fileUrl).toMatch(/\/original\.png$/);

    const refused = await upload(owner, [{ name: "renamed.mp4", bytes: png, type: "video/mp4" }], "?accept=videos");
    expect(refused.status).toBe(400);
    expect(refused.data.detail).toBe("renamed.mp4 is not a video. Please select video files only.");
    const imagesOnly = await upload(owner, [{ name: "clip.mp4", bytes: video }], "?accept=images");
    expect(imagesOnly.status).toBe(400);
    expect(imagesOnly.data.detail).toBe("clip.mp4 is not an image. Please select image files only.");
  });

  it("given a good file, an HTML page named .jpg and a Photoshop file in one upload, when sent, then the good one is kept and each other is named with its reason", async () => {
    const before = (await owner.request("GET", "/api/media")).data.total;
    const psd = Buffer.concat([Buffer.from("8BPS\u0000\u0001", "latin1"), Buffer.alloc(4096)]);
    const mixed = await upload(owner, [
      { name: "fine.png", bytes: png, type: "image/png" },
      { name: "photo.jpg", bytes: HTML_PAGE, type: "image/jpeg" },
      { name: "holiday.psd", bytes: psd, type: "image/vnd.adobe.photoshop" },
    ]);
    expect(mixed.status, mixed.text).toBe(201);
    expect(mixed.data.items.map((item: { originalName: string }) => item.originalName)).toEqual(["fine.png"]);
    expect(mixed.data.problems).toEqual([
      { file: "photo.jpg", message: expect.stringMatching(/^photo\.jpg is not an image or a video\./) },
      { file: "holiday.psd", message: "holiday.psd cannot be used: Photoshop files are not supported: export it as JPEG or PNG." },
    ]);
    expect(mixed.data.message).toMatch(/^1 of 3 files was uploaded\. photo\.jpg is not an image or a video\. .* holiday\.psd cannot be used: Photoshop files/);
    const after = (await owner.request("GET", "/api/media")).data;
    expect(after.total).toBe(before + 1);
    expect(after.items[0].originalName).toBe("fine.png");
    expect(filesOnDisk(await workspaceOf(after.items[0].id), after.items[0].id)).toEqual(["original.png", "thumbnail.webp"]);
    expect(incomingLeft()).toEqual([]);
  });

  it("refuses an upload whose every file is refused (an HTML page named .jpg, an SVG), naming the file, and keeps nothing of it", async () => {
    const before = (await owner.request("GET", "/api/media")).data.total;
    const html = await upload(owner, [{ name: "photo.jpg", bytes: HTML_PAGE, type: "image/jpeg" }]);
    expect(html.status).toBe(400);
    expect(html.data.code).toBe("invalid_file");
    expect(html.data.detail).toMatch(/^photo\.jpg is not an image or a video\./);
    expect(html.data.problems).toEqual([{ file: "photo.jpg", message: expect.stringMatching(/^photo\.jpg is not an image/) }]);

    const svg = await upload(owner, [{ name: "logo.svg", bytes: SVG_IMAGE, type: "image/svg+xml" }]);
    expect(svg.status).toBe(400);
    expect(svg.data.detail).toMatch(/^logo\.svg is not an image or a video\./);

    expect((await owner.request("GET", "/api/media")).data.total).toBe(before);
    expect(incomingLeft()).toEqual([]);
  });

  it("refuses a file over the plan's limit with the plan's message (413)", async () => {
    // A trial takes images up to 10 MB: a real PNG start and 11 MB of padding.
    const big = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]);
    const response = await upload(owner, [{ name: "huge.png", bytes: big, type: "image/png" }]);
    expect(response.status).toBe(413);
    expect(response.data.code).toBe("file_too_large");
    expect(response.data.detail).toBe(
      `huge.png is too large. Images can be up to 10 MB on your plan (this one is ${(big.length / 1024 / 1024).toFixed(2).replace(/\.?0+$/, "")} MB). Upgrade your plan for larger images.`,
    );
    expect(incomingLeft()).toEqual([]);
  });

  it("needs at least one file, as multipart, and at most 20 of them", async () => {
    const none = await owner.request("POST", "/api/media/upload", { body: new FormData() });
    expect(none.status).toBe(400);
    expect(none.data.detail).toBe("Choose at least one file to upload.");
    const emptyPick = new FormData();
    emptyPick.append("files", new File([], ""));
    expect((await owner.request("POST", "/api/media/upload", { body: emptyPick })).data.detail).toBe("Choose at least one file to upload.");
    const json = await owner.request("POST", "/api/media/upload", { json: { files: [] } });
    expect(json.status).toBe(400);
    const many = await upload(owner, Array.from({ length: 21 }, (_, i) => ({ name: `${i}.png`, bytes: png })));
    expect(many.status).toBe(400);
    expect(many.data.detail).toBe("You can upload up to 20 files at a time.");
    expect((await upload(owner, [{ name: "empty.png", bytes: new Uint8Array(0) }])).data.detail).toBe("empty.png is empty.");
  });

  it("is refused signed out, in demo mode and cross-site", async () => {
    expect((await upload(new Browser(app.server.url), [{ name: "a.png", bytes: png }])).status).toBe(401);
    const demo = await upload(new Browser(app.server.url), [{ name: "a.png", bytes: png }], "?demo=true");
    expect(demo.status, demo.text).toBe(403);
    expect(demo.data.code).toBe("demo_read_only");
    const form = new FormData();
    form.append("files", new File([png as BlobPart], "a.png"));
    const crossSite = await owner.request("POST", "/api/media/upload", { body: form, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
  });
});

describe("listing", () => {
  let lister: Browser;
  const names = ["alpha.png", "bravo.png", "charlie.png", "delta.png", "echo.png"];

  beforeAll(async () => {
    ({ browser: lister } = await signUp(app.server.url));
    const response = await upload(lister, names.map((name) => ({ name, bytes: png })));
    expect(response.status, response.text).toBe(201);
    expect((await upload(lister, [{ name: "movie.mov", bytes: makeVideo({ brand: "qt  " }) }])).status).toBe(201);
  });

  it("pages newest first with a cursor, and counts the whole", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await lister.request("GET", `/api/media?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.status, response.text).toBe(200);
      expect(response.data.total).toBe(6);
      seen.push(...response.data.items.map((item: any) => item.originalName));
      cursor = response.data.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    // The video came in a later request; the five images in one request in their order.
    expect(seen).toEqual(["movie.mov", ...[...names].reverse()]);
    const items = (await lister.request("GET", "/api/media?limit=200")).data.items;
    expect(Object.keys(items[0]).sort()).toEqual(
      ["durationSeconds", "fileSize", "fileType", "fileUrl", "height", "id", "kind", "originalName", "tags", "thumbnailUrl", "uploadedAt", "version", "width"].sort(),
    );
  });

  it("filters by type and searches names and tags", async () => {
    const videos = await lister.request("GET", "/api/media?type=videos");
    expect(videos.data.items.map((i: any) => i.originalName)).toEqual(["movie.mov"]);
    expect(videos.data.items[0].fileType).toBe("video/quicktime");
    expect((await lister.request("GET", "/api/media?type=images")).data.total).toBe(5);
    expect((await lister.request("GET", "/api/media?q=ALPHA")).data.items.map((i: any) => i.originalName)).toEqual(["alpha.png"]);
    expect((await lister.request("GET", "/api/media?q=%25")).data.total).toBe(0); // % is a character, not a wildcard

    const bravo = (await lister.request("GET", "/api/media?q=bravo")).data.items[0];
    const tagged = await lister.request("PUT", `/api/media/${bravo.id}`, { json: { tags: ["#Summer Sale", " launch ", "summer sale"], version: bravo.version } });
    expect(tagged.status, tagged.text).toBe(200);
    expect(tagged.data.tags).toEqual(["Summer Sale", "launch"]);
    expect(tagged.data.version).toBe(2);
    expect((await lister.request("GET", "/api/media?q=summer")).data.items.map((i: any) => i.originalName)).toEqual(["bravo.png"]);
    expect((await lister.request("GET", `/api/media/${bravo.id}`)).data.tags).toEqual(["Summer Sale", "launch"]);

    // A change from an older version is a conflict, not a lost update.
    const stale = await lister.request("PUT", `/api/media/${bravo.id}`, { json: { tags: [], version: 1 } });
    expect(stale.status).toBe(409);
    const tooMany = await lister.request("PUT", `/api/media/${bravo.id}`, { json: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.detail).toBe("A file can have up to 20 tags.");
  });

  it("refuses bad queries with a 400", async () => {
    for (const query of ["limit=0", "limit=201", "limit=abc", "type=gifs", "cursor=nonsense"]) {
      const response = await lister.request("GET", `/api/media?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.data.detail.length).toBeGreaterThan(5);
    }
    expect((await new Browser(app.server.url).request("GET", "/api/media")).status).toBe(401);
  });

  it("keeps a read model that a replay rebuilds the same", async () => {
    const { differences } = await Effect.runPromise(
      verifyProjections([mediaProjection]).pipe(
        Effect.provide(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer())),
      ),
    );
    expect(differences).toEqual([]);
  });
});

describe("serving and deleting", () => {
  let image: any;
  let clip: any;

  beforeAll(async () => {
    const response = await upload(owner, [
      { name: "served.png", bytes: png },
      { name: "served.mp4", bytes: video },
    ]);
    expect(response.status, response.text).toBe(201);
    image = response.data.items.find((i: any) => i.kind === "image");
    clip = response.data.items.find((i: any) => i.kind === "video");
  });

  it("serves the file with its stored type, never sniffed nor run, privately cached", async () => {
    const response = await owner.request("GET", image.fileUrl);
    expect(response.status).toBe(200);
    expect(response.buffer.equals(png)).toBe(true);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(response.headers.get("content-length")).toBe(String(png.length));
    const again = await owner.request("GET", image.fileUrl, { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("answers byte ranges of a video", async () => {
    const part = await owner.request("GET", clip.fileUrl, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${video.length}`);
    expect(part.buffer.equals(video.subarray(0, 100))).toBe(true);
    const tail = await owner.request("GET", clip.fileUrl, { headers: { range: "bytes=-10" } });
    expect(tail.buffer.equals(video.subarray(video.length - 10))).toBe(true);
    const beyond = await owner.request("GET", clip.fileUrl, { headers: { range: `bytes=${video.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${video.length}`);
  });

  it("answers 404 to another workspace on every route, and to nobody signed in for the files", async () => {
    expect((await stranger.request("GET", `/api/media/${image.id}`)).status).toBe(404);
    expect((await stranger.request("PUT", `/api/media/${image.id}`, { json: { tags: ["mine"] } })).status).toBe(404);
    expect((await stranger.request("DELETE", `/api/media/${image.id}`)).status).toBe(404);
    expect((await stranger.request("GET", image.fileUrl)).status).toBe(404);
    expect((await stranger.request("GET", image.thumbnailUrl)).status).toBe(404);
    expect((await new Browser(app.server.url).request("GET", image.fileUrl)).status).toBe(404);
    expect((await stranger.request("GET", "/api/media")).data.items.map((i: any) => i.id)).not.toContain(image.id);
    // Nothing changed for the owner.
    expect((await owner.request("GET", `/api/media/${image.id}`)).data.tags).toEqual([]);
    // Paths that name no item, or another file of it, are 404s too.
    for (const bad of [`/media/${image.id}/other.png`, `/media/${image.id}`, "/media/not-a-uuid/original.png", `/media/${randomUUID()}/original.png`]) {
      expect((await owner.request("GET", bad)).status, bad).toBe(404);
    }
    expect((await owner.request("GET", "/api/media/not-a-uuid")).status).toBe(404);
  });

  it("deletes the item and its files", async () => {
    const workspace = await workspaceOf(image.id);
    expect(filesOnDisk(workspace, image.id)).toEqual(["original.png", "thumbnail.webp"]);
    const response = await owner.request("DELETE", `/api/media/${image.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.data.message).toBe("Media deleted");
    expect(filesOnDisk(workspace, image.id)).toEqual([]);
    expect((await owner.request("GET", `/api/media/${image.id}`)).status).toBe(404);
    expect((await owner.request("GET", image.fileUrl)).status).toBe(404);
    expect((await owner.request("DELETE", `/api/media/${image.id}`)).status).toBe(404);
    const [deleted] = await app.sql<{ data: any }[]>`select data from events where stream_id = ${`media-${image.id}`} and type = 'MediaDeleted'`;
    expect(deleted.data.storageKeys).toEqual([`${workspace}/${image.id}/original.png`, `${workspace}/${image.id}/thumbnail.webp`]);
  });
});

describe("Create with Canva's sample designs", () => {
  it("given an Instagram sandbox account, when a template's design is made and posted, then it is an image of the template's size in the library and the post is published with it", async () => {
    const story = await owner.post("/api/media/designs", { template: "instagram-story" });
    expect(story.status, story.text).toBe(201);
    expect(story.data.item).toMatchObject({ kind: "image", fileType: "image/jpeg", width: 1080, height: 1920 });
    expect(story.data.url).toBe(story.data.item.fileUrl);
    const file = await owner.request("GET", story.data.url);
    expect([file.status, file.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect((await owner.request("GET", "/api/media?q=canva-instagram-story")).data.items.map((i: { id: string }) => i.id)).toContain(story.data.item.id);
    // Try Demo Design: the first template.
    expect((await owner.post("/api/media/designs", {})).data.item).toMatchObject({ width: 1080, height: 1080 });

    const account = await owner.post("/api/social-accounts/sandbox", { platform: "instagram", accountName: "Lee Dental IG" });
    expect(account.status, account.text).toBe(201);
    const post = await owner.post("/api/posts", { content: "Our new story", platforms: ["instagram"], accountIds: [account.data.id], media: [story.data.url], status: "published" });
    expect(post.status, post.text).toBe(201);
    const [published] = await until(
      () => app.sql<{ media: string[] }[]>`select media from sandbox_posts where post_id = ${post.data.id}`,
      (rows) => rows.length > 0,
    );
    expect(published!.media).toEqual([story.data.url]);
  });

  it("refuses a template it does not have, naming the ones it has", async () => {
    const answer = await owner.post("/api/media/designs", { template: "poster" });
    expect(answer.status).toBe(400);
    expect(answer.data.detail).toBe("Choose a template: social-post, instagram-story, facebook-cover.");
  });
});

describe("sample media of the demo workspace", () => {
  it("is stored like uploads, tagged, and only once", async () => {
    const root = path.join(dataDir, "demo-media");
    const layer = Media.layerWith({ tempDir: path.join(root, ".incoming") }).pipe(
      Layer.provideMerge(MediaStorage.localDisk(root)),
      Layer.provideMerge(
        EventStore.layer.pipe(
          Layer.provide(
            Layer.succeed(InlineHandlers, {
              projections: [mediaProjection],
              reactions: [],
            }),
          ),
        ),
      ),
      Layer.provideMerge(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer())),
    );
    const runtime = ManagedRuntime.make(layer);
    try {
      const demo = { userId: randomUUID(), workspaceId: randomUUID(), tier: "professional" as const };
      await runtime.runPromise(ensureDemoMedia(demo, new Date()));
      await runtime.runPromise(ensureDemoMedia(demo, new Date()));
      const page = await runtime.runPromise(Media.use((media) => media.list(demo.workspaceId, { limit: 50 })));
      expect(page.total).toBe(6);
      expect(page.items.every((item) => item.kind === "image" && item.fileType === "image/jpeg" && item.thumbnailUrl)).toBe(true);
      expect(page.items.find((item) => item.originalName === "brushing-tips.jpg")?.tags).toEqual(["tips", "education"]);
      const first = page.items[0];
      expect(readdirSync(path.join(root, demo.workspaceId, first.id)).sort()).toEqual(["original.jpg", "thumbnail.webp"]);
    } finally {
      await runtime.dispose();
    }
  });
});
