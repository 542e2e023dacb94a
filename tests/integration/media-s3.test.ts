import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { Effect, Exit } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../infra/config";
import { makePng } from "../../infra/media/fixtures";
import { Media } from "../../infra/media/Media";
import { makeLocalDiskStorage, makeS3Storage, type MediaStorage } from "../../infra/media/MediaStorage";
import { mediaMigrate } from "../../scripts/lib/media-migrate";
import { Browser, signUp } from "../support/browser";
import { type RunningS3, startS3Server } from "../support/s3";
import { useAppServer } from "../support/server";

/**
 * Media in an S3-compatible bucket (MEDIA_STORE=s3) against a real S3 server (s3rver) in this
 * process: the two stores through the same contract, the app uploading and serving from the bucket,
 * and `npm run media:migrate`. The app is the shared in-process one (useAppServer) with the S3
 * settings in its environment: its web runtime and its worker both build MediaStorage from
 * MEDIA_STORE, as every process of a deployment does, so nothing of the app is replaced for the test.
 */

const scratch = mkdtempSync(path.join(tmpdir(), "socialdesk-media-s3-"));
let s3: RunningS3;
// Registered before the app's hooks, so they run after the app has stopped.
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});
const dataDir = path.join(scratch, "data");
const app = useAppServer({ env: () => ({ DATA_DIR: dataDir, ...s3.env }) });

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect);
const failure = async <A, E>(effect: Effect.Effect<A, E>) => {
  const exit = await Effect.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) throw new Error("expected a failure");
  return exit;
};
const text = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer()).toString("latin1");

/** The keys of each DeleteObjects call the S3 store made: real S3 refuses more than 1,000 in one (s3rver does not). */
const deleteBatches: number[] = [];

const stores: ReadonlyArray<[string, () => MediaStorage["Service"]]> = [
  ["the local disk", () => makeLocalDiskStorage(path.join(scratch, "disk-store"))],
  [
    "an S3 bucket",
    () => {
      s3.client.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === "DeleteObjectsCommand") deleteBatches.push((args.input as { Delete: { Objects: unknown[] } }).Delete.Objects.length);
          return next(args);
        },
        { step: "initialize", name: "countDeleteBatches" },
      );
      return makeS3Storage({ bucket: s3.bucket, client: s3.client });
    },
  ],
];

