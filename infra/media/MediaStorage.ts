import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Context, Effect, Layer, Schema } from "effect";
import { type AppConfig, config } from "../config";

/** The storage refused or lost a file (a disk error, a missing object): a 500, logged. */
export class StorageError extends Schema.TaggedError<StorageError>()("StorageError", {
  message: Schema.String,
  key: Schema.String,
}) {}

/**
 * Where a file to store comes from: a file on the local disk (moved, or removed once stored, unless
 * `keepSource`: `npm run media:migrate` leaves the files it copies), or bytes.
 */
export type StorageSource = { readonly file: string; readonly keepSource?: boolean } | { readonly bytes: Uint8Array };

export interface StoredObject {
  readonly size: number;
  readonly modifiedAt: Date;
}

/** A byte range, inclusive at both ends (as HTTP's Range says it). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * The one place media files live. Keys are `<workspaceId>/<mediaId>/<name>`, made by the Media
 * service from ids it generated: never from a request's path. A local-disk store under
 * `DATA_DIR/media` is the default; an S3-compatible store implements the same five operations.
 */
export class MediaStorage extends Context.Service<
  MediaStorage,
  {
    readonly put: (key: string, source: StorageSource, contentType: string) => Effect.Effect<void, StorageError>;
    readonly get: (key: string) => Effect.Effect<Uint8Array, StorageError>;
    readonly stat: (key: string) => Effect.Effect<StoredObject | null, StorageError>;
    /** The object's bytes (or a range of them) as a web stream, for the HTTP answer. */
    readonly stream: (key: string, range?: ByteRange) => Effect.Effect<ReadableStream<Uint8Array>, StorageError>;
    /** Removes the objects; missing ones are not an error. */
    readonly delete: (keys: ReadonlyArray<string>) => Effect.Effect<void, StorageError>;
  }
>()("app/MediaStorage") {
  /** Files under `root`, one folder per workspace and item. */
  static localDisk = (root: string) =>
    Layer.succeed(MediaStorage, makeLocalDiskStorage(root));

  /** Objects of an S3-compatible bucket; the client is destroyed (its sockets closed) with the layer. */
  static s3 = (options: { readonly bucket: string; readonly client: S3ClientConfig }) =>
    Layer.effect(
      MediaStorage,
      Effect.acquireRelease(
        Effect.sync(() => new S3Client(options.client)),
        (client) => Effect.sync(() => client.destroy()),
      ).pipe(Effect.map((client) => makeS3Storage({ bucket: options.bucket, client }))),
    );

  /** The store a configuration names: `MEDIA_STORE=s3` its bucket, else the local disk under DATA_DIR/media. */
  static fromConfig = (settings: AppConfig) =>
    settings.MEDIA_STORE === "s3"
      ? MediaStorage.s3({ bucket: settings.S3_BUCKET!, client: s3ClientConfig(settings) })
      : MediaStorage.localDisk(path.join(settings.dataDir, "media"));

  /** The configured store. */
  static layer = Layer.suspend(() => MediaStorage.fromConfig(config()));
}

/** Connections to the bucket a process may hold at once (see requestHandler below). */
const S3_MAX_SOCKETS = 1000;

/** The S3 client's settings from the configuration (an endpoint for R2, MinIO, B2, Garage; none for AWS). */
export const s3ClientConfig = (settings: AppConfig): S3ClientConfig => ({
  region: settings.S3_REGION,
  ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
  forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID!, secretAccessKey: settings.S3_SECRET_ACCESS_KEY! },
  // Each file being served holds a connection to the bucket until the browser has read it (a video
  // seeked through, a slow phone): the SDK's 50 would make the 51st wait, its HEAD included. No
  // request timeout: a paused download is idle on purpose; a bucket that does not answer is given up
  // when connecting.
  requestHandler: { connectionTimeout: 5000, httpAgent: { maxSockets: S3_MAX_SOCKETS }, httpsAgent: { maxSockets: S3_MAX_SOCKETS } },
});

