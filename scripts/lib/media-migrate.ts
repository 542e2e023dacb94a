import fs from "node:fs/promises";
import path from "node:path";
import { HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { Effect } from "effect";
import { storedFileType } from "../../domain/media";
import type { AppConfig } from "../../infra/config";
import { MediaStorage, s3ClientConfig, StorageError } from "../../infra/media/MediaStorage";
import type { CommandOutput } from "./output";

/** Where uploads wait while they are checked: never a stored file. */
const INCOMING = ".incoming";

/** Files under `root` as storage keys (`<workspace>/<item>/<name>`), the upload spool left out. */
const storedFiles = async (root: string): Promise<Array<{ key: string; file: string }>> => {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { key: path.relative(root, file).split(path.sep).join("/"), file };
    })
    .filter(({ key }) => !key.startsWith(`${INCOMING}/`))
    .sort((a, b) => a.key.localeCompare(b.key));
};

/** HeadBucket's failures carry no body: its status says what went wrong. */
const describeS3Failure = (error: Error & { $metadata?: { httpStatusCode?: number } }) => {
  const status = error.$metadata?.httpStatusCode;
  if (status === 404) return "no such bucket";
  if (status === 403 || status === 401) return "the key may not read it";
  return status ? `HTTP ${status}` : error.message;
};

type Outcome = "copied" | "skipped" | "failed";

/**
 * npm run media:migrate: copies every file of DATA_DIR/media into the bucket of `MEDIA_STORE=s3`,
 * under the same key. An object already there with the same size is skipped, so a second run (after
 * an interruption, or to catch files uploaded meanwhile) copies only what is missing. The local
 * files are left in place. Exit code 1 when a file could not be copied.
 */
export const mediaMigrate = async (settings: AppConfig, out: CommandOutput): Promise<number> => {
  const root = path.join(settings.dataDir, "media");
  if (settings.MEDIA_STORE !== "s3") {
    out.error(
      `npm run media:migrate copies ${root} into the bucket of MEDIA_STORE=s3, but MEDIA_STORE is ${settings.MEDIA_STORE} here: set MEDIA_STORE=s3 and the S3_ settings (README: Configuration), then run it again.`,
    );
    return 1;
  }
  const files = await storedFiles(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (files === null) {
    out.log(`There is no folder ${root}: no media to copy.`);
    return 0;
  }

  // A wrong bucket or endpoint is said once, not once for every file.
  const client = new S3Client(s3ClientConfig(settings));
  const reached = await client
    .send(new HeadBucketCommand({ Bucket: settings.S3_BUCKET }))
    .then(() => null, describeS3Failure)
    .finally(() => client.destroy());
  if (reached !== null) {
    out.error(
      `The bucket ${settings.S3_BUCKET} could not be reached${settings.S3_ENDPOINT ? ` at ${settings.S3_ENDPOINT}` : ""} (${reached}): create it, or correct S3_BUCKET, S3_ENDPOINT, S3_REGION or the key, then run it again. Nothing was copied.`,
    );
    return 1;
  }

  const copyOne = (storage: MediaStorage["Service"], { key, file }: { key: string; file: string }) =>
    Effect.gen(function* () {
      const { size } = yield* Effect.tryPromise({ try: () => fs.stat(file), catch: (cause) => new StorageError({ key, message: String(cause) }) });
      const there = yield* storage.stat(key);
      if (there && there.size === size) {
        out.log(`skipped ${key} (already in the bucket)`);
        return "skipped" as Outcome;
      }
      yield* storage.put(key, { file, keepSource: true }, storedFileType(key));
      out.log(`copied  ${key} (${size} bytes)`);
      return "copied" as Outcome;
    }).pipe(
      Effect.catch((error) =>
        Effect.sync(() => {
          out.error(`failed  ${key}: ${error.message}`);
          return "failed" as Outcome;
        }),
      ),
    );

  const outcomes = await Effect.runPromise(
    Effect.gen(function* () {
      const storage = yield* MediaStorage;
      return yield* Effect.forEach(files, (entry) => copyOne(storage, entry), { concurrency: 4 });
    }).pipe(Effect.provide(MediaStorage.fromConfig(settings))),
  );
  const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
  out.log(
    `${count("copied")} copied, ${count("skipped")} skipped (already in the bucket), ${count("failed")} failed, into bucket ${settings.S3_BUCKET}. ` +
      `The files in ${root} are left in place: remove them once every process runs with MEDIA_STORE=s3.`,
  );
  return count("failed") > 0 ? 1 : 0;
};
