import { Context, Effect, Layer } from "effect";
import type { PlatformId } from "../../domain/accounts/platforms";
import { nextSlot, PUBLISH_LIMITS, type PublishLimit } from "../../domain/publishing";
import { sandboxAccountIdsAmong } from "../accounts/queries";
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
 * The publication slots of this worker process: each call to a platform takes one, at the first
 * moment that fits the platform's limits for the account and for the app. An account's (or a
 * platform's) history starts from the attempts the read model holds for its longest window, read
 * on first use; after that this process counts its own. Several worker processes each count their
 * own: a platform's 429 past the limit is still retried with its wait.
 */
export class PublishSlots extends Context.Service<
  PublishSlots,
  {
    readonly take: (target: PublishTarget, from: Date) => Effect.Effect<Slot, SqlError>;
    /** Gives back a slot that was not used (the publication did not start). */
    readonly release: (target: PublishTarget, slot: Slot) => Effect.Effect<void>;
  }
>()("app/PublishSlots") {
  static layer = Layer.effect(
    PublishSlots,
    Effect.gen(function* () {
      const db = yield* Database;
      /** Times (ms) of this process's and the read model's attempts, by key, oldest first. */
      const times = new Map<string, number[]>();
      const seeds = new Map<string, Promise<void>>();

      const keysOf = (target: PublishTarget, limits: ReadonlyArray<PublishLimit>) => {
        const account = limits.filter((l) => l.per === "account");
        const app = target.sandbox ? [] : limits.filter((l) => l.per === "app");
        return [
          ...(account.length ? [{ key: `account:${target.accountId}`, limits: account }] : []),
          ...(app.length ? [{ key: `app:${target.platform}`, limits: app }] : []),
        ];
      };

      const load = (key: string, target: PublishTarget, windowMs: number): Effect.Effect<ReadonlyArray<{ at: Date }>, SqlError> => {
        const since = new Date(Date.now() - windowMs);
        if (key.startsWith("account:")) {
          return db.query((sql) => sql<{ at: Date }[]>`select attempted_at as at from post_targets where account_id = ${target.accountId} and attempted_at > ${since}`);
        }
        // The app's quota counts real accounts' attempts only: the sandbox's (the accounts module says which) never reach the platform.
        return Effect.gen(function* () {
          const rows = yield* db.query(
            (sql) => sql<{ at: Date; account_id: string }[]>`
              select attempted_at as at, account_id from post_targets where platform = ${target.platform} and attempted_at > ${since}`,
          );
          const sandbox = yield* sandboxAccountIdsAmong([...new Set(rows.map((r) => r.account_id))]).pipe(Effect.provideService(Database, db));
          return rows.filter((r) => !sandbox.has(r.account_id));
        });
      };

      /** Reads a key's history once per process; callers at the same time wait for the same read. */
      const seed = (key: string, target: PublishTarget, windowMs: number) =>
        Effect.suspend(() => {
          let seeding = seeds.get(key);
          if (!seeding) {
            seeding = Effect.runPromise(load(key, target, windowMs)).then((rows) => {
              const merged = [...rows.map((r) => r.at.getTime()), ...(times.get(key) ?? [])].sort((a, b) => a - b);
              times.set(key, merged);
            });
            seeds.set(key, seeding);
            seeding.catch(() => seeds.delete(key));
          }
          return Effect.tryPromise({ try: () => seeding!, catch: (e) => new SqlError({ message: `Could not read the publishing history: ${String(e)}` }) });
        });

      const take = Effect.fn("PublishSlots.take")(function* (target: PublishTarget, from: Date) {
        const limits = (yield* PublishLimits)[target.platform] ?? [];
        const keys = keysOf(target, limits);
        if (keys.length === 0) return { at: from, heldBy: null } satisfies Slot;
        for (const { key, limits } of keys) yield* seed(key, target, Math.max(...limits.map((l) => l.windowMs)));
        const slot = nextSlot(
          keys.flatMap(({ key, limits }) => limits.map((limit) => ({ limit, times: times.get(key) ?? [] }))),
          from.getTime(),
        );
        for (const { key, limits } of keys) {
          const longest = Math.max(...limits.map((l) => l.windowMs));
          const kept = (times.get(key) ?? []).filter((t) => t > from.getTime() - longest);
          kept.push(slot.at);
          times.set(key, kept.sort((a, b) => a - b));
        }
        return { at: new Date(slot.at), heldBy: slot.heldBy } satisfies Slot;
      });

      const release = (target: PublishTarget, slot: Slot) =>
        Effect.gen(function* () {
          const limits = (yield* PublishLimits)[target.platform] ?? [];
          for (const { key } of keysOf(target, limits)) {
            const list = times.get(key);
            const index = list?.indexOf(slot.at.getTime()) ?? -1;
            if (list && index >= 0) list.splice(index, 1);
          }
        });

      return { take, release };
    }),
  );
}
