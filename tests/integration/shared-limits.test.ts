import { createHash, randomUUID } from "node:crypto";
import { Effect, Layer, ManagedRuntime } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextSlot, type PublishLimit } from "../../domain/publishing";
import { Database } from "../../infra/db/Database";
import { LinkInBio } from "../../infra/link-in-bio/LinkInBio";
import { PublishLimits, PublishSlots, type PublishTarget, type Slot } from "../../infra/publishing/PublishSlots";
import { createTestApp } from "../support/database";
import { callerFor, registerOwner } from "../support/publishing";
import { until } from "../support/wait";

/**
 * What every process shares (issue 34): the platforms' publishing limits are counted in PostgreSQL,
 * so two worker processes (two PublishSlots layers, each with its own pool, on one database) stay
 * within a limit together, as one process would; the link-in-bio click salt made by two processes
 * at once is one salt.
 */

const MINUTE = 60_000;
const perAccount: PublishLimit = { per: "account", count: 3, windowMs: MINUTE, reason: "the test's limit of 3 posts a minute for an account" };
const perApp: PublishLimit = { per: "app", count: 5, windowMs: MINUTE, reason: "the test's limit of 5 posts a minute for the app" };
const limits = { twitter: [perAccount, perApp] };

let app: Awaited<ReturnType<typeof createTestApp>>;
let workers: ReadonlyArray<ManagedRuntime.ManagedRuntime<PublishSlots, unknown>>;

beforeAll(async () => {
  app = await createTestApp();
  workers = [1, 2].map(() => ManagedRuntime.make(PublishSlots.layer.pipe(Layer.provide(Database.layerFrom(Effect.succeed(app.url), { max: 4 })))));
});

afterAll(async () => {
  await Promise.all(workers.map((w) => w.dispose()));
  await app.close();
});

const take = (worker: number, target: PublishTarget, from: Date) =>
  workers[worker]!.runPromise(PublishSlots.use((slots) => slots.take(target, from)).pipe(Effect.provideService(PublishLimits, limits)));
const release = (worker: number, target: PublishTarget, slot: Slot) =>
  workers[worker]!.runPromise(PublishSlots.use((slots) => slots.release(target, slot)).pipe(Effect.provideService(PublishLimits, limits)));

/** `n` takes by each of the two workers for each target, all at once. */
const takeAtOnce = (targets: ReadonlyArray<PublishTarget>, n: number, from: Date) =>
  Promise.all(targets.flatMap((target) => [0, 1].flatMap((worker) => Array.from({ length: n }, () => take(worker, target, from).then((slot) => ({ target, slot }))))));

/** The most slots that fall in any window of `windowMs` (a slot at t counts in [t, t + windowMs)). */
const busiestWindow = (times: ReadonlyArray<number>, windowMs: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.max(0, ...sorted.map((t) => sorted.filter((u) => u >= t && u < t + windowMs).length));
};

const account = (sandbox: boolean): PublishTarget => ({ platform: "twitter", accountId: randomUUID(), sandbox });
/** A second ahead by `minutes`: each test's own, clear of the others' slots of the app. */
const instant = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + minutes * MINUTE);

