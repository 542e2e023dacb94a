import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "infra/**/*.unit.test.ts", "src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "infra/**/*.integration.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
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
