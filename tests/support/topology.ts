import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "./browser";
import { type RunningS3, startS3Server } from "./s3";
import { startTestServer, startWorkerProcess, type TestServer, type WorkerProcess } from "./processes";

/**
 * The deployment of several machines, on one: one PostgreSQL (the caller's database), one
 * S3-compatible server (s3rver, in this process, on a port the system picks, its bucket created),
 * two web processes (scripts/start.ts with RUN_WORKER=false, each its own DATA_DIR) and two workers
 * (scripts/worker.ts), all with the same settings: the database, the token key, MEDIA_STORE=s3 and
 * the S3_* settings. deploy/compose.yaml runs the same with MinIO. For the bench's `--only topology`
 * and tests/integration/topology.test.ts. No test framework is imported here.
 */

export interface Topology {
  readonly webs: readonly [TestServer, TestServer];
  readonly webDataDirs: readonly [string, string];
  /** Every DATA_DIR a worker of this topology had (a replaced one's too). */
  readonly workerDataDirs: ReadonlyArray<string>;
  /** The workers as they run now (a killed one stays until `replaceWorker`). */
  readonly workers: WorkerProcess[];
  /** The settings every process has (database, token key, media store). */
  readonly env: Readonly<Record<string, string>>;
  readonly s3: RunningS3;
  /** Stops worker `index` (SIGTERM, if it still runs) and starts a new one in its place, with `env` added. */
  readonly replaceWorker: (index: number, env?: Record<string, string>) => Promise<WorkerProcess>;
  readonly stop: () => Promise<void>;
}

/** Every file under `dir`, relative to it, but those under `.incoming` (the upload spool). */
const filesUnder = (dir: string): string[] => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes(".incoming"));
};

export const startTopology = async (options: {
  readonly databaseUrl: string;
  /** Settings of worker `index` only (a stage-timings file, say). */
  readonly workerEnv?: (index: number) => Record<string, string>;
  /** Node's arguments for every worker (a CPU profile). */
  readonly workerNodeArgs?: ReadonlyArray<string>;
  /** Settings of every process, added to the topology's. */
  readonly env?: Record<string, string>;
}): Promise<Topology> => {
  const s3 = await startS3Server();
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    // The same key everywhere: a token one process stores, another reads (else each DATA_DIR makes its own).
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    // MEDIA_STORE=s3 and the S3_ settings.
    ...s3.env,
    BLUESKY_FIREHOSE_URL: "off",
    ...options.env,
  };
  const dataDirs: string[] = [];
  const workerDataDirs: string[] = [];
  const newDataDir = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `socialdesk-${name}-`));
    dataDirs.push(dir);
    return dir;
  };
  const webs: TestServer[] = [];
  const workers: WorkerProcess[] = [];
  const startWorkerAt = (index: number, more: Record<string, string> = {}) => {
    const dataDir = newDataDir(`worker-${index}`);
    workerDataDirs.push(dataDir);
    workers[index] = startWorkerProcess(options.databaseUrl, { ...env, DATA_DIR: dataDir, ...options.workerEnv?.(index), ...more }, options.workerNodeArgs);
    return workers[index];
  };
  const stop = async () => {
    await Promise.all([...webs.map((web) => web.stop()), ...workers.map((worker) => worker.stop())]);
    await s3.close().catch(() => undefined);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The workers first: a web process is healthy (/api/health) only while a worker lives.
    startWorkerAt(0);
    startWorkerAt(1);
    const webDataDirs = [newDataDir("web-a"), newDataDir("web-b")] as const;
    webs.push(...(await Promise.all(webDataDirs.map((dataDir) => startTestServer({ dataDir, env: { ...env, RUN_WORKER: "false" } })))));
    return {
      webs: [webs[0]!, webs[1]!],
      webDataDirs,
      workerDataDirs,
      workers,
      env,
      s3,
      replaceWorker: async (index, more) => {
        await workers[index]?.stop();
        return startWorkerAt(index, more);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

export interface MediaAcrossWebs {
  readonly fileUrl: string;
  readonly uploadedBytes: number;
  /** GET of the file's address on web B, with the uploader's session (signed in on web A). */
  readonly servedByB: { readonly status: number; readonly sameBytes: boolean; readonly contentType: string | null };
  /** The same GET without a session, on web B: a private file is never public. */
  readonly signedOutStatus: number;
  /** The bucket's keys under the uploaded item's folder (`<workspace>/<item>/…`). */
  readonly inBucket: ReadonlyArray<string>;
  /** Files under any process's DATA_DIR/media but its `.incoming` spool: none when media live in the bucket only. */
  readonly onDisk: ReadonlyArray<string>;
}

/**
 * An image uploaded through web A's upload API by a person signed in there, then asked of web B:
 * the bytes, where they lie. `bytes` are a real image (the library reads it); `name` is unique to the run.
 */
export const mediaAcrossWebs = async (topology: Topology, browser: Browser, file: { bytes: Buffer; name: string }): Promise<MediaAcrossWebs> => {
  const [webA, webB] = topology.webs;
  const form = new FormData();
  form.append("files", new File([file.bytes as BlobPart], file.name, { type: "image/png" }));
  const uploaded = await browser.request("POST", `${webA.url}/api/media/upload`, { body: form, headers: { origin: webA.url } });
  if (uploaded.status !== 201) throw new Error(`POST /api/media/upload on web A answered ${uploaded.status}: ${uploaded.text.slice(0, 300)}`);
  const item = uploaded.data.items[0] as { id: string; fileUrl: string };
  const fileUrl = item.fileUrl;
  const path_ = new URL(fileUrl, webB.url).pathname;
  const served = await browser.get(`${webB.url}${path_}`);
  const signedOut = await fetch(`${webB.url}${path_}`, { redirect: "manual" });
  await signedOut.arrayBuffer();
  return {
    fileUrl,
    uploadedBytes: file.bytes.length,
    servedByB: { status: served.status, sameBytes: served.buffer.equals(file.bytes), contentType: served.headers.get("content-type") },
    signedOutStatus: signedOut.status,
    inBucket: (await topology.s3.keys()).filter((key) => key.split("/")[1] === item.id),
    onDisk: [...topology.webDataDirs, ...topology.workerDataDirs].flatMap((dir) => filesUnder(path.join(dir, "media")).map((f) => path.join(dir, "media", f))),
  };
};