describe("a platform's publishing limits across worker processes", () => {
  it("given two workers taking slots for one account at once, then together they stay within its limit, at the moments nextSlot gives one process", async () => {
    const sandbox = account(true);
    const from = instant(1);
    const taken = await takeAtOnce([sandbox], 4, from);

    // Eight takes at one instant, by whichever worker: the same moments as eight in a row in one process.
    const alone: number[] = [];
    for (let i = 0; i < 8; i++) alone.push(nextSlot([{ limit: perAccount, times: alone }], from.getTime()).at);
    const times = taken.map((t) => t.slot.at.getTime()).sort((a, b) => a - b);
    expect(times).toEqual(alone.sort((a, b) => a - b));
    expect(times.filter((t) => t === from.getTime())).toHaveLength(3);
    expect(busiestWindow(times, MINUTE)).toBe(3);
    // Each slot held back says which limit held it.
    expect(taken.filter((t) => t.slot.heldBy).map((t) => t.slot.heldBy!.reason)).toEqual(Array(5).fill(perAccount.reason));

    // A sandbox account plays its account's limit only: none of the app's quota is used.
    const rows = await app.sql`select key, count(*)::int as n from publish_slots group by key order by key`;
    expect(rows).toEqual([{ key: `account:${sandbox.accountId}`, n: 8 }]);
  });

  it("given two accounts on one app, when both workers take slots for both at once, then the app's limit holds them together", async () => {
    const [first, second] = [account(false), account(false)];
    const from = instant(1);
    // Three each (within an account's limit), by one worker and the other: six for the app's five a minute.
    const taken = await Promise.all(
      [first, second].flatMap((target, n) => [0, 1, 0].map((worker) => take((worker + n) % 2, target, from).then((slot) => ({ target, slot })))),
    );

    const times = taken.map((t) => t.slot.at.getTime()).sort((a, b) => a - b);
    expect(times).toEqual([...Array(5).fill(from.getTime()), from.getTime() + MINUTE]);
    expect(taken.filter((t) => t.slot.heldBy).map((t) => t.slot.heldBy)).toEqual([perApp]);
    const [quota] = await app.sql<{ n: number }[]>`select count(*)::int as n from publish_slots where key = 'app:twitter'`;
    expect(quota!.n).toBe(6);
  });

  it("given an account's limit full at an instant, when one worker releases a slot, then either worker takes it again, and only one of them; old slots are purged", async () => {
    const target = account(false);
    const from = instant(10);
    const full = await Promise.all([take(0, target, from), take(0, target, from), take(1, target, from)]);
    expect(full.map((slot) => slot.at)).toEqual([from, from, from]);

    await release(0, target, full[0]!);
    const [again, late] = await Promise.all([take(1, target, from), take(0, target, from)]).then((slots) => slots.sort((a, b) => a.at.getTime() - b.at.getTime()));
    expect(again).toEqual({ at: from, heldBy: null });
    expect(late).toEqual({ at: new Date(from.getTime() + MINUTE), heldBy: perAccount });

    // Given back by the other worker (the later one too: a slot counts against the window before it), free again for the first.
    await release(1, target, late!);
    await release(1, target, again!);
    expect(await take(0, target, from)).toEqual({ at: from, heldBy: null });

    // Slots older than the key's longest window are purged by the next take, and its count follows.
    const later = new Date(from.getTime() + 3 * MINUTE);
    expect(await take(1, target, later)).toEqual({ at: later, heldBy: null });
    const key = `account:${target.accountId}`;
    expect(await app.sql`select at from publish_slots where key = ${key}`).toEqual([{ at: later }]);
    expect(await app.sql`select taken from publish_slot_keys where key = ${key}`).toEqual([{ taken: 1 }]);
  });
});

describe("the link-in-bio click salt across processes", () => {
  it("given another process making the day's salt at the same moment, when a click waits on it, then the click is counted with that salt", async () => {
    const owner = await registerOwner(app, { firstName: "Lee", lastName: "Park", emailPrefix: "salt", company: "Lee Dental" });
    const caller = callerFor(owner);
    const username = `lee-${randomUUID().slice(0, 8)}`;
    const link = await app.run(
      LinkInBio.use((bio) =>
        Effect.flatMap(bio.addLink(caller, { title: "Book a visit", url: "https://leedental.example/book", type: "link", isVisible: true }), (link) =>
          Effect.as(bio.edit(caller, { username, title: "Lee Dental", isPublished: true }), link),
        ),
      ),
    );

    // The other process has inserted the day's salt and not committed yet: this click's insert waits on it.
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const other = await app.sql.reserve();
    try {
      await other`begin`;
      const [theirs] = await other<{ salt: Buffer }[]>`insert into bio_visitor_salts (day, salt) values (${day}, ${Buffer.alloc(32, 7)}) returning salt`;
      const click = app.run(LinkInBio.use((bio) => bio.click(username, link.id, { address: "203.0.113.9", userAgent: "Mozilla/5.0 (iPhone)" }, now)));
      await until(
        () => app.sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        (rows) => rows.length > 0,
        5_000,
      );
      await other`commit`;

      expect(await click).toBe("https://leedental.example/book");
      const [visit] = await app.sql<{ visitor: Buffer }[]>`select visitor from bio_clicks where link_id = ${link.id}`;
      const expected = createHash("sha256").update(theirs!.salt).update(["", owner.workspaceId, "203.0.113.9", "Mozilla/5.0 (iPhone)"].join("\0")).digest();
      expect(visit!.visitor.toString("hex")).toBe(expected.toString("hex"));
    } finally {
      other.release();
    }
  });
});
