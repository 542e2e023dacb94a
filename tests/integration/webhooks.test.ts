import { Effect, Exit, Layer } from "effect";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION_DENIED_MESSAGE } from "../../domain/access";
import { Database } from "../../infra/db/Database";
import { EventStore } from "../../infra/eventstore/EventStore";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { storedEventsLayer } from "../../infra/modules";
import { webhookEndpointsProjection } from "../../domain/webhooks";
import { deliverWebhook, purgeOldDeliveries, RETRY_DELAYS_MS } from "../../infra/webhooks/delivery";
import { type Browser, publishedPost } from "../support/browser";
import { allowOutbound } from "../support/outbound";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";
import { startWebhookReceiver } from "../support/webhook-receiver";

/**
 * Webhooks out (Standard Webhooks) on the real app: endpoints saved through the API, deliveries
 * made by the worker's jobs to a local receiver (allowed through OUTBOUND_ALLOW_HOSTS), signed and
 * verified with the `standardwebhooks` package, retried with the same webhook-id, refused for
 * private addresses, never sent for an event that was rolled back, disabled after 3 days of failures.
 */

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  allowOutbound(receiver.base);
});
afterAll(() => receiver.close());

const app = useAppServer({ env: () => ({ OUTBOUND_ALLOW_HOSTS: process.env.OUTBOUND_ALLOW_HOSTS! }) });
const { owner, joined, email, workspaceOf } = teamHelpers(app);

const addEndpoint = async (browser: Browser, path: string, events: string[]) => {
  const added = await browser.post("/api/webhook-endpoints", { url: `${receiver.base}${path}`, events, description: `Receiver ${path}` });
  expect(added.status, added.text).toBe(201);
  return added.data as { id: string; url: string; events: string[]; secret: string; enabled: boolean };
};

const deliveriesOf = async (browser: Browser, endpointId: string) => {
  const page = await browser.get(`/api/webhook-endpoints/${endpointId}/deliveries`);
  expect(page.status, page.text).toBe(200);
  return page.data.items as Array<Record<string, any>>;
};

const withSandbox = async () => {
  const signed = await owner();
  const account = await signed.browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Lee Dental" });
  expect(account.status, account.text).toBe(201);
  return signed;
};

