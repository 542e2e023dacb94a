import path from "node:path";
import { z } from "zod";
import { SUPPORT_EMAIL } from "../domain/shared/brand";

/**
 * Every setting the app reads, with its default. One module for the web server, the worker and
 * the CLI commands alike (they run outside Astro, so `astro:env` cannot serve them all).
 */
const booleanFlag = z.enum(["true", "false", "1", "0", "yes", "no", "on", "off"]).transform((v) => ["true", "1", "yes", "on"].includes(v));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default("localhost"),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(5),
  RUN_WORKER: booleanFlag.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
  /** Slots of the worker's I/O lane (publishing): each waits on a platform, holding no database connection. */
  IO_CONCURRENCY: z.coerce.number().int().min(1).max(5000).default(1000),
  /** A file the worker writes the time its publications spent in each stage to (infra/jobs/stage-timings.ts); unset: none kept. */
  WORKER_STAGE_TIMINGS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("SocialDesk <no-reply@socialdesk.local>"),
  /** Where the support e-mail form writes to, and the address the live chat's plan refusal gives. */
  SUPPORT_EMAIL: z.string().email().default(SUPPORT_EMAIL),
  /** Stripe: without the secret key, billing is off and plans change by `npm run admin:plan`. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends its calls (tests point it at a local server). */
  STRIPE_API_BASE: z.string().url().default("https://api.stripe.com"),
  /** An OpenAI-compatible server (OpenAI, vLLM, llama.cpp, Ollama): its `/v1` address. Unset with no AI_API_KEY: no AI. */
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_IMAGE_MODEL: z.string().default("gpt-image-1"),
  /** How long an AI call may take before it is given up (504). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** How long after a post goes out to a sandbox account its sample comments and messages arrive. */
  SANDBOX_REPLY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  /** Requests a minute every API key may make, whatever its workspace's plan (unset: the plan's, `apiRequestsPerMinute` in domain/plans). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  /** Where media files live: `disk` (DATA_DIR/media, one machine) or `s3` (a bucket every process reads). */
  MEDIA_STORE: z.enum(["disk", "s3"]).default("disk"),
  /** The S3-compatible service's address (R2, MinIO, B2, Garage); unset for AWS S3, whose address comes from the region. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  /** AWS's region of the bucket; R2 takes `auto`. */
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Addresses as `endpoint/bucket/key` rather than `bucket.endpoint/key`: MinIO, Garage and s3rver need it. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
}).superRefine((settings, context) => {
  if (settings.MEDIA_STORE !== "s3") return;
  const required = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const missing = required.filter((name) => !settings[name]);
  if (missing.length > 0) {
    context.addIssue({
      code: "custom",
      path: [],
      message: `MEDIA_STORE=s3 keeps media in a bucket and needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for any service but AWS S3); not set: ${missing.join(", ")}.`,
    });
  }
});

export type AppConfig = z.infer<typeof EnvSchema> & { dataDir: string; publicUrl: string };

export const readConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    publicUrl: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`,
  };
};

/**
 * The configuration is kept on globalThis, so that every copy of this module in a process reads the
 * same: the tests run the sources and the build's bundle (which holds its own copy) side by side.
 */
const READ = Symbol.for("socialdesk/config");
type Holder = { [READ]?: AppConfig };

/** The process's configuration, read once. */
export const config = (): AppConfig => ((globalThis as Holder)[READ] ??= readConfig());

/** Forgets the configuration read, so that the next config() reads the environment again: for a process that runs one app after another with other settings (the tests). */
export const forgetConfig = () => {
  delete (globalThis as Holder)[READ];
};
