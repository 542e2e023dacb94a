import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
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

/** "folder/file.ts reads table (module)" for each SQL statement of a module's code naming another module's table. */
const crossings = (): string[] => {
  const found = new Set<string>();
  for (const [module, folder] of folderOfModule) {
    const root = path.join("infra", folder);
    for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
      const text = readFileSync(path.join(root, file), "utf8");
      for (const statement of text.matchAll(/sql(?:<[^`]*?>)?`([^`]*)`/g)) {
        for (const [, table] of statement[1]!.matchAll(/\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)/gi)) {
          const owner = ownerOfTable.get(table!);
          if (owner && owner !== module) found.add(`${folder}/${file} reads ${table} (${owner})`);
        }
      }
    }
  }
  return [...found].sort();
};

/**
 * The crossings the code had when this rule came (issue 30), each to be replaced by a query function
 * of the owning module (as the inbox's reads of accounts and team membership were): the list may
 * only shrink. Mostly jobs that join several modules' tables in one statement, and reads of the
 * workspace's plan and time zone.
 */
const KNOWN_CROSSINGS: ReadonlyArray<string> = [
  "accounts/SocialAccounts.ts reads workspaces (identity)",
  "audit/AuditTrail.ts reads users (identity)",
  "audit/AuditTrail.ts reads workspaces (identity)",
  "billing/webhook.ts reads social_accounts (accounts)",
  "billing/webhook.ts reads workspaces (identity)",
  "feeds/Feeds.ts reads social_accounts (accounts)",
  "feeds/poll.ts reads social_accounts (accounts)",
  "feeds/poll.ts reads workspaces (identity)",
  "inbox/poll.ts reads post_targets (publishing)",
  "inbox/poll.ts reads posts (publishing)",
  "inbox/poll.ts reads social_accounts (accounts)",
  "inbox/poll.ts reads workspaces (identity)",
  "inbox/sandbox.ts reads social_accounts (accounts)",
  "inbox/sandbox.ts reads workspaces (identity)",
  "listening/search.ts reads workspaces (identity)",
  "reports/ClientReports.ts reads brands (team)",
  "reports/ClientReports.ts reads workspaces (identity)",
  "reviews/Reviews.ts reads social_accounts (accounts)",
  "reviews/Reviews.ts reads users (identity)",
  "reviews/alerts.ts reads notification_preferences (identity)",
  "reviews/alerts.ts reads social_accounts (accounts)",
  "reviews/alerts.ts reads users (identity)",
  "reviews/alerts.ts reads workspaces (identity)",
  "reviews/poll.ts reads social_accounts (accounts)",
  "reviews/poll.ts reads workspaces (identity)",
];

describe("module boundaries", () => {
  it("a module reads another module's tables only through that module's query functions: no new SQL crossing, and the known ones only go", () => {
    const now = crossings();
    expect(now.filter((crossing) => !KNOWN_CROSSINGS.includes(crossing)), "new SQL into another module's tables: call the owner's query function").toEqual([]);
    expect(KNOWN_CROSSINGS.filter((crossing) => !now.includes(crossing)), "crossings gone: take them off the list").toEqual([]);
  });

  it("given a module's SQL naming another module's table, then the check names the file and the table", () => {
    expect(ownerOfTable.get("posts")).toBe("publishing");
    expect(crossings().some((crossing) => / reads [a-z_]+ \([a-zA-Z-]+\)$/.test(crossing))).toBe(true);
  });
});
