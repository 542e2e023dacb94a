import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "infra/**/*.unit.test.ts", "src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          // Files that need a DOM say so in their first line (// @vitest-environment jsdom).
          environment: "node",
          // A worker imports each module once for all the files it runs (Effect and the app's
          // modules were 3/4 of the time when each file imported them afresh). So a unit test
          // puts back what it changes in the process (environment variables, timers, globals;
          // vi.stubEnv and vi.stubGlobal are undone after each test), and the configuration,
          // which config() reads once per process, is the same for all:
          env: { PUBLIC_URL: "https://socialdesk.example" },
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "infra/**/*.integration.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          // A worker imports the modules (Effect, the app's and the build's) once for all the files it
          // runs, not once per file: that import was half of the suite's time. Each file still has its
          // own app and database (tests/support/server.ts), and starts from the worker's environment
          // with its configuration read afresh (tests/integration/setup.ts).
          isolate: false,
          setupFiles: ["tests/integration/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file has its own database and its own app in its worker: files run side by side.
          // More workers than cores: much of a file's time is spent waiting on PostgreSQL and timers.
          maxWorkers: 4,
          // The apps' own log lines stay out of the report unless asked for (LOG_LEVEL=info npm run test:integration).
          env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "error" },
        },
      },
    ],
  },
});
