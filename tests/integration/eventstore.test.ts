import { randomUUID } from "node:crypto";
import { Effect, Exit, Schema } from "effect";
import { sqlClient } from "../../infra/db/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postDecider, postStreamId, requestPublish, reschedule } from "../../domain/publishing";
import { type Decider, defineEvents, type EventMetadata, foldEvents } from "../../domain/shared";
import { Database } from "../../infra/db/Database";
import { catchUpAsyncProjections } from "../../infra/eventstore/async-projector";
import { EventStore } from "../../infra/eventstore/EventStore";
import { handleCommand, handleCommandInBatch } from "../../infra/eventstore/handle";
import { rebuildProjections, verifyProjections } from "../../infra/eventstore/rebuild";
import { Registration } from "../../infra/identity/Registration";
import { asUser, commandContext, createTestPost, registerOwner } from "../support/publishing";
import { projections } from "../../infra/modules";
import { createTestApp, drainProjections } from "../support/database";

const meta: EventMetadata = { actorId: null, workspaceId: null, correlationId: "test", causationId: null };
const now = new Date("2026-03-01T12:00:00Z");
let app: Awaited<ReturnType<typeof createTestApp>>;

/** The store's own tests append events no module has: they are declared here, as a module would. */
const anything = Schema.Record(Schema.String, Schema.Unknown);
const storeTestEvents = defineEvents({ Tested: anything, EarlyEvent: anything, LateEvent: anything, OrderA: anything, OrderB: anything, A: anything, B: anything, C: anything });

beforeAll(async () => {
  app = await createTestApp({ poolSize: 20, moreEvents: [storeTestEvents] });
});
afterAll(() => app?.close());

/** A post's state and version as a job reads them. */
const readPost = (postId: string) =>
  EventStore.use((store) =>
    Effect.map(store.readStream(postStreamId(postId)), (stream) => ({ state: foldEvents(postDecider, stream.events as never), version: stream.version })),
  );

const append = (streamId: string, expectedVersion: number | "no_stream" | "any", type = "Tested") =>
  EventStore.use((store) => store.append(streamId, [{ type, data: { n: 1 } }], { expectedVersion, metadata: meta, now }));

