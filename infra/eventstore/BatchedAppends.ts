import { Context, Effect, Layer } from "effect";
import { gathered } from "../db/gathered";
import { type AppendResult, type BatchAppend, EventStore } from "./EventStore";

/** How long the first append of a batch waits for others to join it. */
const GATHER_MS = 2;
/** Streams in one transaction at most. */
const MAX_BATCH = 200;

/**
 * Group commit: appends decided at the same moment by many fibers of this process (the
 * scheduler's 9:00:00) go to the database together (`gathered`), in one transaction per batch,
 * instead of one transaction each, with `EventStore.appendMany`. When the batch fails (one stream moved on, a refused row),
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
      const append = gathered<BatchAppend, AppendResult | null, never>({
        gatherMs: GATHER_MS,
        // A stream goes once per transaction: a second append to it goes in another batch.
        batchesOf: (items) => {
          const batches: Array<{ indexes: number[]; streams: Set<string> }> = [];
          items.forEach((item, index) => {
            let batch = batches.find((b) => b.indexes.length < MAX_BATCH && !b.streams.has(item.streamId));
            if (!batch) batches.push((batch = { indexes: [], streams: new Set() }));
            batch.indexes.push(index);
            batch.streams.add(item.streamId);
          });
          return batches.map((b) => b.indexes);
        },
        write: (batch) =>
          Effect.map(Effect.exit(store.appendMany(batch, new Date())), (written) => (written._tag === "Success" ? written.value : batch.map(() => null))),
        concurrency: "unbounded",
      });
      return { append };
    }),
  );
}
