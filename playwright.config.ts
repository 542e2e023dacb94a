import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests in real Chromium against the app as `npm start` runs it (scripts/start.ts).
 * Three workers, each with its own app, database and local servers, all on ports the system picks
 * (tests/e2e/fixtures.ts); one PostgreSQL for the run with a migrated template the workers' databases
 * are cloned from (tests/e2e/global-setup.ts). Nothing listens on a fixed port: two checkouts run
 * their suites side by side.
 *
 * - BUILD_DIR: the build to serve (default dist/, built first when missing).
 * - E2E_DATABASE_URL: use that PostgreSQL server instead of an embedded one (under .data/e2e-postgres).
 * - CHROMIUM_PATH: the browser (default Debian's Chromium: its headless shell, chromium-headless-shell,
 *   which Playwright itself uses for headless runs and which costs a third less CPU, else /usr/bin/chromium).
 * - SCREENSHOTS=1: also take the screenshots people look at, at 1280 and 360 px (tests/e2e/support.ts).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 7_500 },
  outputDir: "test-results/e2e",
  use: {
    // Off: recording a trace costs a quarter of the run's CPU. `--trace retain-on-failure` records them.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // One renderer per tab rather than per site, and none of the services a test never uses.
        "--disable-site-isolation-trials",
        "--disable-features=site-per-process,IsolateOrigins,Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
});
