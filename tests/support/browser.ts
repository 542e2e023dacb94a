import { randomUUID } from "node:crypto";

/**
 * A tiny browser for HTTP tests: a cookie jar, an Origin header on unsafe requests (as a browser
 * sends), no redirect following.
 */
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface RequestOptions {
  readonly json?: unknown;
  /**
   * A raw request body: a string is sent with a JSON content type unless headers say otherwise;
   * FormData (multipart) and URLSearchParams (a plain form) with the content type fetch gives them.
   */
  readonly body?: string | FormData | URLSearchParams;
  readonly headers?: Record<string, string>;
  /** Send the cookie header as given instead of the jar's. */
  readonly cookie?: string;
  /** Leave out the Origin header even on an unsafe request. */
  readonly noOrigin?: boolean;
}

export class Browser {
  readonly jar = new Map<string, string>();

  /** `headers` go with every request (a user agent, say); a request's own headers win. */
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  cookieHeader() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get session() {
    return this.jar.get("session");
  }

  async request(method: string, path: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...this.headers };
    const cookie = options.cookie ?? this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (UNSAFE.has(method) && !options.noOrigin) headers.origin = this.baseUrl;
    let body: string | FormData | URLSearchParams | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.body !== undefined) {
      if (typeof options.body === "string") headers["content-type"] = "application/json";
      body = options.body;
    }
    Object.assign(headers, options.headers);
    const url = path.startsWith("http") ? path : `${this.baseUrl}${path}`;
    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)).getTime() <= Date.now()));
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const buffer = Buffer.from(await response.arrayBuffer());
    const text = new TextDecoder().decode(buffer);
    let data: any = null;
    try {
      data = JSON.parse(text);
    } catch {}
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      text,
      data,
      buffer,
      setCookies: response.headers.getSetCookie(),
    };
  }

  get = (path: string, options?: RequestOptions) => this.request("GET", path, options);
  post = (path: string, json?: unknown, options?: RequestOptions) => this.request("POST", path, { json, ...options });
  put = (path: string, json?: unknown, options?: RequestOptions) => this.request("PUT", path, { json, ...options });
  delete = (path: string, options?: RequestOptions) => this.request("DELETE", path, options);
  page = (path: string) => this.request("GET", path, { headers: { accept: "text/html" } });
  /** A plain HTML form post, as a browser without JavaScript sends it. */
  submit = (path: string, form: Record<string, string>) => this.request("POST", path, { body: new URLSearchParams(form), headers: { accept: "text/html" } });
}

export const TEST_PASSWORD = "correct horse battery";

export const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Jordan",
  lastName: "Lee",
  email: `jordan-${randomUUID().slice(0, 8)}@example.com`,
  company: "Lee Dental",
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  selectedPlan: "professional",
  ...overrides,
});

/** A newly registered, signed-in browser: a new one on the base URL given, or the browser given. */
export const signUp = async (target: string | Browser, overrides: Record<string, unknown> = {}) => {
  const browser = typeof target === "string" ? new Browser(target) : target;
  const input = registration(overrides);
  const response = await browser.post("/api/auth/register", input);
  if (response.status !== 201) throw new Error(`Sign-up failed: ${response.status} ${response.text}`);
  return { browser, user: response.data.user as Record<string, any>, input };
};

/** A post published at once through the API, once the worker has published it (at most 20 s). */
export const publishedPost = async (browser: Browser, body: Record<string, unknown>) => {
  const created = await browser.post("/api/posts", { status: "published", media: [], ...body });
  if (created.status !== 201) throw new Error(`Post not created: ${created.status} ${created.text}`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const post = (await browser.get(`/api/posts/${created.data.id}`)).data;
    if (post.status === "published") return post as { id: string; targets: Array<{ accountId: string; url: string; platformPostId: string }> };
    if (Date.now() > deadline) throw new Error(`not published: ${JSON.stringify(post)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