describe("the storage contract", () => {
  it.each(stores)("given %s, when files are put, read, ranged, deleted and unsafe keys used, then it answers as the contract says", async (name, make) => {
    const storage = make();
    const prefix = name === "the local disk" ? "ws-disk" : "ws-s3";
    const spool = path.join(scratch, `spool-${prefix}`);
    mkdirSync(spool, { recursive: true });

    // Bytes, and a spooled file (removed once stored).
    await run(storage.put(`${prefix}/item-1/original.txt`, { bytes: Buffer.from("0123456789") }, "text/plain"));
    const spooled = path.join(spool, "upload.part");
    writeFileSync(spooled, "abcdefghij");
    await run(storage.put(`${prefix}/item-1/thumbnail.webp`, { file: spooled }, "image/webp"));
    expect(existsSync(spooled)).toBe(false);
    // A file larger than one part (5 MB) goes up in parts; kept where it was when asked.
    const large = path.join(spool, "large.part");
    const largeBytes = Buffer.alloc(6 * 1024 * 1024 + 17, 7);
    largeBytes.write("start", 0);
    largeBytes.write("end", largeBytes.length - 3);
    writeFileSync(large, largeBytes);
    await run(storage.put(`${prefix}/item-2/original.mp4`, { file: large, keepSource: true }, "video/mp4"));
    expect(existsSync(large)).toBe(true);

    expect(Buffer.from(await run(storage.get(`${prefix}/item-1/original.txt`))).toString()).toBe("0123456789");
    expect(Buffer.from(await run(storage.get(`${prefix}/item-1/thumbnail.webp`))).toString()).toBe("abcdefghij");
    expect(Buffer.from(await run(storage.get(`${prefix}/item-2/original.mp4`))).equals(largeBytes)).toBe(true);

    const stat = await run(storage.stat(`${prefix}/item-2/original.mp4`));
    expect(stat?.size).toBe(largeBytes.length);
    expect(stat?.modifiedAt).toBeInstanceOf(Date);
    expect(await run(storage.stat(`${prefix}/item-9/original.png`))).toBeNull();

    expect(await text(await run(storage.stream(`${prefix}/item-1/original.txt`)))).toBe("0123456789");
    expect(await text(await run(storage.stream(`${prefix}/item-1/original.txt`, { start: 2, end: 5 })))).toBe("2345");
    expect(await text(await run(storage.stream(`${prefix}/item-2/original.mp4`, { start: largeBytes.length - 3, end: largeBytes.length - 1 })))).toBe("end");
    // A missing file fails before a byte of the answer is sent.
    const missing = await failure(storage.stream(`${prefix}/item-9/original.png`));
    expect(JSON.stringify(missing.cause)).toContain("StorageError");

    await run(storage.delete([`${prefix}/item-1/original.txt`, `${prefix}/item-1/thumbnail.webp`, `${prefix}/item-8/original.png`]));
    expect(await run(storage.stat(`${prefix}/item-1/original.txt`))).toBeNull();
    expect(await run(storage.stat(`${prefix}/item-1/thumbnail.webp`))).toBeNull();
    expect(await run(storage.stat(`${prefix}/item-2/original.mp4`))).not.toBeNull();
    await run(storage.delete([]));
    // More keys than one DeleteObjects call takes (1,000): the ones past the first batch go too.
    await run(storage.put(`${prefix}/item-3/original.png`, { bytes: Buffer.from("a") }, "image/png"));
    await run(storage.put(`${prefix}/item-4/original.png`, { bytes: Buffer.from("b") }, "image/png"));
    const many = Array.from({ length: 1000 }, (_, i) => `${prefix}/gone-${i}/original.png`);
    await run(storage.delete([`${prefix}/item-3/original.png`, ...many, `${prefix}/item-4/original.png`]));
    expect([await run(storage.stat(`${prefix}/item-3/original.png`)), await run(storage.stat(`${prefix}/item-4/original.png`))]).toEqual([null, null]);
    if (name === "an S3 bucket") expect(deleteBatches.slice(-2)).toEqual([1000, 2]);

    for (const key of ["../outside/x.png", `${prefix}/../x.png`, `${prefix}/item 1/x.png`, `/${prefix}/x.png`, `${prefix}`, `${prefix}/./x.png`]) {
      for (const attempt of [
        storage.put(key, { bytes: Buffer.from("x") }, "text/plain"),
        storage.get(key),
        storage.stat(key),
        storage.stream(key),
        storage.delete([`${prefix}/item-2/original.mp4`, key]),
      ]) {
        const refused = await failure(attempt as Effect.Effect<unknown, unknown>);
        expect(JSON.stringify(refused.cause)).toContain("unsafe storage key");
      }
    }
    // A delete with one unsafe key deletes nothing.
    expect(await run(storage.stat(`${prefix}/item-2/original.mp4`))).not.toBeNull();
  });
});

