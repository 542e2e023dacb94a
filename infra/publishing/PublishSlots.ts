import { Context, Effect, Layer } from "effect";
import type { PlatformId } from "../../domain/accounts/platforms";
import { PUBLISH_LIMITS, type PublishLimit } from "../../domain/publishing";
import { Database, type SqlError } from "../db/Database";
import { gathered, inRunsOf } from "../db/gathered";

/** The platforms' publishing limits in force: the documented ones (tests put small windows in their place). */
export const PublishLimits = Context.Reference<Readonly<Partial<Record<PlatformId, ReadonlyArray<PublishLimit>>>>>("app/PublishLimits", {
  defaultValue: () => PUBLISH_LIMITS,
});

export interface PublishTarget {
  readonly platform: PlatformId;
  readonly accountId: string;
  /** Sandbox accounts play their platform's per-account limits but use none of the app's quota. */
  readonly sandbox: boolean;
}

/** When a target may be sent: `at` (now, or later when a limit is full) and the limit that held it. */
export interface Slot {
  readonly at: Date;
  readonly heldBy: PublishLimit | null;
}

/** How long the first take of a batch waits for others to join it. */
const GATHER_MS = 2;
/** Takes in one call at most. */
const MAX_BATCH = 500;

/** One take: the target's limits with the keys they count under, from when. */
interface Take {
  readonly limits: ReadonlyArray<{ readonly key: string; readonly limit: PublishLimit }>;
  readonly from: Date;
}

/**
 * The publication slots of every worker process: each call to a platform takes one, at the first
 * moment that fits the platform's limits for the account and for the app (`nextSlot`'s rule). The
 * slots are rows of `publish_slots` (migration 0052), taken by `publish_slot_take` under the keys'
 * advisory locks, so two workers together stay within a limit, and a take waits only on takes of the
 * same account or app. The takes of one moment (the scheduler's 9:00:00) go together, one round trip
 * for a batch, as appends do (BatchedAppends): one at a time, a burst of X posts would queue on the
 * app's lock with the worker's connections. Past the documented limits, a platform's 429 is still
 * retried with its wait.
 */
export class PublishSlots extends Context.Service<
  PublishSlots,
  {
    /** Outside a transaction: the moment's batch is written by its first caller's fiber, and would hold the keys' locks until that caller's commit. */
    readonly take: (target: PublishTarget, from: Date) => Effect.Effect<Slot, SqlError>;
    /** Gives back a slot that was not used (the publication did not start). */
    readonly release: (target: PublishTarget, slot: Slot) => Effect.Effect<void, SqlError>;
  }
>()("app/PublishSlots") {
  static layer = Layer.effect(
    PublishSlots,
    Effect.gen(function* () {
      const db = yield* Database;

      /** Each limit of the target with the key it counts under; sandbox accounts use none of the app's quota. */
      const limitsOf = (target: PublishTarget, limits: ReadonlyArray<PublishLimit>) =>
        limits.flatMap((limit) =>
          limit.per === "account" ? [{ key: `account:${target.accountId}`, limit }] : target.sandbox ? [] : [{ key: `app:${target.platform}`, limit }],
        );

      const write = (batch: ReadonlyArray<Take>) =>
        Effect.gen(function* () {
          const all = batch.flatMap((b) => b.limits);
          const first: number[] = [];
          const last: number[] = [];
          for (const b of batch) {
            first.push((last.at(-1) ?? 0) + 1);
            last.push((last.at(-1) ?? 0) + b.limits.length);
          }
          const rows = yield* db.query(
            (sql) => sql<{ take: number; slot_at: Date; held_by: number | null }[]>`
              select take, slot_at, held_by from publish_slot_take(
                ${all.map((l) => l.key)}::text[], ${all.map((l) => l.limit.count)}::integer[], ${all.map((l) => l.limit.windowMs)}::bigint[],
                ${first}::integer[], ${last}::integer[], ${batch.map((b) => b.from.toISOString())}::timestamptz[])`,
          );
          const byTake = new Map(rows.map((row) => [row.take, row]));
          return batch.map((_, index): Slot => {
            const row = byTake.get(index + 1)!;
            return { at: row.slot_at, heldBy: row.held_by === null ? null : all[row.held_by - 1]!.limit };
          });
        });

      const takeTogether = gathered({ gatherMs: GATHER_MS, batchesOf: inRunsOf(MAX_BATCH), write });

      const take = Effect.fn("PublishSlots.take")(function* (target: PublishTarget, from: Date) {
        const limits = limitsOf(target, (yield* PublishLimits)[target.platform] ?? []);
        if (limits.length === 0) return { at: from, heldBy: null } satisfies Slot;
        return yield* takeTogether({ limits, from });
      });

      const release = Effect.fn("PublishSlots.release")(function* (target: PublishTarget, slot: Slot) {
        const keys = [...new Set(limitsOf(target, (yield* PublishLimits)[target.platform] ?? []).map((l) => l.key))];
        if (keys.length === 0) return;
        yield* db.query((sql) => sql`select publish_slot_release(${keys}::text[], ${slot.at})`);
      });

      return { take, release };
    }),
  );
}
