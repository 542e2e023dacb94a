import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { formatFileSize, mediaLimitsOf } from "../../domain/media";
import type { Tier } from "../../domain/plans";
import { hashToken } from "../../infra/auth/tokens";
import { FORGOT_PASSWORD_SENT } from "../../infra/identity/schemas";
import { signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * Request bodies are read through one bounded reader (issue 27, point 2): a body over its route's
 * limit answers 413 with the sentence, whatever its transfer encoding, and is never held in memory.
 * Checked on the real server with bodies streamed by the test (never held by it either), reading
 * the app process's memory from /proc.
 */

const app = useAppServer({
  env: {
    META_APP_SECRET: "meta-secret",
    STRIPE_SECRET_KEY: "sk_test_bodies",
    STRIPE_WEBHOOK_SECRET: "whsec_bodies",
    // Never reached: every body here is refused before Stripe would be called.
    STRIPE_API_BASE: "http://127.0.0.1:9",
    GOOGLE_PUBSUB_VERIFICATION_TOKEN: "pubsub-token",
  },
});

const MB = 1024 * 1024;
/** What a refused body may grow the app by at most (the bound). */
const MAX_GROWTH = 64 * MB;

/** The app's resident memory now and its peak since the last reset, in bytes. */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)![1]) * 1024;
  return { rss: kB("VmRSS"), peak: kB("VmHWM") };
};

/**
 * How much the app's memory grows (its peak resident size over what it held before) while `work`
 * runs. The kernel's peak is reset first (clear_refs 5), and the memory is also sampled every 10 ms.
 */
const growthDuring = async (pid: number, work: () => Promise<void>): Promise<number> => {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const before = memoryOf(pid).rss;
  let sampled = before;
  const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(sampled, memoryOf(pid).peak) - before;
};

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  /** Bytes of the body the test had written when the answer came. */
  readonly sent: number;
}

/**
 * POSTs a body of `bytes` bytes made on the fly, 64 KB at a time (chunked unless a Content-Length is
 * given), and stops sending the moment the answer arrives. `head` comes first (a multipart's opening).
 */
const streamPost = (
  path: string,
  options: { readonly bytes: number; readonly headers?: Record<string, string>; readonly head?: string; readonly contentLength?: number },
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const url = new URL(path, app.server.url);
    const headers: Record<string, string> = { "content-type": "application/json", origin: app.server.url, ...options.headers };
    if (options.contentLength !== undefined) headers["content-length"] = String(options.contentLength);
    const client = httpRequest({ host: url.hostname, port: url.port, method: "POST", path: `${url.pathname}${url.search}`, headers, agent: false });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    client.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString("utf8"), sent });
        client.destroy();
      });
    });
    // Once answered, the server closes the connection under the rest of the body: expected.
    client.on("error", (error) => (answered ? undefined : reject(error)));
    if (options.head) {
      client.write(options.head);
      sent += Buffer.byteLength(options.head);
    }
    const pump = () => {
      while (!answered && sent < options.bytes) {
        const piece = options.bytes - sent >= chunk.length ? chunk : chunk.subarray(0, options.bytes - sent);
        sent += piece.length;
        if (!client.write(piece)) return void client.once("drain", pump);
      }
      if (!answered) client.end();
    };
    if (options.bytes > 0) pump();
    // Only the headers of a declared body: nothing of it is sent.
    else if (options.contentLength !== undefined) client.flushHeaders();
    else client.end();
  });

/** A refusal's code and sentence, from its problem. */
const errorMessage = (answer: Answer) => {
  const body = JSON.parse(answer.body) as { code?: string; detail?: string };
  return { code: body.code, message: body.detail };
};

/** The routes anyone may post to, and the sentence of their limit. */
const OPEN_ROUTES = [
  { path: "/api/webhooks/meta", sentence: "The request body is too large (at most 1 MB)." },
  { path: "/api/webhooks/stripe", sentence: "The request body is too large (at most 256 KB)." },
  { path: "/api/auth/forgot-password", sentence: "The request body is too large (at most 16 KB)." },
] as const;

const BIG = 150 * MB;