describe("a signed delivery", () => {
  it("given an endpoint for post.published, when a post is published, then the receiver gets it signed per Standard Webhooks, verified with the endpoint's secret", async () => {
    const { browser } = await withSandbox();
    const endpoint = await addEndpoint(browser, "/signed", ["post.published"]);
    expect(endpoint).toMatchObject({ url: `${receiver.base}/signed`, events: ["post.published"], enabled: true });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The list shows the secret too: a receiver needs it to verify.
    expect((await browser.get("/api/webhook-endpoints")).data).toEqual([expect.objectContaining({ id: endpoint.id, secret: endpoint.secret })]);

    const post = await publishedPost(browser, { content: "Open on Saturdays from May", platforms: ["bluesky"] });
    const [hook] = await until(
      async () => receiver.at("/signed"),
      (hooks) => hooks.length > 0,
    );
    expect(hook, "no delivery reached the receiver").toBeDefined();
    const verified = new Webhook(endpoint.secret).verify(hook!.body, hook!.headers as Record<string, string>) as Record<string, any>;
    expect(verified).toMatchObject({ type: "post.published", data: { post: { id: post.id, status: "published", content: "Open on Saturdays from May" } } });
    expect(new Date(verified.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(hook!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(hook!.body, hook!.headers as Record<string, string>)).toThrow();

    await app.drainJobs();
    const [delivery] = await deliveriesOf(browser, endpoint.id);
    expect(delivery).toMatchObject({
      messageId: hook!.headers["webhook-id"],
      eventType: "post.published",
      status: "delivered",
      attempts: 1,
      lastStatus: 200,
      lastResponse: "thanks",
      lastError: null,
      nextAttemptAt: null,
    });
    // Only what it subscribes to: the post's other events sent nothing.
    expect(receiver.at("/signed")).toHaveLength(1);

    // Redeliver: the same message again, once more.
    const again = await browser.post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/redeliver`);
    expect(again.status, again.text).toBe(202);
    expect(again.data).toMatchObject({ id: delivery!.id, status: "pending" });
    await until(
      async () => receiver.at("/signed"),
      (hooks) => hooks.length === 2,
    );
    const [first, second] = receiver.at("/signed");
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(second!.body).toBe(first!.body);
    await app.drainJobs();
    expect((await deliveriesOf(browser, endpoint.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });
});

describe("retries", () => {
  it("given a receiver answering 500 then 200, when the retry's time comes, then it is sent again with the same webhook-id and delivered", async () => {
    const { browser } = await withSandbox();
    const endpoint = await addEndpoint(browser, "/flaky", ["post.scheduled"]);
    receiver.answer("/flaky", [500]);
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const post = await browser.post("/api/posts", { content: "Flu shots next week", platforms: ["bluesky"], status: "scheduled", scheduledAt: inAnHour });
    expect(post.status, post.text).toBe(201);

    await until(
      async () => receiver.at("/flaky"),
      (hooks) => hooks.length === 1,
    );
    await app.drainJobs();
    const [failed] = await deliveriesOf(browser, endpoint.id);
    expect(failed).toMatchObject({ eventType: "post.scheduled", status: "pending", attempts: 1, lastStatus: 500, lastResponse: "receiver failed with 500" });
    expect(failed!.lastError).toBe("The endpoint answered 500.");
    const wait = new Date(failed!.nextAttemptAt).getTime() - new Date(failed!.lastAttemptAt).getTime();
    expect(wait).toBe(RETRY_DELAYS_MS[0]);
    expect(wait).toBeLessThanOrEqual(60_000);

    // The test's clock: the retry's job is due now.
    const moved = await app.sql`update graphile_worker._private_jobs set run_at = now() where key = ${`webhook:${failed!.id}`} returning id`;
    expect(moved).toHaveLength(1);
    await until(
      async () => receiver.at("/flaky"),
      (hooks) => hooks.length === 2,
    );
    await app.drainJobs();
    const [first, retry] = receiver.at("/flaky");
    expect(retry!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(JSON.parse(retry!.body)).toMatchObject({ type: "post.scheduled", data: { post: { id: post.data.id }, scheduledAt: expect.any(String) } });
    expect((await deliveriesOf(browser, endpoint.id))[0]).toMatchObject({ id: failed!.id, status: "delivered", attempts: 2, lastStatus: 200, nextAttemptAt: null });
  });
});

describe("private addresses", () => {
  it("given an address on loopback, a private network or without https, when it is saved, then it is refused with a sentence", async () => {
    const { browser } = await owner();
    for (const url of ["https://127.0.0.1/hooks", "https://10.1.2.3/hooks", "https://localhost:4629/hooks", "https://[::1]/hooks"]) {
      const refused = await browser.post("/api/webhook-endpoints", { url, events: ["post.published"] });
      expect(refused.status, url).toBe(400);
      expect(refused.data.errors.url, url).toMatch(/is on a private or reserved network, which this server does not reach\. Use a public address\./);
    }
    const plain = await browser.post("/api/webhook-endpoints", { url: "http://hooks.example.com/in", events: ["post.published"] });
    expect(plain.status).toBe(400);
    expect(plain.data.errors.url).toBe("Use an https:// address: events are sent only over an encrypted connection.");
    const noEvents = await browser.post("/api/webhook-endpoints", { url: `${receiver.base}/x`, events: [] });
    expect(noEvents.data.errors.events).toBe("Choose at least one event.");
    expect((await browser.get("/api/webhook-endpoints")).data).toEqual([]);
  });

  it("given a saved endpoint whose host the server may no longer reach, when an event is sent, then the call is refused and recorded, and nothing arrives", async () => {
    const { browser } = await owner();
    const endpoint = await addEndpoint(browser, "/withdrawn", ["review.received"]);
    const allowed = process.env.OUTBOUND_ALLOW_HOSTS!;
    process.env.OUTBOUND_ALLOW_HOSTS = "";
    try {
      const test = await browser.post(`/api/webhook-endpoints/${endpoint.id}/test`);
      expect(test.status, test.text).toBe(202);
      await app.drainJobs();
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = allowed;
    }
    expect(receiver.at("/withdrawn")).toHaveLength(0);
    const [refused] = await deliveriesOf(browser, endpoint.id);
    expect(refused).toMatchObject({ eventType: "webhook.test", status: "pending", attempts: 1, lastStatus: null });
    expect(refused!.lastError).toBe("127.0.0.1 is on a private or reserved network, which this server does not reach. Use a public address.");
  });
});

describe("redirects", () => {
  it("given a receiver answering a redirect, when an event is sent, then the redirect is not followed and the attempt failed, saying so", async () => {
    const { browser } = await owner();
    const endpoint = await addEndpoint(browser, "/moved", ["post.published"]);
    receiver.answer("/moved", [301]);
    expect((await browser.post(`/api/webhook-endpoints/${endpoint.id}/test`)).status).toBe(202);
    await app.drainJobs();
    expect(receiver.at("/moved")).toHaveLength(1);
    expect(receiver.at("/followed")).toHaveLength(0);
    const [moved] = await deliveriesOf(browser, endpoint.id);
    expect(moved).toMatchObject({ status: "pending", attempts: 1, lastStatus: 301 });
    expect(moved!.lastError).toBe("The endpoint answered a redirect (301); redirects are not followed. Save the address it points to.");
  });
});

describe("transactions", () => {
  it("given an event whose transaction rolls back, then nothing is queued or sent; the same event committed is delivered", async () => {
    const { browser, user } = await withSandbox();
    const endpoint = await addEndpoint(browser, "/rollback", ["post.scheduled"]);
    const draft = await browser.post("/api/posts", { content: "Maybe next week", platforms: ["bluesky"], status: "draft" });
    expect(draft.status, draft.text).toBe(201);
    const streamId = `post-${draft.data.id}`;
    const workspaceId = await workspaceOf(user.id);
    const schedule = (commit: boolean) =>
      app.run(
        Effect.exit(
          Effect.gen(function* () {
            const db = yield* Database;
            const store = yield* EventStore;
            yield* db.withTransaction(
              Effect.gen(function* () {
                const { version } = yield* store.readStream(streamId);
                yield* store.append(streamId, [{ type: "PostScheduled", data: { scheduledAt: new Date(Date.now() + 7_200_000).toISOString(), timeZone: "UTC" } }], {
                  expectedVersion: version,
                  metadata: { actorId: user.id, workspaceId, correlationId: crypto.randomUUID(), causationId: null },
                  now: new Date(),
                });
                if (!commit) return yield* Effect.fail("the command failed after its append");
              }),
            );
          }),
        ),
      );

    expect(Exit.isFailure(await schedule(false))).toBe(true);
    await app.drainJobs();
    expect(await deliveriesOf(browser, endpoint.id)).toEqual([]);
    expect(receiver.at("/rollback")).toHaveLength(0);

    expect(Exit.isSuccess(await schedule(true))).toBe(true);
    await until(
      async () => receiver.at("/rollback"),
      (hooks) => hooks.length === 1,
    );
    expect(JSON.parse(receiver.at("/rollback")[0]!.body)).toMatchObject({ type: "post.scheduled", data: { post: { id: draft.data.id } } });
  });
});

describe("an endpoint failing for 3 days", () => {
  it("given deliveries failing since 3 days ago, when one more fails, then the endpoint is disabled and its owner e-mailed", async () => {
    const { browser, input } = await owner();
    const endpoint = await addEndpoint(browser, "/down", ["post.published"]);
    receiver.answer("/down", Array(20).fill(503));
    expect((await browser.post(`/api/webhook-endpoints/${endpoint.id}/test`)).status).toBe(202);
    await app.drainJobs();
    const [first] = await deliveriesOf(browser, endpoint.id);
    expect(first).toMatchObject({ status: "pending", lastStatus: 503 });

    // Two days on, still failing: nothing changes.
    const firstFailure = new Date(first!.lastAttemptAt).getTime();
    await app.run(deliverWebhook(first!.id, new Date(firstFailure + 2 * 86_400_000)));
    expect((await browser.get(`/api/webhook-endpoints/${endpoint.id}`)).data.enabled).toBe(true);

    // Three days after the first failure, with no success since: disabled, and the owner is told.
    await app.run(deliverWebhook(first!.id, new Date(firstFailure + 3 * 86_400_000 + 60_000)));
    const disabled = (await browser.get(`/api/webhook-endpoints/${endpoint.id}`)).data;
    expect(disabled).toMatchObject({
      enabled: false,
      disabledReason: "Disabled after its deliveries failed for 3 days. Check the address, then enable it again.",
    });
    const [mail] = await app.sql<{ subject: string; body_text: string }[]>`
      select subject, body_text from mail_outbox where to_address = ${input.email} and subject = 'A webhook endpoint was disabled'`;
    expect(mail?.body_text).toContain(`SocialDesk stopped sending events to ${receiver.base}/down`);
    expect(mail?.body_text).toContain("/app/settings?tab=webhooks");

    // A disabled endpoint sends nothing more until it is enabled again.
    const refused = await browser.post(`/api/webhook-endpoints/${endpoint.id}/test`);
    expect(refused.status).toBe(409);
    expect(refused.data.detail).toBe("This endpoint is disabled. Enable it first, then send again.");
    const enabled = await browser.put(`/api/webhook-endpoints/${endpoint.id}`, { enabled: true });
    expect(enabled.data).toMatchObject({ enabled: true, disabledReason: null });
    // The audit trail says who did what.
    const audit = await until(
      () => app.sql<{ summary: string }[]>`select summary from audit_log where stream_id = ${`webhook-endpoint-${endpoint.id}`} order by global_position`,
      (rows) => rows.length >= 3,
    );
    expect(audit.map((a) => a.summary)).toEqual([
      expect.stringMatching(/^Added the webhook endpoint 127\.0\.0\.1:\d+ \(post\.published\)$/),
      "Disabled a webhook endpoint after 3 days of failed deliveries",
      "Enabled a webhook endpoint",
    ]);
  });
});

describe("old deliveries", () => {
  it("given finished deliveries older than 30 days and a pending one, when the daily purge runs, then only the old finished ones are forgotten", async () => {
    const { browser } = await owner();
    const endpoint = await addEndpoint(browser, "/kept", ["post.published"]);
    receiver.answer("/kept", [200, 503]);
    expect((await browser.post(`/api/webhook-endpoints/${endpoint.id}/test`)).status).toBe(202);
    expect((await browser.post(`/api/webhook-endpoints/${endpoint.id}/test`)).status).toBe(202);
    await app.drainJobs();
    const [pending, delivered] = (await deliveriesOf(browser, endpoint.id)).sort((a, b) => (a.status === "pending" ? -1 : b.status === "pending" ? 1 : 0));
    expect([pending?.status, delivered?.status]).toEqual(["pending", "delivered"]);
    await app.sql`update webhook_deliveries set created_at = now() - interval '31 days' where endpoint_id = ${endpoint.id}`;
    await app.run(purgeOldDeliveries(new Date()));
    expect((await deliveriesOf(browser, endpoint.id)).map((d) => d.id)).toEqual([pending!.id]);
  });
});

describe("who manages webhooks", () => {
  it("given a member, when they read or add endpoints, then they are refused; the owner edits and removes them", async () => {
    const { browser } = await owner();
    const endpoint = await addEndpoint(browser, "/team", ["message.received", "review.received"]);
    const { member } = await joined(browser, email("maria"), "member");
    for (const refused of [
      await member.get("/api/webhook-endpoints"),
      await member.post("/api/webhook-endpoints", { url: `${receiver.base}/member`, events: ["post.published"] }),
      await member.get(`/api/webhook-endpoints/${endpoint.id}/deliveries`),
      await member.post(`/api/webhook-endpoints/${endpoint.id}/test`),
      await member.delete(`/api/webhook-endpoints/${endpoint.id}`),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.data.detail).toBe(PERMISSION_DENIED_MESSAGE);
    }

    const changed = await browser.put(`/api/webhook-endpoints/${endpoint.id}`, { events: ["review.responded", "review.received"], description: "Reviews to Slack" });
    expect(changed.data).toMatchObject({ events: ["review.received", "review.responded"], description: "Reviews to Slack", secret: endpoint.secret });
    expect((await browser.delete(`/api/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await browser.get(`/api/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
    expect((await browser.get("/api/webhook-endpoints/not-an-id")).status).toBe(404);
  });

  it("given the endpoints of every test, when their read model is rebuilt from the events, then it is the same", async () => {
    const { differences } = await Effect.runPromise(
      verifyProjections([webhookEndpointsProjection]).pipe(
        Effect.provide(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer())),
      ),
    );
    expect(differences).toEqual([]);
  });
});
