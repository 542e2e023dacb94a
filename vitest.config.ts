import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that take long for their size, started before all others. Without the durations of an
 * earlier run (a fresh clone, as CI runs it) vitest starts the larger files first, so these small
 * ones started last and ran on alone: crash-recovery (44 s: it starts `npm start` with its own
 * PostgreSQL, kills it and starts it again) ended the suite 18 s after every other file.
 */
const LONG_FILES = [
  "tests/integration/crash-recovery.test.ts",
  "tests/integration/topology.test.ts",
  "tests/integration/demo-posts.test.ts",
  "tests/integration/authorization.test.ts",
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONG_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at === -1 ? LONG_FILES.length : at;
    };
    // Within each project, in the order vitest gave the projects.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) =>
      sorted
        .filter((file) => file.project.name === name)
        .map((file, index) => ({ file, index }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
        .map(({ file }) => file),
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
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