describe("appending with an expected version", () => {
  it("given a new stream, when two writers both expect no stream, then exactly one succeeds", async () => {
    const stream = `test-${randomUUID()}`;
    const results = await Promise.all([
      app.runtime.runPromiseExit(append(stream, "no_stream")),
      app.runtime.runPromiseExit(append(stream, "no_stream")),
    ]);
    expect(results.filter(Exit.isSuccess)).toHaveLength(1);
    const failure = results.find(Exit.isFailure)!;
    expect(JSON.stringify(failure.cause)).toContain("ConcurrencyConflict");
  });

  it("given a stream at version 3, when 20 writers all expect version 3, then one wins and the stream has 4 events", async () => {
    const stream = `test-${randomUUID()}`;
    for (const expected of ["no_stream", 1, 2] as const) await app.run(append(stream, expected));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.runtime.runPromiseExit(append(stream, 3))),
    );
    expect(results.filter(Exit.isSuccess)).toHaveLength(1);
    const [{ count }] = await app.sql`select count(*)::int as count from events where stream_id = ${stream}`;
    expect(count).toBe(4);
    const versions = await app.sql`select stream_version from events where stream_id = ${stream} order by 1`;
    expect(versions.map((r) => r.stream_version)).toEqual([1, 2, 3, 4]);
  });

  it("given concurrent writers with 'any', then no event is lost and versions stay gapless", async () => {
    const stream = `test-${randomUUID()}`;
    await Promise.all(Array.from({ length: 25 }, () => app.run(append(stream, "any"))));
    const versions = await app.sql`select stream_version from events where stream_id = ${stream} order by 1`;
    expect(versions.map((r) => r.stream_version)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
});

describe("handling a command that states no expected version", () => {
  /** A tally: each command adds the next number, decided on the count it read. */
  const tally: Decider<number, { type: "Tested"; data: { n: number } }> = { initialState: () => 0, evolve: (count) => count + 1 };
  const addNext = (count: number) => Effect.succeed([{ type: "Tested" as const, data: { n: count + 1 } }]);

  it("given 5 of a person's commands on one stream at once, then each is decided again on the latest state and all are recorded, numbered in turn", async () => {
    const stream = `test-${randomUUID()}`;
    const person = { ctx: { actor: { kind: "user" as const, userId: randomUUID(), role: "owner" as const }, now, correlationId: "test", causationId: null }, workspaceId: null };
    await Promise.all(Array.from({ length: 5 }, () => app.run(handleCommand(stream, tally, addNext, person as never))));
    const rows = await app.sql<{ n: number }[]>`select (data->>'n')::int as n from events where stream_id = ${stream} order by stream_version`;
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it("given a command stating the version its caller saw, when the stream moved on, then it is refused, not decided again", async () => {
    const stream = `test-${randomUUID()}`;
    const ctx = { ctx: commandContext(), workspaceId: null };
    await app.run(handleCommand(stream, tally, addNext, ctx));
    await app.run(handleCommand(stream, tally, addNext, ctx));
    const stale = await app.runtime.runPromiseExit(handleCommand(stream, tally, addNext, { ...ctx, expectedVersion: 1 }));
    expect(JSON.stringify(Exit.isFailure(stale) && stale.cause)).toContain("ConcurrencyConflict");
  });
});

describe("appending to many streams at once (group commit)", () => {
  const many = (batch: ReadonlyArray<{ streamId: string; expectedVersion: number; type?: string }>) =>
    EventStore.use((store) =>
      store.appendMany(
        batch.map((b) => ({ streamId: b.streamId, expectedVersion: b.expectedVersion, metadata: meta, events: [{ type: b.type ?? "A", data: { n: 1 } }, { type: "B", data: { n: 2 } }] })),
        now,
      ),
    );

  it("given streams at versions 1 and 2, when both are appended together, then each gets its events at its next versions", async () => {
    const one = `test-${randomUUID()}`;
    const two = `test-${randomUUID()}`;
    await app.run(append(one, "no_stream"));
    await app.run(append(two, "no_stream"));
    await app.run(append(two, 1));
    const results = await app.run(many([{ streamId: one, expectedVersion: 1 }, { streamId: two, expectedVersion: 2 }]));
    expect(results.map((r) => r.nextVersion)).toEqual([3, 4]);
    expect(results[0]!.events.map((e) => [e.streamId, e.streamVersion, e.type])).toEqual([[one, 2, "A"], [one, 3, "B"]]);
    const rows = await app.sql`select stream_id, stream_version, type from events where stream_id in (${one}, ${two}) order by stream_id = ${two}, stream_version`;
    expect(rows.map((r) => `${r.stream_id === one ? "one" : "two"}:${r.stream_version}:${r.type}`)).toEqual([
      "one:1:Tested", "one:2:A", "one:3:B", "two:1:Tested", "two:2:Tested", "two:3:A", "two:4:B",
    ]);
  });

  it("given one stream moved on, when appended with others, then the batch fails with its conflict and records nothing", async () => {
    const fine = `test-${randomUUID()}`;
    const moved = `test-${randomUUID()}`;
    await app.run(append(fine, "no_stream"));
    await app.run(append(moved, "no_stream"));
    await app.run(append(moved, 1));
    const exit = await app.runtime.runPromiseExit(many([{ streamId: fine, expectedVersion: 1 }, { streamId: moved, expectedVersion: 1 }]));
    expect(Exit.isFailure(exit)).toBe(true);
    expect(JSON.stringify(exit)).toContain(moved);
    const [{ count }] = await app.sql`select count(*)::int as count from events where stream_id in (${fine}, ${moved})`;
    expect(count).toBe(3);
  });

  it("given 40 commands of one moment, BatchedAppends records them all, and one decided on a stale version falls back to being handled alone", async () => {
    const user = await registerOwner(app, { firstName: "Grace", lastName: "Group", emailPrefix: "group", company: "Group Co" });
    const at = new Date(Date.now() + 3_600_000);
    const posts = await Promise.all(Array.from({ length: 40 }, (_, i) => createTestPost(app, user, `Moment ${i}`, [{ accountId: randomUUID(), platform: "bluesky" }], { scheduledAt: at })));
    const known = await Promise.all(posts.map((id) => app.run(readPost(id))));
    // Another writer moves one post on after it was read.
    await app.run(handleCommand(postStreamId(posts[0]!), postDecider, reschedule({ scheduledAt: new Date(at.getTime() + 60_000), timeZone: "UTC", now: new Date() }), asUser(user)));

    const results = await Promise.all(
      posts.map((id, i) =>
        app.run(handleCommandInBatch(postStreamId(id), postDecider, requestPublish({ now: new Date() }), { ...asUser(user), known: known[i]! })),
      ),
    );
    expect(results.every((r) => r.state.status === "publishing")).toBe(true);
    const requested = await app.sql`select stream_id from events where type = 'PostPublishRequested' and stream_id = any(${posts.map(postStreamId)})`;
    expect(requested).toHaveLength(40);
    const statuses = await app.sql`select distinct status from posts where id = any(${posts})`;
    expect(statuses.map((r) => r.status)).toEqual(["publishing"]);
    const [moved] = await app.sql<{ type: string }[]>`select type from events where stream_id = ${postStreamId(posts[0]!)} order by stream_version desc limit 1`;
    expect(moved!.type).toBe("PostPublishRequested");
  });
});

describe("projections", () => {
  const ctx = () => commandContext();
  const registerSome = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await app.run(
        Registration.use((registration) =>
          registration.register(
            {
              firstName: "Test",
              lastName: `User${i}`,
              email: `user${i}-${randomUUID().slice(0, 8)}@example.com`,
              company: "Example Co",
              password: "correct horse",
              selectedPlan: "starter",
              timeZone: "Europe/Paris",
            },
            ctx(),
          ),
        ),
      );
    }
  };

  it("given registered users, when the read models are rebuilt, then they equal the live ones", async () => {
    await registerSome(3);
    const before = await app.sql`select * from users order by id`;
    await drainProjections(app.run);
    const verified = await app.run(verifyProjections(projections));
    expect(verified.differences).toEqual([]);
    await app.run(rebuildProjections(projections));
    const after = await app.sql`select * from users order by id`;
    expect(after).toEqual(before);
  });

  it("each projection can be rebuilt on its own (the operator page's Rebuild), leaving the others as they are", async () => {
    await registerSome(1);
    const users = await app.sql`select count(*)::int as n from users`;
    for (const projection of projections) await app.run(rebuildProjections([projection]));
    expect(await app.sql`select count(*)::int as n from users`).toEqual(users);
    expect((await app.run(verifyProjections(projections))).differences).toEqual([]);
  });

  it("given a tampered read model, verify reports the difference and changes nothing", async () => {
    await registerSome(1);
    await app.sql`update users set company = 'Tampered' where id = (select id from users order by created_at limit 1)`;
    const verified = await app.run(verifyProjections(projections));
    expect(verified.differences.map((d) => d.table)).toEqual(["users"]);
    expect(verified.differences[0]).toMatchObject({ onlyLive: 1, onlyRebuilt: 1 });
    const [{ count }] = await app.sql`select count(*)::int as count from users where company = 'Tampered'`;
    expect(count).toBe(1);
    await app.run(rebuildProjections(projections));
    expect((await app.run(verifyProjections(projections))).differences).toEqual([]);
  });

  it("given an event committed late with a smaller position, the async projector does not skip it", async () => {
    await drainProjections(app.run);
    // A transaction that takes a position now but commits only after a later one has committed.
    const slow = sqlClient(app.url, { max: 1, onnotice: () => {} });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let positioned!: () => void;
    const hasPosition = new Promise<void>((resolve) => (positioned = resolve));
    const slowCommit = slow.begin(async (tx) => {
      await tx`insert into events (stream_id, stream_version, type, data, metadata)
               values (${`late-${randomUUID()}`}, 1, 'LateEvent', '{}'::jsonb, ${tx.json({ ...meta })})`;
      positioned();
      await held;
    });
    await hasPosition;
    await app.run(append(`early-${randomUUID()}`, "no_stream", "EarlyEvent"));
    await app.run(catchUpAsyncProjections(projections));
    const seen = async () =>
      (await app.sql`select type from audit_log where type in ('LateEvent', 'EarlyEvent')`).map((r) => r.type).sort();
    // The early event is held back too: its transaction is newer than the running one.
    expect(await seen()).toEqual([]);
    release();
    await slowCommit;
    await slow.end();
    // Caught up once no older transaction is running on the server (other test files share it).
    await drainProjections(app.run);
    expect(await seen()).toEqual(["EarlyEvent", "LateEvent"]);
  });

  it("given events whose positions and transactions run in opposite orders, a rebuild leaves the async projector nothing to repeat", async () => {
    await drainProjections(app.run);
    // Transaction A takes its id first but writes its event after B: A's event has the later position.
    const slow = sqlClient(app.url, { max: 1, onnotice: () => {} });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const hasId = new Promise<void>((resolve) => (started = resolve));
    const slowCommit = slow.begin(async (tx) => {
      await tx`select pg_current_xact_id()`;
      started();
      await held;
      await tx`insert into events (stream_id, stream_version, type, data, metadata)
               values (${`a-${randomUUID()}`}, 1, 'OrderA', '{}'::jsonb, ${tx.json({ ...meta })})`;
    });
    await hasId;
    await app.run(append(`b-${randomUUID()}`, "no_stream", "OrderB"));
    release();
    await slowCommit;
    await slow.end();

    await app.run(rebuildProjections(projections));
    await drainProjections(app.run);
    const [{ events }] = await app.sql`select count(*)::int as events from events`;
    const [{ audited }] = await app.sql`select count(*)::int as audited from audit_log`;
    expect(audited).toBe(events);
    expect((await app.run(verifyProjections(projections))).differences).toEqual([]);
  });

  it("inline projections are read-your-writes: a failed append leaves no read-model row", async () => {
    const email = `dup-${randomUUID().slice(0, 8)}@example.com`;
    const register = Registration.use((registration) =>
      registration.register(
        { firstName: "Dup", lastName: "User", email, company: "Dup Co", password: "correct horse", selectedPlan: "growth", timeZone: "UTC" },
        ctx(),
      ),
    );
    await app.run(register);
    const second = await app.runtime.runPromiseExit(register);
    expect(Exit.isFailure(second)).toBe(true);
    const rows = await app.sql`select count(*)::int as count from users where email = ${email}`;
    expect(rows[0].count).toBe(1);
    const workspaces = await app.sql`select count(*)::int as count from workspaces where name = 'Dup Co'`;
    expect(workspaces[0].count).toBe(1);
  });
});

describe("the async projector's order", () => {
  it("given transaction ids of different lengths (99, 100, 1000), it orders them as numbers, not as text", async () => {
    const fresh = await createTestApp({ moreEvents: [storeTestEvents] });
    try {
      // Transaction ids well below any running transaction, written directly: the projector reads them in id order.
      for (const [tx, type] of [["99", "A"], ["1000", "C"], ["100", "B"]] as const) {
        await fresh.sql`insert into events (stream_id, stream_version, type, data, metadata, transaction_id)
                        values (${`order-${type}`}, 1, ${type}, '{}'::jsonb, ${fresh.sql.json({ ...meta })}, ${tx}::xid8)`;
      }
      await fresh.run(catchUpAsyncProjections(projections));
      const [checkpoint] = await fresh.sql`select last_transaction_id::text as tx from projection_checkpoints where name = 'audit-log'`;
      expect(checkpoint.tx).not.toBe("100");
      expect(BigInt(checkpoint.tx)).toBeGreaterThanOrEqual(1000n);
      await fresh.run(catchUpAsyncProjections(projections));
      expect((await fresh.run(verifyProjections(projections))).differences).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe("the database service", () => {
  it("rolls back every query of a failed transaction", async () => {
    const stream = `test-${randomUUID()}`;
    const exit = await app.runtime.runPromiseExit(
      Database.use((db) =>
        db.withTransaction(
          Effect.gen(function* () {
            yield* append(stream, "no_stream");
            return yield* Effect.fail("boom" as const);
          }),
        ),
      ),
    );
    expect(Exit.isFailure(exit)).toBe(true);
    const rows = await app.sql`select 1 from events where stream_id = ${stream}`;
    expect(rows).toHaveLength(0);
  });
});
