/** Number formatting shared by the figures. */

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 12,345 */
export const int = (n: number): string => grouped.format(Math.round(n));

/** 12.3 */
export const dec1 = (n: number): string => oneDecimal.format(n);

/** Bytes as "0 B", "812 B" or "70.9 KB" (1 KB = 1024 B). */
export const bytes = (n: number): string => (n < 1024 ? `${int(n)} B` : `${dec1(n / 1024)} KB`);

/** Seconds as "8.42 s". */
export const seconds = (s: number): string => `${s.toFixed(2)} s`;

/** A bound on wall-clock time: `left()` is false once `ms` have passed since it was made. */
export const deadline = (ms: number) => {
  const end = performance.now() + ms;
  return { left: () => performance.now() < end };
};

/** Runs `fn` and returns its result with the elapsed seconds. */
export const timed = async <A>(fn: () => Promise<A>): Promise<{ value: A; seconds: number }> => {
  const start = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - start) / 1000 };
};

/** The p-th percentile (nearest rank) of the values, in any order; 0 for none. */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** One request's latency over `samples` runs in a row after 10 to warm up: p50 and p99 in ms. */
export const latencyOf = async (request: () => Promise<unknown>, samples: number): Promise<{ p50Ms: number; p99Ms: number; samples: number }> => {
  for (let i = 0; i < 10; i++) await request();
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const at = performance.now();
    await request();
    latencies.push(performance.now() - at);
  }
  return { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), samples };
};
