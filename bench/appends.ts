import { randomUUID } from "node:crypto";
import { Effect, Schema } from "effect";
import { sqlClient } from "../infra/db/client";
import { defineEvents, type EventMetadata, type ExpectedVersion } from "../domain/shared";
import { EventStore } from "../infra/eventstore/EventStore";
import { appRuntime } from "./database";
import { deadline, percentile } from "./format";

/** One append figure: how many appends (of one event each) went through, how fast, how long each took. */
export interface AppendFigure {
  readonly label: string;
  readonly appends: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly concurrency: number;
  readonly detail: string;
}

export interface AppendFigures {
  readonly singleStream: AppendFigure;
  readonly manyStreams: AppendFigure;
  readonly withProjection: AppendFigure;
}

export interface AppendOptions {
  /** Upper bound on appends per figure. */
  readonly maxAppends?: number;
  /** Upper bound on the time of each figure. */
  readonly maxSeconds?: number;
}

/** An event type no inline projection or reaction handles: the figure measures the store alone. */
const IGNORED_TYPE = "BenchTicked";
/** Declared like a module's, as the store reads and writes only declared events. */
const benchEvents = defineEvents({ [IGNORED_TYPE]: Schema.Record(Schema.String, Schema.Unknown) });
const STREAMS = 1_000;
const CONCURRENCY = 8;

const metadata = (workspaceId: string | null = null): EventMetadata => ({
  actorId: null,
  workspaceId,
  correlationId: randomUUID(),
  causationId: null,
});

const expected = (version: number): ExpectedVersion => (version === 0 ? "no_stream" : version);

/**
 * Runs `appendOne(0)`, `appendOne(1)`, ... with `concurrency` fibers taking the next index in turn,
 * until `count` appends are done or `maxMs` has passed. Every append started is finished.
 */
const drive = (
  count: number,
  maxMs: number,
  concurrency: number,
  appendOne: (index: number) => Effect.Effect<unknown, unknown, EventStore>,
) =>
  Effect.gen(function* () {
    const time = deadline(maxMs);
    const durations: number[] = [];
    let next = 0;
    const fiber = Effect.gen(function* () {
      while (next < count && time.left()) {
        const index = next++;
        const started = performance.now();
        yield* appendOne(index);
        durations.push(performance.now() - started);
      }
    });
    const started = performance.now();
    yield* Effect.all(
      Array.from({ length: concurrency }, () => fiber),
      { concurrency: "unbounded", discard: true },
    );
    const seconds = (performance.now() - started) / 1000;
    durations.sort((a, b) => a - b);
    return { appends: durations.length, seconds, p50Ms: percentile(durations, 50), p99Ms: percentile(durations, 99) };
  });

const figure = (
  label: string,
  concurrency: number,
  detail: string,
  run: { appends: number; seconds: number; p50Ms: number; p99Ms: number },
): AppendFigure => ({ label, concurrency, detail, ...run, perSecond: run.appends / run.seconds });

/**
 * Event appends through the app's EventStore (its own transaction, version claim, insert and inline
 * handlers per append), on a migrated database:
 * - single stream: sequential appends to one stream, each stating the expected version;
 * - 1,000 streams: appends spread round-robin over 1,000 streams by 8 concurrent fibers, each stating
 *   its stream's expected version (two appends to one stream are 1,000 apart, never in flight together);
 * - with the identity projection: WorkspaceCreated to fresh streams, projected inline into `workspaces`.
 * Afterwards the rows are counted, so a figure never counts an append that did not land.
 */
