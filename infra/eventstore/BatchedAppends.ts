import { Context, Deferred, Effect, Layer } from "effect";
import { type AppendResult, type BatchAppend, EventStore } from "./EventStore";

/** How long the first append of a batch waits for others to join it. */
const GATHER_MS = 2;
/** Streams in one transaction at most. */
const MAX_BATCH = 200;

/**
 * Group commit: appends decided at the same moment by many fibers of this process (the
 * scheduler's 9:00:00) go to the database together, in one transaction per batch, instead of one
 * transaction each. The first append of a batch gathers the others for GATHER_MS, then writes them
 * all with `EventStore.appendMany`. When the batch fails (one stream moved on, a refused row),
 * every append in it answers null and its caller handles the command alone.
 */
export class BatchedAppends extends Context.Service<
  BatchedAppends,
  { readonly append: (item: BatchAppend) => Effect.Effect<AppendResult | null> }
>()("app/BatchedAppends") {
  static layer = Layer.effect(
    BatchedAppends,
    Effect.gen(function* () {
      const store = yield* EventStore;
      let gathering: Array<{ readonly item: BatchAppend; readonly done: Deferred.Deferred<AppendResult | null> }> = [];

      const write = (batch: typeof gathering) =>
        Effect.gen(function* () {
          const written = yield* Effect.exit(store.appendMany(batch.map((b) => b.item), new Date()));
          for (const [index, { done }] of batch.entries()) {
            yield* Deferred.succeed(done, written._tag === "Success" ? written.value[index]! : null);
          }
        }).pipe(Effect.onInterrupt(() => Effect.forEach(batch, ({ done }) => Deferred.succeed(done, null), { discard: true })));

      const append = (item: BatchAppend) =>
        Effect.gen(function* () {
          const done = yield* Deferred.make<AppendResult | null>();
          gathering.push({ item, done });
          if (gathering.length === 1) {
            yield* Effect.sleep(GATHER_MS);
            const gathered = gathering;
            gathering = [];
            // A stream goes once per transaction: a second append to it goes in another batch.
            const batches: Array<{ entries: typeof gathered; streams: Set<string> }> = [];
            for (const entry of gathered) {
              let batch = batches.find((b) => b.entries.length < MAX_BATCH && !b.streams.has(entry.item.streamId));
              if (!batch) batches.push((batch = { entries: [], streams: new Set() }));
              batch.entries.push(entry);
              batch.streams.add(entry.item.streamId);
            }
            yield* Effect.forEach(batches, (b) => write(b.entries), { concurrency: "unbounded", discard: true });
          }
          return yield* Deferred.await(done);
        });

      return { append };
    }),
  );
}
