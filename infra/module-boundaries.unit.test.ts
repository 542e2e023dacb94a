import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MODULES } from "./modules";

/** Each read-model table with the module whose projections own it. */
const ownerOfTable = new Map(MODULES.flatMap((module) => (("projections" in module && module.projections) || []).flatMap((p) => p.tables.map((t) => [t.name, module.name] as const))));

/** Each module's folder under infra/, read from its module.ts. */
const folderOfModule = new Map(
  readdirSync("infra", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const file = path.join("infra", entry.name, "module.ts");
      try {
        const name = /defineModule\(\{\s*name: "([^"]+)"/.exec(readFileSync(file, "utf8"))?.[1];
        return name ? [[name, entry.name] as const] : [];
      } catch {
        return [];
      }
    }),
);

/** "folder/file.ts reads table (module)" for each SQL statement of a module's code (under `root`) naming another module's table. */
const crossings = (root = "infra", folders: ReadonlyMap<string, string> = folderOfModule, owners: ReadonlyMap<string, string> = ownerOfTable): string[] => {
  const found = new Set<string>();
  for (const [module, folder] of folders) {
    const dir = path.join(root, folder);
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
      const text = readFileSync(path.join(dir, file), "utf8");
      for (const statement of text.matchAll(/sql(?:<[^`]*?>)?`([^`]*)`/g)) {
        for (const [, table] of statement[1]!.matchAll(/\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)/gi)) {
          const owner = owners.get(table!);
          if (owner && owner !== module) found.add(`${folder}/${file} reads ${table} (${owner})`);
        }
      }
    }
  }
  return [...found].sort();
};

describe("module boundaries", () => {
  it("given the checkout, then a module reads another module's tables only through that module's query functions (infra/<owner>/queries.ts, or a port it answers)", () => {
    expect(crossings(), "SQL into another module's tables: call the owner's query function").toEqual([]);
  });

  describe("given a made-up checkout", () => {
    const root = mkdtempSync(path.join(tmpdir(), "module-boundaries-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write("inbox/poll.ts", "const due = sql<{ id: string }[]>`select a.id from social_accounts a join inbox_polls p on p.account_id = a.id`;");
    write("inbox/own.ts", "const mine = sql`update inbox_polls set polled_at = now()`;");
    write("inbox/poll.test.ts", "sql`select * from social_accounts`;");
    const folders = new Map([["inbox", "inbox"]]);
    const owners = new Map([["social_accounts", "accounts"], ["inbox_polls", "inbox"]]);

    it("when a module's SQL names another module's table, then the check names the file and the table; its own tables and its tests are no crossing", () => {
      expect(crossings(root, folders, owners)).toEqual(["inbox/poll.ts reads social_accounts (accounts)"]);
    });
  });
});