describe("the app with MEDIA_STORE=s3", () => {
  let owner: Browser;
  let stranger: Browser;
  let png: Buffer;
  beforeAll(async () => {
    [{ browser: owner }, { browser: stranger }] = await Promise.all([signUp(app.server.url), signUp(app.server.url)]);
    png = await makePng(800, 600);
  });

  it("given an upload and a design through the API, when the files are asked for, then they are served from the bucket (full, a range, revalidated) and nothing stays on the disk", async () => {
    const form = new FormData();
    form.append("files", new File([png as BlobPart], "beach.png", { type: "image/png" }));
    const uploaded = await owner.request("POST", "/api/media/upload", { body: form });
    expect(uploaded.status, uploaded.text).toBe(201);
    const item = uploaded.data.items[0];
    const [{ workspace_id: workspaceId }] = await app.sql<{ workspace_id: string }[]>`select workspace_id from media_items where id = ${item.id}`;

    // A sample design (made on the server, as AI images are) goes the same way.
    const design = await owner.post("/api/media/designs", { template: "social-post" });
    expect(design.status, design.text).toBe(201);

    // In the bucket only: the disk's media folder holds the (empty) upload spool and nothing else.
    expect(await s3.keys()).toEqual(
      expect.arrayContaining([
        `${workspaceId}/${item.id}/original.png`,
        `${workspaceId}/${item.id}/thumbnail.webp`,
        `${workspaceId}/${design.data.item.id}/original.jpg`,
        `${workspaceId}/${design.data.item.id}/thumbnail.webp`,
      ]),
    );
    expect(Buffer.from((await s3.bytesOf(`${workspaceId}/${item.id}/original.png`))!).equals(png)).toBe(true);
    expect(readdirSync(path.join(dataDir, "media"))).toEqual([".incoming"]);
    expect(readdirSync(path.join(dataDir, "media", ".incoming"))).toEqual([]);

    const full = await owner.get(item.fileUrl);
    expect(full.status).toBe(200);
    expect(full.buffer.equals(png)).toBe(true);
    expect(full.headers.get("content-type")).toBe("image/png");
    expect(full.headers.get("content-length")).toBe(String(png.length));
    expect(full.headers.get("x-content-type-options")).toBe("nosniff");
    expect(full.headers.get("cache-control")).toBe("private, max-age=86400");
    const etag = full.headers.get("etag")!;
    const lastModified = full.headers.get("last-modified")!;
    expect(etag).toBe(`"${item.id}-o-${png.length}"`);

    const range = await owner.get(item.fileUrl, { headers: { range: "bytes=100-199" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 100-199/${png.length}`);
    expect(range.buffer.equals(png.subarray(100, 200))).toBe(true);

    const revalidated = await owner.get(item.fileUrl, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);

    const thumbnail = await owner.get(item.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");

    // Another process (the worker's services here) answers the same ETag and Last-Modified: both come from the bucket and the database.
    const described = await app.run(Media.use((media) => media.file(workspaceId, item.id, "original.png")));
    expect([described.etag, described.modifiedAt.toUTCString()]).toEqual([etag, lastModified]);

    // Private: another workspace gets 404, as on the disk.
    expect((await stranger.get(item.fileUrl)).status).toBe(404);

    // Deleting the item removes its objects from the bucket.
    expect((await owner.delete(`/api/media/${item.id}`)).status).toBe(200);
    const left = await s3.keys();
    expect(left.filter((key) => key.startsWith(`${workspaceId}/${item.id}/`))).toEqual([]);
    expect((await owner.get(item.fileUrl)).status).toBe(404);
  });
});

describe("npm run media:migrate", () => {
  it("given a DATA_DIR/media, when it runs twice, then the bucket holds every file once, the second run copies nothing, and the local files stay", async () => {
    const bucket = "socialdesk-migrated";
    await s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
    const settings = readConfig({ DATA_DIR: path.join(scratch, "old-data"), ...s3.env, S3_BUCKET: bucket });
    const root = path.join(settings.dataDir, "media");
    const files: Record<string, Buffer> = {
      "0b5e1c9a-workspace/3f1e-item/original.png": await makePng(40, 30),
      "0b5e1c9a-workspace/3f1e-item/thumbnail.webp": Buffer.from("RIFF....WEBP"),
      "7c2d-workspace/91aa-item/original.mp4": Buffer.alloc(3000, 1),
    };
    for (const [key, bytes] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
      writeFileSync(path.join(root, key), bytes);
    }
    // An upload being received when the old app stopped: not a stored file.
    mkdirSync(path.join(root, ".incoming"), { recursive: true });
    writeFileSync(path.join(root, ".incoming", "abc.part"), "half an upload");
    // A name the app never makes: refused, and the run says so.
    writeFileSync(path.join(root, "7c2d-workspace", "91aa-item", "copy of original.mp4"), "x");

    const migrate = async (over = settings) => {
      const lines: string[] = [];
      const code = await mediaMigrate(over, { log: (line) => lines.push(line), error: (line) => lines.push(line) });
      return { code, lines };
    };

    const first = await migrate();
    expect(first.code).toBe(1);
    expect(first.lines).toContain("failed  7c2d-workspace/91aa-item/copy of original.mp4: unsafe storage key \"7c2d-workspace/91aa-item/copy of original.mp4\"");
    expect(first.lines.at(-1)).toMatch(/^3 copied, 0 skipped \(already in the bucket\), 1 failed, into bucket socialdesk-migrated\. The files in .* are left in place/);

    rmSync(path.join(root, "7c2d-workspace", "91aa-item", "copy of original.mp4"));
    const second = await migrate();
    expect(second.code).toBe(0);
    expect(second.lines.filter((line) => line.startsWith("copied"))).toEqual([]);
    expect(second.lines.at(-1)).toMatch(/^0 copied, 3 skipped/);

    const bucketKeys = await s3.keys(bucket);
    expect(bucketKeys).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files)) {
      expect(Buffer.from((await s3.bytesOf(key, bucket))!).equals(bytes), key).toBe(true);
      expect(readFileSync(path.join(root, key)).equals(bytes)).toBe(true);
    }

    const noBucket = await migrate(readConfig({ DATA_DIR: settings.dataDir, ...s3.env, S3_BUCKET: "no-such-bucket" }));
    expect(noBucket).toEqual({
      code: 1,
      lines: [
        `The bucket no-such-bucket could not be reached at ${s3.endpoint} (no such bucket): create it, or correct S3_BUCKET, S3_ENDPOINT, S3_REGION or the key, then run it again. Nothing was copied.`,
      ],
    });

    const refused = await migrate(readConfig({ DATA_DIR: settings.dataDir }));
    expect(refused.code).toBe(1);
    expect(refused.lines).toEqual([
      `npm run media:migrate copies ${root} into the bucket of MEDIA_STORE=s3, but MEDIA_STORE is disk here: set MEDIA_STORE=s3 and the S3_ settings (README: Configuration), then run it again.`,
    ]);
  });
});
