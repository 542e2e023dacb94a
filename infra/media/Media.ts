import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Context, Effect, Layer } from "effect";
import {
  type AcceptKinds,
  deleteMedia,
  mediaDecider,
  type MediaEvent,
  mediaFileUrl,
  mediaLimitsOf,
  type MediaState,
  mediaStreamId,
  type MediaUploadedData,
  originalFileName,
  storageKeyOf,
  tagMedia,
  THUMBNAIL_FILE,
  uploadMedia,
  UploadRejected,
  type MediaKind,
} from "../../domain/media";
import type { Tier } from "../../domain/plans";
import { type CommandContext, type ConcurrencyConflict, type Conflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { config } from "../config";
import { Database, type Sql, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";

import { logger } from "../log";
import { type FileProblem, type ReceivedFile, receiveFiles, receiveUpload, removeTemporaryFiles, type UploadBody } from "./intake";
import { MediaStorage, StorageError } from "./MediaStorage";
import { probeImage, probeVideo } from "./probe";

/** A media item as the API answers it (spec engagement §3 and core §3, plus what the gallery shows). */
export interface MediaItem {
  readonly id: string;
  readonly fileUrl: string;
  readonly thumbnailUrl: string | null;
  readonly fileType: string;
  readonly kind: MediaKind;
  readonly originalName: string;
  readonly fileSize: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationSeconds: number | null;
  readonly tags: ReadonlyArray<string>;
  readonly uploadedAt: string;
  /** The item's stream version: send it back with a change to be told (409) when someone else changed it first. */
  readonly version: number;
}

export type MediaTypeFilter = "all" | "images" | "videos";

export interface MediaQuery {
  readonly q?: string;
  readonly type?: MediaTypeFilter;
  readonly limit?: number;
  readonly cursor?: string | null;
}

export interface MediaPage {
  readonly items: ReadonlyArray<MediaItem>;
  /** Pass as `cursor` for the next page; null on the last one. */
  readonly next: string | null;
  /** Items matching the search and filter, over all pages. */
  readonly total: number;
}

/**
 * What an upload kept, and each file it did not keep with the reason (one bad file does not cost
 * the good ones). An upload that keeps no file is refused instead (UploadRejected).
 */
export interface Uploaded {
  readonly items: ReadonlyArray<MediaItem>;
  readonly problems: ReadonlyArray<FileProblem>;
}

/** Who uploads: their workspace and plan. */
export interface Uploader {
  readonly userId: string;
  readonly workspaceId: string;
  readonly tier: Tier;
}

/** A stored file to answer with. */
export interface MediaFile {
  readonly key: string;
  readonly contentType: string;
  readonly originalName: string;
  readonly size: number;
  readonly modifiedAt: Date;
  /** Changes only with the file itself (ids are never reused). */
  readonly etag: string;
}

export const DEFAULT_PAGE_SIZE = 48;
export const MAX_PAGE_SIZE = 200;
export const INVALID_CURSOR_MESSAGE = "This page link is no longer valid. Reload the gallery.";

interface MediaRow {
  id: string;
  original_name: string;
  file_type: string;
  kind: MediaKind;
  file_size: string;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  storage_key: string;
  thumbnail_key: string | null;
  tags: string[];
  uploaded_at: Date;
  version: number;
  position: string;
}

const COLUMNS = "id, original_name, file_type, kind, file_size, width, height, duration_seconds, storage_key, thumbnail_key, tags, uploaded_at, version, position";

const toItem = (row: MediaRow): MediaItem => ({
  id: row.id,
  fileUrl: mediaFileUrl(row.id, row.storage_key),
  thumbnailUrl: row.thumbnail_key ? mediaFileUrl(row.id, row.thumbnail_key) : null,
  fileType: row.file_type,
  kind: row.kind,
  originalName: row.original_name,
  fileSize: Number(row.file_size),
  width: row.width,
  height: row.height,
  durationSeconds: row.duration_seconds,
  tags: row.tags,
  uploadedAt: row.uploaded_at.toISOString(),
  version: row.version,
});

/** The cursor is the last item's log position, opaque to clients. */
export const encodeCursor = (position: string | number) => Buffer.from(`p${position}`).toString("base64url");
export const decodeCursor = (cursor: string): string | null => {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  // At most 15 digits: within a bigint (and a safe integer), whatever a crafted cursor says.
  return /^p[1-9]\d{0,14}$/.test(text) ? text.slice(1) : null;
};

export const isMediaId = (value: string) => isUuid(value);

/** `q` as an ILIKE pattern that matches it literally (line breaks, which separate the tags, as spaces). */
const likePattern = (q: string) => `%${q.replace(/\s+/g, " ").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type MediaError = SqlError | ConcurrencyConflict;

export class Media extends Context.Service<
  Media,
  {
    readonly list: (workspaceId: string, query: MediaQuery) => Effect.Effect<MediaPage, InvalidInput | SqlError>;
    readonly get: (workspaceId: string, mediaId: string) => Effect.Effect<MediaItem, NotFound | SqlError>;
    readonly upload: (
      uploader: Uploader,
      body: UploadBody,
      accept: AcceptKinds,
      ctx: CommandContext,
    ) => Effect.Effect<Uploaded, UploadRejected | StorageError | Conflict | MediaError>;
    /** Files the server already holds (demo samples, imports), checked and stored exactly like an upload. */
    readonly importFiles: (
      uploader: Uploader,
      files: ReadonlyArray<{ readonly name: string; readonly bytes: Uint8Array }>,
      ctx: CommandContext,
    ) => Effect.Effect<ReadonlyArray<MediaItem>, UploadRejected | StorageError | Conflict | MediaError>;
    readonly setTags: (
      workspaceId: string,
      mediaId: string,
      tags: ReadonlyArray<string>,
      ctx: CommandContext,
      expectedVersion?: number,
    ) => Effect.Effect<MediaItem, NotFound | InvalidInput | MediaError>;
    readonly remove: (workspaceId: string, mediaId: string, ctx: CommandContext) => Effect.Effect<void, NotFound | MediaError>;
    /** The stored original or thumbnail of an item of this workspace, by the name its URL carries. */
    readonly file: (workspaceId: string, mediaId: string, fileName: string) => Effect.Effect<MediaFile, NotFound | StorageError | SqlError>;
  }
>()("app/Media") {
  /** `tempDir`: where uploads are written while they are checked (best on the storage's file system). */
  static layerWith = (options: { readonly tempDir: string }) =>
    Layer.effect(
      Media,
      Effect.gen(function* () {
        const db = yield* Database;
        const store = yield* EventStore;
        const storage = yield* MediaStorage;
        const { tempDir } = options;
        yield* Effect.promise(() => removeStaleUploads(tempDir));

        const provide = <A, E>(effect: Effect.Effect<A, E, EventStore | Database>) =>
          effect.pipe(Effect.provideService(EventStore, store), Effect.provideService(Database, db));

        const onItem = <E>(
          workspaceId: string,
          mediaId: string,
          decide: (state: MediaState) => Effect.Effect<ReadonlyArray<MediaEvent>, E>,
          ctx: CommandContext,
          expectedVersion?: number,
        ) =>
          provide(
            handleCommand(mediaStreamId(mediaId), mediaDecider, decide, {
              ctx,
              workspaceId,
              expectedVersion,
            }),
          );

        const rowsById = (workspaceId: string, ids: ReadonlyArray<string>) =>
          db.query(
            (sql) => sql<MediaRow[]>`
              select ${sql.unsafe(COLUMNS)} from media_items
              where workspace_id = ${workspaceId} and id = any(${ids as string[]}::uuid[])
              order by position desc`,
          );

        const get = Effect.fn("Media.get")(function* (workspaceId: string, mediaId: string) {
          if (!isMediaId(mediaId)) return yield* new NotFound({ what: "media file" });
          const [row] = yield* rowsById(workspaceId, [mediaId]);
          if (!row) return yield* new NotFound({ what: "media file" });
          return toItem(row);
        });

        const list = Effect.fn("Media.list")(function* (workspaceId: string, query: MediaQuery) {
          const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.limit ?? DEFAULT_PAGE_SIZE)));
          const before = query.cursor ? decodeCursor(query.cursor) : null;
          if (query.cursor && before === null) return yield* new InvalidInput({ message: INVALID_CURSOR_MESSAGE, fields: { cursor: INVALID_CURSOR_MESSAGE } });
          const kind = query.type === "images" ? "image" : query.type === "videos" ? "video" : null;
          const q = query.q?.trim() ?? "";
          const filters = (sql: Sql) => {
            let where = sql`workspace_id = ${workspaceId}`;
            if (kind) where = sql`${where} and kind = ${kind}`;
            if (q !== "") {
              const pattern = likePattern(q);
              where = sql`${where} and search_text ilike ${pattern}`;
            }
            return where;
          };
          const [rows, [{ total }]] = yield* Effect.all(
            [
              db.query(
                (sql) => sql<MediaRow[]>`
                  select ${sql.unsafe(COLUMNS)} from media_items
                  where ${filters(sql)} ${before ? sql`and position < ${before}` : sql``}
                  order by position desc limit ${limit + 1}`,
              ),
              db.query((sql) => sql<{ total: number }[]>`select count(*)::int as total from media_items where ${filters(sql)}`),
            ],
            { concurrency: 2 },
          );
          const page = rows.slice(0, limit);
          return {
            items: page.map(toItem),
            next: rows.length > limit ? encodeCursor(page.at(-1)!.position) : null,
            total,
          } satisfies MediaPage;
        });

        /** Sizes, thumbnail and duration of each accepted file; a file sharp cannot read refuses the upload. */
        const prepare = (uploader: Uploader, files: ReadonlyArray<ReceivedFile>) =>
          Effect.forEach(
            files,
            (file) =>
              Effect.tryPromise({
                try: async () => {
                  const mediaId = randomUUID();
                  const storageKey = storageKeyOf(uploader.workspaceId, mediaId, originalFileName(file.format.ext));
                  if (file.format.kind === "image") {
                    const thumbnailPath = `${file.tempPath}.thumbnail.webp`;
                    try {
                      const { width, height } = await probeImage(file.tempPath, thumbnailPath);
                      return {
                        file,
                        thumbnailPath,
                        data: {
                          mediaId,
                          workspaceId: uploader.workspaceId,
                          originalName: file.originalName,
                          fileType: file.format.mime,
                          kind: "image" as const,
                          fileSize: file.size,
                          width,
                          height,
                          durationSeconds: null,
                          storageKey,
                          thumbnailKey: storageKeyOf(uploader.workspaceId, mediaId, THUMBNAIL_FILE),
                          tags: [],
                        } satisfies MediaUploadedData,
                      };
                    } catch {
                      await fs.rm(thumbnailPath, { force: true });
                      return { problem: `${file.originalName} could not be read as an image.`, file };
                    }
                  }
                  const video = await probeVideo(file.tempPath, file.format.ext);
                  return {
                    file,
                    thumbnailPath: null,
                    data: {
                      mediaId,
                      workspaceId: uploader.workspaceId,
                      originalName: file.originalName,
                      fileType: file.format.mime,
                      kind: "video" as const,
                      fileSize: file.size,
                      width: video.width,
                      height: video.height,
                      durationSeconds: video.durationSeconds,
                      storageKey,
                      thumbnailKey: null,
                      tags: [],
                    } satisfies MediaUploadedData,
                  };
                },
                catch: (cause) => new StorageError({ key: file.tempPath, message: String(cause) }),
              }),
            { concurrency: 4 },
          );

        const intake = <A>(receive: () => Promise<A>) =>
          Effect.tryPromise({
            try: receive,
            catch: (cause) => (cause instanceof UploadRejected ? cause : new StorageError({ key: tempDir, message: String(cause) })),
          });

        /**
         * Thumbnails and sizes, then storage, then one transaction of MediaUploaded events for the files
         * that can be read; each other file is answered with its problem (`allOrNothing`: refuses them all).
         * `earlier`: the problems already found on receiving the upload; no file kept refuses it with them.
         */
        const storeReceived = (
          uploader: Uploader,
          files: ReadonlyArray<ReceivedFile>,
          ctx: CommandContext,
          { earlier = [], allOrNothing = false }: { readonly earlier?: ReadonlyArray<FileProblem>; readonly allOrNothing?: boolean } = {},
        ) => {
          const temporary = [...files.map((f) => f.tempPath), ...files.map((f) => `${f.tempPath}.thumbnail.webp`)];
          const stored: string[] = [];
          return Effect.gen(function* () {
            const prepared = yield* prepare(uploader, files);
            const problems = [
              ...earlier,
              ...prepared.flatMap((p) => ("problem" in p && p.problem ? [{ file: p.file.originalName, message: p.problem }] : [])),
            ];
            if (problems.length > 0 && (allOrNothing || problems.length === earlier.length + files.length)) {
              return yield* new UploadRejected({ status: 400, code: "invalid_file", message: problems.map((p) => p.message).join(" "), problems });
            }
            const ready = prepared.flatMap((p) => ("data" in p && p.data ? [{ ...p, data: p.data }] : []));
            for (const item of ready) {
              yield* storage.put(item.data.storageKey, { file: item.file.tempPath }, item.data.fileType);
              stored.push(item.data.storageKey);
              if (item.thumbnailPath && item.data.thumbnailKey) {
                yield* storage.put(item.data.thumbnailKey, { file: item.thumbnailPath }, "image/webp");
                stored.push(item.data.thumbnailKey);
              }
            }
            // All or nothing: one transaction for every item of the upload.
            yield* db.withTransaction(
              Effect.forEach(ready, (item) => onItem(uploader.workspaceId, item.data.mediaId, uploadMedia(item.data), ctx), { discard: true }),
            );
            const rows = yield* rowsById(uploader.workspaceId, ready.map((item) => item.data.mediaId));
            return { items: rows.map(toItem), problems } satisfies Uploaded;
          }).pipe(
            Effect.tapError(() =>
              storage.delete(stored).pipe(
                Effect.catch((error) => Effect.sync(() => logger.warn({ keys: stored, error: error.message }, "Could not remove the files of a failed upload"))),
              ),
            ),
            Effect.ensuring(Effect.promise(() => removeTemporaryFiles(temporary.map((tempPath) => ({ tempPath }))))),
          );
        };

        const upload = Effect.fn("Media.upload")(function* (uploader: Uploader, body: UploadBody, accept: AcceptKinds, ctx: CommandContext) {
          const received = yield* intake(() => receiveUpload(body, { tier: uploader.tier, limits: mediaLimitsOf(uploader.tier), accept, tempDir }));
          return yield* storeReceived(uploader, received.files, ctx, { earlier: received.problems });
        });

        const importFiles = Effect.fn("Media.importFiles")(function* (
          uploader: Uploader,
          files: ReadonlyArray<{ readonly name: string; readonly bytes: Uint8Array }>,
          ctx: CommandContext,
        ) {
          const received = yield* intake(() => receiveFiles(files, { tier: uploader.tier, limits: mediaLimitsOf(uploader.tier), accept: "all", tempDir }));
          return (yield* storeReceived(uploader, received, ctx, { allOrNothing: true })).items;
        });

        const setTags = Effect.fn("Media.setTags")(function* (
          workspaceId: string,
          mediaId: string,
          tags: ReadonlyArray<string>,
          ctx: CommandContext,
          expectedVersion?: number,
        ) {
          if (!isMediaId(mediaId)) return yield* new NotFound({ what: "media file" });
          yield* onItem(workspaceId, mediaId, tagMedia({ workspaceId, tags }), ctx, expectedVersion);
          return yield* get(workspaceId, mediaId);
        });

        const remove = Effect.fn("Media.remove")(function* (workspaceId: string, mediaId: string, ctx: CommandContext) {
          if (!isMediaId(mediaId)) return yield* new NotFound({ what: "media file" });
          const result = yield* onItem(workspaceId, mediaId, deleteMedia({ workspaceId }), ctx);
          // The files go once the deletion is recorded; a failure leaves a file nobody can reach, logged.
          const keys = result.events.flatMap((event) => (event.type === "MediaDeleted" ? event.data.storageKeys : []));
          yield* storage.delete(keys).pipe(
            Effect.catch((error) => Effect.sync(() => logger.warn({ keys, error: error.message }, "Could not remove a deleted media item's files"))),
          );
        });

        const file = Effect.fn("Media.file")(function* (workspaceId: string, mediaId: string, fileName: string) {
          if (!isMediaId(mediaId)) return yield* new NotFound({ what: "media file" });
          const [row] = yield* rowsById(workspaceId, [mediaId]);
          const key = [row?.storage_key, row?.thumbnail_key].find((k) => k && k.endsWith(`/${fileName}`));
          if (!row || !key) return yield* new NotFound({ what: "media file" });
          const stat = yield* storage.stat(key);
          if (!stat) return yield* new NotFound({ what: "media file" });
          const isThumbnail = key === row.thumbnail_key;
          return {
            key,
            contentType: isThumbnail ? "image/webp" : row.file_type,
            originalName: row.original_name,
            size: stat.size,
            modifiedAt: row.uploaded_at,
            etag: `"${row.id}-${isThumbnail ? "t" : "o"}-${stat.size}"`,
          } satisfies MediaFile;
        });

        return { list, get, upload, importFiles, setTags, remove, file };
      }),
    );

  /**
   * The service on the configured storage (also provided, for the file route), with uploads
   * written under DATA_DIR/media/.incoming while they are checked.
   */
  static layer = Layer.suspend(() =>
    Media.layerWith({ tempDir: path.join(config().dataDir, "media", ".incoming") }).pipe(Layer.provideMerge(MediaStorage.layer)),
  );
}

/** Temporary files older than a day are left over from a crash: removed when the service starts. */
const removeStaleUploads = async (tempDir: string) => {
  const dayAgo = Date.now() - 86_400_000;
  const entries = await fs.readdir(tempDir).catch(() => [] as string[]);
  for (const name of entries) {
    const file = path.join(tempDir, name);
    const stats = await fs.stat(file).catch(() => null);
    if (stats && stats.mtimeMs < dayAgo) await fs.rm(file, { force: true, recursive: true }).catch(() => undefined);
  }
};
