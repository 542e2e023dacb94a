import { Context, Effect, Layer } from "effect";
import type { PlatformId } from "../../domain/accounts/platforms";
import { PUBLISH_LIMITS, type PublishLimit } from "../../domain/publishing";
import { Database, SqlError } from "../db/Database";

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

/**
 * The publication slots of every worker process: each call to a platform takes one, at the first
 * moment that fits the platform's limits for the account and for the app (`nextSlot`'s rule). The
 * slots are rows of `publish_slots` (migration 0052), taken by one call of `publish_slot_take` under
 * the keys' advisory locks, so two workers together stay within a limit and a take is one round trip
 * that waits only on takes of the same account or app. Past the documented limits, a platform's 429
 * is still retried with its wait.
 */
export class PublishSlots extends Context.Service<
  PublishSlots,
  {
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

      const take = Effect.fn("PublishSlots.take")(function* (target: PublishTarget, from: Date) {
        const limits = limitsOf(target, (yield* PublishLimits)[target.platform] ?? []);
        if (limits.length === 0) return { at: from, heldBy: null } satisfies Slot;
        const [row] = yield* db.query(
          (sql) => sql<{ slot_at: Date; held_by: number | null }[]>`
            select slot_at, held_by from publish_slot_take(
              ${limits.map((l) => l.key)}::text[], ${limits.map((l) => l.limit.count)}::integer[],
              ${limits.map((l) => l.limit.windowMs)}::bigint[], ${from})`,
        );
        return { at: row!.slot_at, heldBy: row!.held_by === null ? null : limits[row!.held_by - 1]!.limit } satisfies Slot;
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
