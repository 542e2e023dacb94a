import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { Context, Effect, Layer, Schema } from "effect";
import { config } from "../config";

/** The storage refused or lost a file (a disk error, a missing object): a 500, logged. */
export class StorageError extends Schema.TaggedError<StorageError>()("StorageError", {
  message: Schema.String,
  key: Schema.String,
}) {}

/** Where a file to store comes from: a file on the local disk (moved when it can be), or bytes. */
export type StorageSource = { readonly file: string } | { readonly bytes: Uint8Array };

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

  /** The configured store: the local disk under DATA_DIR/media. */
  static layer = Layer.suspend(() => MediaStorage.localDisk(path.join(config().dataDir, "media")));
}

const SAFE_KEY = /^[A-Za-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

export const makeLocalDiskStorage = (root: string): MediaStorage["Service"] => {
  const resolve = (key: string) => {
    // Keys are ours, but a key that could leave the root is refused all the same.
    if (!SAFE_KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
      throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
    }
    return path.join(root, ...key.split("/"));
  };
  const attempt = <A>(key: string, run: (file: string) => Promise<A>) =>
    Effect.tryPromise({
      try: async () => run(resolve(key)),
      catch: (cause) => new StorageError({ key, message: cause instanceof Error ? cause.message : String(cause) }),
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
      Effect.forEach(
        keys,
        (key) =>
          attempt(key, async (file) => {
            await fs.rm(file, { force: true });
            // The item's folder goes when it is empty (a workspace's folder stays).
            await fs.rmdir(path.dirname(file)).catch(() => undefined);
          }),
        { discard: true },
      ),
  };
};
