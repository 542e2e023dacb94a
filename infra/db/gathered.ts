import { Deferred, Effect } from "effect";

/**
 * Group commit: calls made at the same moment by many fibers of this process (the scheduler's
 * 9:00:00) go to the database together. The first call of a moment waits `gatherMs` for others to
 * join it, splits what it gathered into batches (`batchesOf`) and writes them (`write` answers one
 * result per item, in order); every caller gets its own item's result. Whoever gathers writes for
 * all, so that is never given up when its own fiber is interrupted meanwhile.
 */
export const gathered = <In, Out, E>(options: {
  readonly gatherMs: number;
  readonly batchesOf: (items: ReadonlyArray<In>) => ReadonlyArray<ReadonlyArray<number>>;
  readonly write: (batch: ReadonlyArray<In>) => Effect.Effect<ReadonlyArray<Out>, E>;
  /** Batches written at once (default 1: one after the other). */
  readonly concurrency?: number | "unbounded";
}): ((item: In) => Effect.Effect<Out, E>) => {
  let gathering: Array<{ readonly item: In; readonly done: Deferred.Deferred<Out, E> }> = [];

  const writeBatch = (entries: ReadonlyArray<(typeof gathering)[number]>) =>
    Effect.exit(options.write(entries.map((e) => e.item))).pipe(
      Effect.flatMap((written) =>
        Effect.forEach(
          entries,
          ({ done }, index) => (written._tag === "Success" ? Deferred.succeed(done, written.value[index]!) : Deferred.failCause(done, written.cause)),
          { discard: true },
        ),
      ),
    );

  return (item) =>
    Effect.gen(function* () {
      const done = yield* Deferred.make<Out, E>();
      gathering.push({ item, done });
      if (gathering.length === 1) {
        yield* Effect.uninterruptible(
          Effect.gen(function* () {
            yield* Effect.sleep(options.gatherMs);
            const entries = gathering;
            gathering = [];
            const batches = options.batchesOf(entries.map((e) => e.item)).map((indexes) => indexes.map((i) => entries[i]!));
            yield* Effect.forEach(batches, writeBatch, { concurrency: options.concurrency ?? 1, discard: true });
          }),
        );
      }
      return yield* Deferred.await(done);
    });
};

/** Indexes 0…n-1 in runs of at most `size`. */
export const inRunsOf = (size: number) => (items: ReadonlyArray<unknown>) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, run) =>
    Array.from({ length: Math.min(size, items.length - run * size) }, (_, i) => run * size + i),
  );
