import type { OpenApp } from "../../scripts/lib/app";
import type { Command } from "../../scripts/lib/commands";

/** Runs a CLI command (scripts/lib/commands.ts) on a test's app, as `npm run …` would: its exit code and what it wrote. */
export const runCommand = async (command: Command, app: Pick<OpenApp, "runtime">, args: ReadonlyArray<string>) => {
  let stdout = "";
  let stderr = "";
  const code = await command(app, args, { log: (line) => (stdout += `${line}\n`), error: (line) => (stderr += `${line}\n`) });
  return { code, stdout, stderr };
};
