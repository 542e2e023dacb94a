// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module "autocannon" {
  interface Percentiles {
    readonly average: number;
    readonly mean: number;
    readonly stddev: number;
    readonly min: number;
    readonly max: number;
    readonly total: number;
    readonly p50: number;
    readonly p90: number;
    readonly p97_5: number;
    readonly p99: number;
  }

  export interface Options {
    readonly url: string;
    readonly connections?: number;
    readonly duration?: number;
    readonly amount?: number;
    readonly timeout?: number;
    readonly method?: string;
    readonly headers?: Record<string, string>;
  }

  export interface Result {
    readonly url: string;
    readonly connections: number;
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
    readonly "2xx": number;
    readonly statusCodeStats: Record<string, { count: number }>;
    readonly latency: Percentiles;
    readonly requests: Percentiles & { readonly sent: number };
    readonly throughput: Percentiles;
  }

  export default function autocannon(options: Options): Promise<Result>;
}
