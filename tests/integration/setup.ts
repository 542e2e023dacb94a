import { afterAll } from "vitest";
import { forgetConfig } from "../../infra/config";

/**
 * Runs before each integration file. A worker runs its files one after another in one process (the
 * project is not isolated: modules are imported once per worker), so each file starts from the
 * environment the worker started with, and reads the configuration afresh, as it would in a process
 * of its own; what a file changes in process.env is put back after it.
 */
const environment = { ...process.env };
forgetConfig();

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  forgetConfig();
});
