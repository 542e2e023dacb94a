import { writeFileSync } from "node:fs";
import { Effect } from "effect";
import { config } from "../config";

/**
 * Where a worker's publications spend their time, for the bench (WORKER_STAGE_TIMINGS=<file>): each
 * stage's durations in memory, written to the file every second while they change and when the
 * worker stops, so the next bottleneck shows. Unset (production), nothing is kept and recording is
 * one branch. Durations, not traces: a burst of 10,000 posts is a few arrays of numbers.
 */

export type Stage = "job fetch" | "start command" | "platform call" | "settle command";

/** Past this many samples of a stage the rest are dropped: a bench's bursts stay far below it. */
const MAX_SAMPLES = 200_000;
const FLUSH_MS = 1_000;

const file = config().WORKER_STAGE_TIMINGS ?? null;
const samples = new Map<Stage, number[]>();
let changed = false;
let timer: NodeJS.Timeout | null = null;

/** Writes the samples (ms, by stage) to the file, if any changed since the last write. */
export const flushStageTimings = () => {
  if (!file || !changed) return;
  changed = false;
  writeFileSync(file, JSON.stringify({ pid: process.pid, stages: Object.fromEntries(samples) }));
};

export const recordStage = (stage: Stage, ms: number) => {
  if (!file) return;
  const list = samples.get(stage) ?? [];
  if (list.length < MAX_SAMPLES) list.push(ms);
  samples.set(stage, list);
  changed = true;
  timer ??= setInterval(flushStageTimings, FLUSH_MS).unref();
};

/** Runs `effect`, recording how long it took under `stage` (when timings are kept). */
export const timedStage = <A, E, R>(stage: Stage, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
  if (!file) return effect;
  return Effect.suspend(() => {
    const started = performance.now();
    return Effect.ensuring(
      effect,
      Effect.sync(() => recordStage(stage, performance.now() - started)),
    );
  });
};
