import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm install` on a fresh clone rewrites a lock file that differs from what it would write itself,
// leaving `git status` dirty: these are the differences it has been seen to make.
describe("package-lock.json", () => {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, { hasInstallScript?: boolean }> };

  it("lists its packages in npm's order, so npm install leaves it as committed", () => {
    const keys = Object.keys(lock.packages);
    const byNpmOrder = new Intl.Collator("en").compare;
    expect(keys[0]).toBe("");
    expect(keys.slice(1)).toEqual([...keys.slice(1)].sort(byNpmOrder));
  });

  it("marks each installed package with an install step as npm does (hasInstallScript), so a fresh install adds no flag", () => {
    const differing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      const manifest = path.join(location, "package.json");
      if (location === "" || !existsSync(manifest)) continue;
      const scripts = (JSON.parse(readFileSync(manifest, "utf8")) as { scripts?: Record<string, string> }).scripts ?? {};
      // npm's rule: an install, preinstall or postinstall script, or a binding.gyp (node-gyp's default install).
      const installs = Boolean(scripts.install || scripts.preinstall || scripts.postinstall) || existsSync(path.join(location, "binding.gyp"));
      if (installs !== Boolean(entry.hasInstallScript)) differing.push(`${location}: hasInstallScript should be ${installs}`);
    }
    expect(differing).toEqual([]);
  });
});
