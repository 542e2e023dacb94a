import fs from "node:fs/promises";
import path from "node:path";
import { runMigrations as runWorkerMigrations } from "graphile-worker";
import { sqlClient } from "./client";

// Resolved from the project root (npm scripts run there): bundled copies of this module live elsewhere.
const MIGRATIONS_DIR = path.resolve("migrations");

/** Applies the ordered SQL files of migrations/ not applied yet, each in its own transaction, then graphile-worker's schema. */
export const migrate = async (url: string, log: (line: string) => void = () => {}): Promise<string[]> => {
  const sql = sqlClient(url, { max: 1, onnotice: () => {} });
  const applied: string[] = [];
  try {
    await runWorkerMigrations({ connectionString: url });
    await sql`select pg_advisory_lock(727274)`;
    await sql`create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())`;
    const done = new Set((await sql<{ version: string }[]>`select version from schema_migrations`).map((r) => r.version));
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort();
    for (const file of files) {
      const version = file.replace(/\.sql$/, "");
      if (done.has(version)) continue;
      const text = await fs.readFile(path.join(MIGRATIONS_DIR, file), "utf8");
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`insert into schema_migrations (version) values (${version})`;
      });
      applied.push(version);
      log(`Applied migration ${version}`);
    }
    await sql`select pg_advisory_unlock(727274)`;
    return applied;
  } finally {
    await sql.end();
  }
};