describe("a 150 MB chunked body to a route anyone may post to", () => {
  it("given each route in turn, when the body streams in without a Content-Length, then it answers 413 with the sentence and the app grows by under 64 MB", async () => {
    for (const route of OPEN_ROUTES) {
      let answer: Answer | undefined;
      const growth = await growthDuring(app.server.pid, async () => {
        answer = await streamPost(route.path, { bytes: BIG });
      });
      expect(answer!.status, route.path).toBe(413);
      expect(errorMessage(answer!), route.path).toEqual({ code: "too_large", message: route.sentence });
      expect(answer!.headers.connection, route.path).toBe("close");
      // The answer came long before the body's end.
      expect(answer!.sent, route.path).toBeLessThan(BIG);
      expect(growth, `${route.path} grew the app by ${(growth / MB).toFixed(1)} MB`).toBeLessThan(MAX_GROWTH);
    }
  }, 120_000);

  it("given the three at once, when they stream in together, then each answers 413 and the app grows by under 64 MB", async () => {
    let answers: Answer[] = [];
    const growth = await growthDuring(app.server.pid, async () => {
      answers = await Promise.all(OPEN_ROUTES.map((route) => streamPost(route.path, { bytes: BIG })));
    });
    OPEN_ROUTES.forEach((route, i) => {
      expect(answers[i]!.status, route.path).toBe(413);
      expect(errorMessage(answers[i]!).message, route.path).toBe(route.sentence);
    });
    expect(growth, `grew the app by ${(growth / MB).toFixed(1)} MB`).toBeLessThan(MAX_GROWTH);
  }, 120_000);
});

describe("a Content-Length over the limit", () => {
  it("given only the headers of a 150 MB body, when they arrive, then each route answers 413 without waiting for a byte of it", async () => {
    const routes = [...OPEN_ROUTES, { path: "/api/webhooks/google-business?token=pubsub-token", sentence: "The request body is too large (at most 64 KB)." }];
    for (const route of routes) {
      const answer = await streamPost(route.path, { bytes: 0, contentLength: BIG });
      expect(answer.status, route.path).toBe(413);
      expect(errorMessage(answer).message, route.path).toBe(route.sentence);
      expect(answer.sent).toBe(0);
    }
  });
});

describe("forms over their limit", () => {
  it("given a sign-in form of 20 KB, when posted by a browser, then the page answers 413 with the sentence", async () => {
    const form = new URLSearchParams({ email: "someone@example.com", password: "p".repeat(20_000) }).toString();
    // A reset page reads its form only for a link that can still be used.
    const { user } = await signUp(app.server.url);
    const token = randomBytes(20).toString("hex");
    await app.sql`insert into password_reset_tokens (id, user_id, created_at, expires_at)
                  values (${hashToken(token)}, ${user.id}, now(), now() + interval '1 hour')`;
    for (const path of ["/login", "/register", "/forgot-password", `/reset-password?token=${token}`]) {
      const response = await fetch(`${app.server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", origin: app.server.url },
        body: form,
        redirect: "manual",
      });
      expect(response.status, path).toBe(413);
      expect(await response.text(), path).toBe("The request body is too large (at most 16 KB).");
    }
  });

  it("given a settings form of 100 KB streamed without a Content-Length, when posted, then it answers 413 with the sentence and nothing changes", async () => {
    const { browser, user } = await signUp(app.server.url);
    const answer = await streamPost("/app/settings?tab=profile", {
      bytes: 100_000,
      head: "_form=profile&username=changed&timezone=UTC&email=",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", cookie: browser.cookieHeader() },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("The request body is too large (at most 64 KB).");
    const me = await browser.get("/api/auth/user");
    expect(me.data.username).toBe(user.username);
  });

  it("given a sign-in call of 20 KB of JSON, when posted, then it answers 413 with the sentence", async () => {
    const response = await fetch(`${app.server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "someone@example.com", password: "p".repeat(20_000) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { detail: string }).detail).toBe("The request body is too large (at most 16 KB).");
  });
});

describe("bodies within their limit", () => {
  it("given a small chunked body, when posted, then it is read whole and answered as usual", async () => {
    const body = JSON.stringify({ email: "nobody@example.com" });
    const answer = await streamPost("/api/auth/forgot-password", { bytes: 0, head: body });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ message: FORGOT_PASSWORD_SENT });
  });
});

describe("the media upload", () => {
  it("given a chunked upload whose fields go on past the plan's limit, when it streams in, then it answers 413 with the plan's sentence once the limit is passed, before the body's end", async () => {
    const { browser, user } = await signUp(app.server.url);
    const limits = mediaLimitsOf(user.subscriptionTier as Tier);
    const boundary = "----bounded";
    // A plain field, not a file: before, such a part was read to its end whatever its size.
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="note"\r\n\r\n`;
    const offered = limits.uploadBytes + 50 * MB;
    // (What streams through is thrown away chunk by chunk, as a large upload's files are written
    // out: the app's memory holds garbage of it until a collection, so it is not measured here.)
    const answer = await streamPost("/api/media/upload", {
      bytes: offered,
      head,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie: browser.cookieHeader() },
    });
    expect(answer.status).toBe(413);
    expect(errorMessage(answer)).toMatchObject({
      code: "upload_too_large",
      message: `One upload can hold up to ${formatFileSize(limits.uploadBytes)} on your plan. Upload fewer files at a time.`,
    });
    // Refused at the limit (and its framing), give or take what the sockets hold: not at the end.
    expect(answer.sent).toBeLessThan(limits.uploadBytes + 20 * MB);
  }, 180_000);
});
