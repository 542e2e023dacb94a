import { randomUUID } from "node:crypto";
import { test as base, expect } from "@playwright/test";
import { Effect, type Layer, ManagedRuntime } from "effect";
import { sqlClient } from "../../infra/db/client";
import type { Tier } from "../../domain/plans";
import { systemContext } from "../../domain/shared";
import { Database } from "../../infra/db/Database";
import { UserAdmin } from "../../infra/identity/UserAdmin";
import { servicesOn } from "../../infra/layers";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { type AppView, emptyAppView, type LocalServer, notFound, startAppView, startLocalServer } from "../support/local-servers";
import { type FakeMastodon, startFakeMastodon } from "../support/mastodon";
import { aiEnv, type FakeAi, startFakeAi } from "../support/openai";
import { startTestServer } from "../support/processes";
import { withDatabase } from "../support/run-databases";

export { expect };

/**
 * The one `test` of the end-to-end specs. Each Playwright worker has an app of its own: a database
 * cloned from the run's migrated template (tests/e2e/global-setup.ts), the local servers that play
 * the sites the app reads (Stripe, an OpenAI-compatible AI, Bluesky's AppView, a blog) on
 * ports the system picks, and the app as `npm start` runs it (scripts/start.ts) pointed at them.
 * Its tests get `baseURL` from it, and the local servers to program, reset before each test.
 */
export interface WorkerApp {
  /** The app's address. */
  readonly url: string;
  readonly databaseUrl: string;
  /** What the app has written to its stdout and stderr (warnings and errors). */
  readonly output: () => string;
  readonly stripe: FakeStripe;
  readonly ai: FakeAi;
  readonly appView: AppView;
  /** A blog's site, which the app may read (OUTBOUND_ALLOW_HOSTS): a test says what it serves. */
  readonly blog: LocalServer;
  /** A Mastodon instance a person may connect (OUTBOUND_ALLOW_HOSTS names it). */
  readonly mastodon: FakeMastodon;
  /** The app's services on its database, for what support staff do from the command line. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, Layer.Success<ReturnType<typeof servicesOn>>>) => Promise<A>;
}

interface TestFixtures {
  /** A failed test carries what its worker's app wrote meanwhile. */
  readonly appOutput: void;
  readonly stripe: FakeStripe;
  readonly ai: FakeAi;
  readonly appView: AppView;
  /** A blog's site, which the app may read: a test says what it serves (404 until then). */
  readonly blog: LocalServer;
  /** Support staff set a user's plan, as `npm run admin:plan -- <email> <tier>` does (PlanChanged, through UserAdmin). */
  readonly setPlan: (email: string, tier: Tier) => Promise<void>;
  /** Marks an account as operator, as `npm run admin:grant -- <email>` does. */
  readonly grantOperator: (email: string) => Promise<void>;
  /** The text of the newest mails kept in the outbox to `email`, newest first (what `npm run mail:outbox -- <email>` prints). */
  readonly outbox: (email: string) => Promise<ReadonlyArray<string>>;
}

interface WorkerFixtures {
  readonly app: WorkerApp;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  app: [
    async ({}, use, workerInfo) => {
      const adminUrl = process.env.E2E_ADMIN_DATABASE_URL;
      const template = process.env.E2E_TEMPLATE_DATABASE;
      if (!adminUrl || !template) throw new Error("No e2e database: run the specs through playwright.config.ts (its globalSetup makes it).");
      const name = `${process.env.E2E_DATABASE_PREFIX}w${workerInfo.workerIndex}`;
      const admin = sqlClient(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}" template "${template}"`);
      const databaseUrl = withDatabase(adminUrl, name);
      const fakes = await Promise.all([startFakeStripe(), startFakeAi(), startAppView(), startLocalServer(), startFakeMastodon()]);
      const [stripe, ai, appView, blog, mastodon] = fakes;
      try {
        const server = await startTestServer({
          databaseUrl,
          env: {
            LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
            BLUESKY_APPVIEW_URL: appView.url,
            ...stripe.env,
            ...aiEnv(ai, { AI_TIMEOUT_MS: "10000" }),
            OUTBOUND_ALLOW_HOSTS: [blog.host, new URL(ai.baseUrl).host, mastodon.host].join(","),
            // A test that connects Telegram or Discord plays their API on the same local server.
            TELEGRAM_API_BASE: blog.url,
            DISCORD_API_BASE: `${blog.url}/api`,
            // The sandbox's sample replies arrive a second after a post goes out, not 20.
            SANDBOX_REPLY_DELAY_SECONDS: "1",
          },
        });
        const runtime = ManagedRuntime.make(servicesOn(Database.layerFrom(Effect.succeed(databaseUrl), { max: 2 })));
        try {
          await use({ url: server.url, databaseUrl, output: server.output, stripe, ai, appView, blog, mastodon, run: (effect) => runtime.runPromise(effect) });
        } finally {
          await runtime.dispose();
          await server.stop();
        }
      } finally {
        await Promise.all(fakes.map((fake) => fake.close()));
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
  appOutput: [
    async ({ app }, use, testInfo) => {
      const from = app.output().length;
      await use();
      if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("app output", { body: app.output().slice(from) || "(nothing)", contentType: "text/plain" });
    },
    { auto: true },
  ],
  stripe: async ({ app }, use) => {
    app.stripe.problems.length = 0;
    await use(app.stripe);
  },
  ai: async ({ app }, use) => {
    app.ai.reset();
    await use(app.ai);
  },
  appView: async ({ app }, use) => {
    app.appView.answer = emptyAppView;
    await use(app.appView);
  },
  blog: async ({ app }, use) => {
    app.blog.handle = notFound;
    await use(app.blog);
  },
  setPlan: async ({ app }, use) => {
    await use(async (email, tier) => {
      await app.run(UserAdmin.use((admin) => admin.setPlan(email, tier, "set by support", systemContext("cli", new Date(), randomUUID()))));
    });
  },
  grantOperator: async ({ app }, use) => {
    await use(async (email) => {
      await app.run(UserAdmin.use((admin) => admin.grantOperator(email, systemContext("cli", new Date(), randomUUID()))));
    });
  },
  outbox: async ({ app }, use) => {
    await use(async (email) => {
      const mails = await app.run(
        Database.use((db) =>
          db.query((sql) => sql<{ body_text: string }[]>`select body_text from mail_outbox where lower(to_address) = ${email.trim().toLowerCase()} order by id desc limit 5`),
        ),
      );
      return mails.map((mail) => mail.body_text);
    });
  },
});
