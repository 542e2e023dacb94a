/**
 * The long-running commands (`npm start`, `npm run worker`) as JavaScript: scripts/<name>.ts and the
 * modules they import (infra, domain, ...) bundled by esbuild into OUT_DIR/<name>.mjs, the
 * packages left to node_modules. A process loads one file instead of compiling about a thousand
 * TypeScript modules through tsx at every start: half the CPU of a start (a worker: about 1.8 s
 * instead of 3.5 s here). The inputs are listed beside it (`<name>.inputs.json`) so that
 * scripts/run.mjs can tell a bundle older than its sources. `npm run build` runs it.
 */
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

export const BUNDLED = ["start", "worker"];
/** Beside the installed packages, not in dist/ (which `astro build` empties): `npm ci` clears it with them, and the next start bundles again. */
export const OUT_DIR = path.resolve("node_modules/.cache/socialdesk-scripts");

/** Bundles the commands `names`, each written whole or not at all (several processes may start at once). */
export const bundle = async (names = BUNDLED) => {
  await mkdir(OUT_DIR, { recursive: true });
  const staging = path.join(OUT_DIR, `.staging-${process.pid}-${Date.now()}`);
  try {
    const result = await build({
      entryPoints: Object.fromEntries(names.map((name) => [name, `scripts/${name}.ts`])),
      outdir: staging,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      splitting: false,
      platform: "node",
      format: "esm",
      target: "node24",
      packages: "external",
      sourcemap: "linked",
      metafile: true,
      logLevel: "warning",
    });
    for (const name of names) {
      const output = result.metafile.outputs[path.relative(process.cwd(), path.join(staging, `${name}.mjs`))];
      const inputs = Object.keys(output?.inputs ?? {});
      await writeFile(path.join(staging, `${name}.inputs.json`), JSON.stringify(inputs));
      for (const file of [`${name}.mjs`, `${name}.mjs.map`, `${name}.inputs.json`]) await rename(path.join(staging, file), path.join(OUT_DIR, file));
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await bundle();
