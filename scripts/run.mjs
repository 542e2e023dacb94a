/**
 * `npm start` and `npm run worker`: runs scripts/<name>.ts from its bundle (scripts/bundle.mjs),
 * bundling it first when it is missing or older than one of its sources, so that a changed source
 * is always what runs. Stack traces point into the sources (the bundle's source map).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BUNDLED, bundle, OUT_DIR } from "./bundle.mjs";

const name = process.argv[2];
if (!BUNDLED.includes(name)) {
  console.error(`Usage: node scripts/run.mjs ${BUNDLED.join("|")}`);
  process.exit(2);
}
const file = path.join(OUT_DIR, `${name}.mjs`);
const inputsFile = path.join(OUT_DIR, `${name}.inputs.json`);

const isStale = () => {
  if (!existsSync(file) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(file).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, "utf8"));
  return inputs.some((input) => !existsSync(input) || statSync(input).mtimeMs > builtAt);
};

if (isStale()) await bundle([name]);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(file).href);
