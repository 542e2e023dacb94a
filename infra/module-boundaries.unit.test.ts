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
  "categories/Categories.ts reads posts (publishing)",
  "categories/recycle.ts reads post_targets (publishing)",
  "categories/recycle.ts reads posts (publishing)",
  "categories/recycle.ts reads workspaces (identity)",
  "content-templates/ContentTemplates.ts reads users (identity)",
  "identity/Users.ts reads team_members (team)",
  "identity/Workspaces.ts reads social_accounts (accounts)",
  "identity/Workspaces.ts reads team_members (team)",
  "link-in-bio/LinkInBio.ts reads brands (team)",
  "link-in-bio/LinkInBio.ts reads workspaces (identity)",
  "publishing/Posts.ts reads categories (categories)",
  "publishing/Posts.ts reads social_accounts (accounts)",
  "publishing/Posts.ts reads team_members (team)",
  "publishing/Posts.ts reads team_settings (team)",
  "publishing/Posts.ts reads users (identity)",
  "publishing/Posts.ts reads workspaces (identity)",
  "publishing/PublishSlots.ts reads social_accounts (accounts)",
  "publishing/analytics.ts reads social_accounts (accounts)",
  "publishing/analytics.ts reads users (identity)",
  "publishing/demo.ts reads media_items (media)",
  "publishing/engagement.ts reads social_accounts (accounts)",
  "publishing/publish-post.ts reads media_items (media)",
  "publishing/queue-slots.ts reads workspaces (identity)",
  "publishing/sandbox.ts reads social_accounts (accounts)",
  "publishing/stats.ts reads social_accounts (accounts)",
  "team/ApprovalLinks.ts reads posts (publishing)",
  "team/ClientAccess.ts reads workspaces (identity)",
  "team/Members.ts reads workspaces (identity)",
  "team/Team.ts reads posts (publishing)",
  "team/Team.ts reads users (identity)",
  "team/Team.ts reads workspaces (identity)",
  "team/WhiteLabel.ts reads workspaces (identity)",
  "team/client-approval.ts reads users (identity)",
  "team/client-approval.ts reads workspaces (identity)",
  "team/membership.ts reads workspaces (identity)",
  "team/team-stream.ts reads users (identity)",
  "team/team-stream.ts reads workspaces (identity)",
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