export const measureAppends = async (databaseUrl: string, options: AppendOptions = {}): Promise<AppendFigures> => {
  const maxAppends = options.maxAppends ?? 10_000;
  const maxMs = (options.maxSeconds ?? 8) * 1000;
  const runtime = appRuntime(databaseUrl, CONCURRENCY + 2, [benchEvents]);
  const sql = sqlClient(databaseUrl, { max: 1, onnotice: () => {} });
  const run = `${Date.now().toString(36)}`;
  try {
    // Warm-up: connections opened, statements prepared, JIT warm; not counted.
    await runtime.runPromise(
      drive(200, 5_000, CONCURRENCY, (i) =>
        EventStore.use((store) =>
          store.append(`bench-warmup-${run}-${i}`, [{ type: IGNORED_TYPE, data: { i } }], {
            expectedVersion: "no_stream",
            metadata: metadata(),
            now: new Date(),
          }),
        ),
      ),
    );

    const singleStreamId = `bench-single-${run}`;
    const single = await runtime.runPromise(
      drive(maxAppends, maxMs, 1, (i) =>
        EventStore.use((store) =>
          store.append(singleStreamId, [{ type: IGNORED_TYPE, data: { tick: i + 1, at: new Date().toISOString() } }], {
            expectedVersion: expected(i),
            metadata: metadata(),
            now: new Date(),
          }),
        ),
      ),
    );

    const streamId = (i: number) => `bench-multi-${run}-${i % STREAMS}`;
    const many = await runtime.runPromise(
      drive(maxAppends, maxMs, CONCURRENCY, (i) =>
        EventStore.use((store) =>
          store.append(streamId(i), [{ type: IGNORED_TYPE, data: { tick: i + 1, at: new Date().toISOString() } }], {
            expectedVersion: expected(Math.floor(i / STREAMS)),
            metadata: metadata(),
            now: new Date(),
          }),
        ),
      ),
    );

    const projected = await runtime.runPromise(
      drive(maxAppends, maxMs, CONCURRENCY, (i) => {
        const workspaceId = randomUUID();
        return EventStore.use((store) =>
          store.append(
            `workspace-${workspaceId}`,
            [
              {
                type: "WorkspaceCreated",
                data: { workspaceId, name: `Bench workspace ${i + 1}`, ownerId: randomUUID(), isDemo: false },
              },
            ],
            { expectedVersion: "no_stream", metadata: metadata(workspaceId), now: new Date() },
          ),
        );
      }),
    );

    // What landed: every append counted above must be in the log (and the workspaces read model).
    const [counts] = await sql<{ single: number; many: number; streams: number; workspaces: number }[]>`
      select (select count(*)::int from events where stream_id = ${singleStreamId}) as single,
             (select count(*)::int from events where stream_id like ${`bench-multi-${run}-%`}) as many,
             (select count(distinct stream_id)::int from events where stream_id like ${`bench-multi-${run}-%`}) as streams,
             (select count(*)::int from workspaces where name like 'Bench workspace %') as workspaces`;
    const mismatches = [
      counts.single !== single.appends && `single stream: ${counts.single} events for ${single.appends} appends`,
      counts.many !== many.appends && `1,000 streams: ${counts.many} events for ${many.appends} appends`,
      counts.workspaces !== projected.appends && `projection: ${counts.workspaces} workspaces for ${projected.appends} appends`,
    ].filter(Boolean);
    if (mismatches.length > 0) throw new Error(`Appends did not all land: ${mismatches.join("; ")}`);

    return {
      singleStream: figure("event appends, single stream", 1, "expected version, 1 event each, sequential", single),
      manyStreams: figure(
        `event appends, ${STREAMS.toLocaleString("en-US")} streams`,
        CONCURRENCY,
        `expected version, 1 event each, ${CONCURRENCY} concurrent, ${counts.streams.toLocaleString("en-US")} streams touched`,
        many,
      ),
      withProjection: figure(
        "event appends, inline identity projection",
        CONCURRENCY,
        `WorkspaceCreated to new streams, 1 event each, ${CONCURRENCY} concurrent, projected into workspaces`,
        projected,
      ),
    };
  } finally {
    await sql.end({ timeout: 5 });
    await runtime.dispose();
  }
};
