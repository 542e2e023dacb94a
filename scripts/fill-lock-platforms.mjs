// The registry this project installs from serves only the Linux builds of some packages' optional
// platform binaries, so `npm install` leaves the others out of package-lock.json and `npm ci` then
// refuses the lock file ("Missing: ... from lock file"). This adds the missing entries as optional,
// with the os/cpu they are for, which npm skips on every other platform. Run it after `npm install`.
import { readFileSync, writeFileSync } from "node:fs";

const file = "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const match = name.match(/-(android|darwin|linux|win32|freebsd|wasm32)-?(arm64|x64|ia32|arm|wasi)?(?:-(gnu|musl|msvc|gnueabihf))?$/);
    if (!match) {
      console.warn(`Cannot tell the platform of ${name}; left as it is.`);
      continue;
    }
    const [, os, cpu, libc] = match;
    const stub = { version, optional: true };
    if (os === "wasm32") stub.cpu = ["wasm32"];
    else {
      stub.cpu = [cpu];
      stub.os = [os];
      if (os === "linux" && (libc === "gnu" || libc === "musl")) stub.libc = [libc === "gnu" ? "glibc" : "musl"];
    }
    packages[hoisted] = stub;
    added.push(hoisted);
  }
}
// npm orders the lock's entries with an "en" locale comparison; sorting any other way makes the next `npm install` rewrite the file.
const byNpmOrder = new Intl.Collator("en").compare;
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : byNpmOrder(a, b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added ${added.length} platform entries:\n${added.join("\n")}` : "The lock file lists every platform package.");
