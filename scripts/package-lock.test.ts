import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// `npm install` rewrites a lock file whose entries are not in its own order, leaving `git status` dirty on a fresh clone.
describe("package-lock.json", () => {
  it("lists its packages in npm's order, so npm install leaves it as committed", () => {
    const keys = Object.keys(JSON.parse(readFileSync("package-lock.json", "utf8")).packages);
    const byNpmOrder = new Intl.Collator("en").compare;
    expect(keys[0]).toBe("");
    expect(keys.slice(1)).toEqual([...keys.slice(1)].sort(byNpmOrder));
  });
});