const SAFE_KEY = /^[A-Za-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

/** Keys are ours, but a key that could leave the root (or name another object than ours) is refused all the same. */
const checkKey = (key: string) => {
  if (!SAFE_KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
  }
  return key;
};

const storageError = (key: string) => (cause: unknown) =>
  new StorageError({ key, message: cause instanceof Error ? cause.message : String(cause) });

export const makeLocalDiskStorage = (root: string): MediaStorage["Service"] => {
  const resolve = (key: string) => path.join(root, ...checkKey(key).split("/"));
  const attempt = <A>(key: string, run: (file: string) => Promise<A>) =>
    Effect.tryPromise({
      try: async () => run(resolve(key)),
      catch: storageError(key),
    });

  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";

  return {
    put: (key, source, _contentType) =>
      attempt(key, async (file) => {
        await fs.mkdir(path.dirname(file), { recursive: true });
        if ("bytes" in source) {
          await fs.writeFile(file, source.bytes);
          return;
        }
        if (source.keepSource) {
          await fs.copyFile(source.file, file);
          return;
        }
        try {
          await fs.rename(source.file, file);
        } catch (error) {
          // Another file system (a temporary folder elsewhere): copy, then remove the source.
          if ((error as NodeJS.ErrnoException)?.code !== "EXDEV") throw error;
          await fs.copyFile(source.file, file);
          await fs.rm(source.file, { force: true });
        }
      }),
    get: (key) => attempt(key, (file) => fs.readFile(file).then((buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength))),
    stat: (key) =>
      attempt(key, async (file) => {
        try {
          const stats = await fs.stat(file);
          return { size: stats.size, modifiedAt: stats.mtime };
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      }),
    stream: (key, range) =>
      attempt(key, async (file) => {
        // Opening first makes a missing file fail here, not midway through the answer.
        const handle = await fs.open(file, "r");
        const nodeStream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return Readable.toWeb(nodeStream) as unknown as ReadableStream<Uint8Array>;
      }),
    delete: (keys) =>
      Effect.gen(function* () {
        // Every key is checked before anything is removed: one unsafe key deletes nothing.
        const files = yield* Effect.forEach(keys, (key) => attempt(key, async (file) => ({ key, file })));
        yield* Effect.forEach(
          files,
          ({ key, file }) =>
            attempt(key, async () => {
              await fs.rm(file, { force: true });
              // The item's folder goes when it is empty (a workspace's folder stays).
              await fs.rmdir(path.dirname(file)).catch(() => undefined);
            }),
          { discard: true },
        );
      }),
  };
};

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

/** A missing object: HeadObject answers a bare 404 (`NotFound`), GetObject `NoSuchKey`; a missing bucket is a failure. */
const isMissingObject = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e?.name === "NoSuchBucket") return false;
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
};

/**
 * The same five operations on an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2,
 * Garage), under the same keys. A local file is streamed up with lib-storage's Upload (in parts when
 * it is large), never read whole into memory.
 */
export const makeS3Storage = (options: { readonly bucket: string; readonly client: S3Client }): MediaStorage["Service"] => {
  const { bucket: Bucket, client } = options;
  const attempt = <A>(key: string, run: (key: string) => Promise<A>) =>
    Effect.tryPromise({ try: async () => run(checkKey(key)), catch: storageError(key) });

  return {
    put: (key, source, contentType) =>
      attempt(key, async (Key) => {
        if ("bytes" in source) {
          await client.send(new PutObjectCommand({ Bucket, Key, Body: source.bytes, ContentType: contentType }));
          return;
        }
        await new Upload({ client, params: { Bucket, Key, Body: createReadStream(source.file), ContentType: contentType } }).done();
        if (!source.keepSource) await fs.rm(source.file, { force: true });
      }),
    get: (key) =>
      attempt(key, async (Key) => {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        return answer.Body!.transformToByteArray();
      }),
    stat: (key) =>
      attempt(key, async (Key) => {
        try {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
          return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
        } catch (error) {
          if (isMissingObject(error)) return null;
          throw error;
        }
      }),
    stream: (key, range) =>
      attempt(key, async (Key) => {
        // The call answers once the object's headers are in: a missing object fails here, not midway through the answer.
        const answer = await client.send(new GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return answer.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
      }),
    delete: (keys) =>
      Effect.gen(function* () {
        // Every key is checked before anything is removed: one unsafe key deletes nothing.
        const checked = yield* Effect.forEach(keys, (key) => attempt(key, async (Key) => Key));
        for (let start = 0; start < checked.length; start += DELETE_BATCH) {
          const batch = checked.slice(start, start + DELETE_BATCH);
          yield* attempt(batch[0]!, async () => {
            const answer = await client.send(
              new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
            );
            // S3 deletes a missing key without complaint; a store that reports it anyway is not refused for it.
            const failed = (answer.Errors ?? []).filter((error) => error.Code !== "NoSuchKey");
            if (failed.length > 0) throw new Error(failed.map((error) => `${error.Key}: ${error.Code} ${error.Message ?? ""}`.trim()).join("; "));
          });
        }
      }),
  };
};
