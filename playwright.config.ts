import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET } from "./tests/support/fake-stripe-keys";

/**
 * End-to-end tests in real Chromium against the app as `npm start` runs it (scripts/start.ts:
 * embedded PostgreSQL in a fresh DATA_DIR, migrations, worker, web server).
 *
 * - BUILD_DIR: the build to serve (default dist/, built first when missing).
 * - E2E_DATABASE_URL: use that PostgreSQL server instead of an embedded one.
 * - E2E_PORT / E2E_PG_PORT: the app's and the embedded PostgreSQL's ports (4610 / 54361).
 * - E2E_APPVIEW_PORT / E2E_FEED_PORT: a local Bluesky AppView and a local feed the tests serve (4611 / 4612).
 * - E2E_STRIPE_PORT: the local server that plays Stripe's API for tests/e2e/billing.spec.ts (4614).
 * - E2E_AI_PORT: a local OpenAI-compatible server the tests serve (4613): the app's AI_BASE_URL.
 * - CHROMIUM_PATH: the browser (default Debian's /usr/bin/chromium).
 */
const PORT = Number(process.env.E2E_PORT ?? 4610);
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 54361);
export const E2E_APPVIEW_PORT = Number(process.env.E2E_APPVIEW_PORT ?? 4611);
/** A blog's feed that tests/e2e/rss-feeds.spec.ts serves on loopback, which the app may read (OUTBOUND_ALLOW_HOSTS). */
export const E2E_FEED_PORT = Number(process.env.E2E_FEED_PORT ?? 4612);
/** Stripe's API as tests/e2e/billing.spec.ts plays it on loopback (tests/support/fake-stripe.ts). */
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 4614);
/** The OpenAI-compatible server that tests/e2e/ai-help.spec.ts plays (tests/support/openai.ts). */
export const E2E_AI_PORT = Number(process.env.E2E_AI_PORT ?? 4613);
export const E2E_AI_KEY = "e2e-ai-key";
const BASE_URL = `http://127.0.0.1:${PORT}`;

// One fresh data directory per run, shared with the worker processes through the environment.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `socialdesk-e2e-${Date.now()}-${process.pid}`);
const DATA_DIR = process.env.E2E_DATA_DIR;

// The runner process removes it when it exits, after the web server (and its PostgreSQL) stopped.
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_KEEP_DATA) {
  process.once("exit", () => {
    try {
      rmSync(DATA_DIR, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`Could not remove the e2e data directory ${DATA_DIR}: ${String(error)}`);
    }
  });
}

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR,
  EMBEDDED_PG_PORT: String(PG_PORT),
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // The app's own DATABASE_URL (e.g. from a developer's shell) must not leak in: embedded unless asked.
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
  // No network here: the inbox does not listen to Bluesky's relay.
  BLUESKY_FIREHOSE_URL: "off",
  // Social listening searches a local AppView that tests/e2e/listening.spec.ts plays on this port.
  BLUESKY_APPVIEW_URL: `http://127.0.0.1:${E2E_APPVIEW_PORT}`,
  // Billing is on, against the fake Stripe of tests/e2e/billing.spec.ts.
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
  OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${E2E_FEED_PORT},127.0.0.1:${E2E_AI_PORT}`,
  // The AI buttons call a local OpenAI-compatible server (started by the specs that use it).
  AI_BASE_URL: `http://127.0.0.1:${E2E_AI_PORT}/v1`,
  AI_API_KEY: E2E_AI_KEY,
  AI_MODEL: "test-chat-model",
  AI_IMAGE_MODEL: "test-image-model",
  AI_TIMEOUT_MS: "10000",
};
if (process.env.BUILD_DIR) serverEnv.BUILD_DIR = process.env.BUILD_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 7_500 },
  outputDir: "test-results/e2e",
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: `"${process.execPath}" --import tsx scripts/start.ts`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: serverEnv,
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM lets start.ts stop the web server, the worker and the embedded PostgreSQL cleanly.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
