import { lookup as dnsLookup, type LookupAddress, promises as dns } from "node:dns";
import { Effect } from "effect";
import ipaddr from "ipaddr.js";
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from "undici";
import { AddressRefused, AddressUnreadable } from "../../domain/shared";

/**
 * The one way to fetch an address a person gave (feeds, post media, Bluesky servers): the name is
 * resolved here and the connection goes to the address that was checked, so a name that resolves to
 * loopback, a private network, link-local or any other reserved range is refused, on the first
 * request and after every redirect. `OUTBOUND_ALLOW_HOSTS` (comma-separated `host:port`) names the
 * local hosts that tests and on-premise installs may reach.
 */

export const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** Only the public internet: ipaddr.js calls it "unicast"; every other range (private, loopback, link-local, CGNAT, multicast…) is refused. */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
};

const defaultPort = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

/** The `host:port` pairs of OUTBOUND_ALLOW_HOSTS, read on each call so a test or a restart can change them. */
const allowedHosts = (): ReadonlySet<string> =>
  new Set(
    (process.env.OUTBOUND_ALLOW_HOSTS ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
const isAllowed = (url: URL) => allowedHosts().has(`${url.hostname.toLowerCase()}:${defaultPort(url)}`);
/** Whether OUTBOUND_ALLOW_HOSTS names this address's host and port (a local host the server may reach, over http too). */
export const isAllowedHost = isAllowed;

const refusedNetwork = (host: string) =>
  new AddressRefused({ message: `${host} is on a private or reserved network, which this server does not reach. Use a public address.` });

/** Resolves like the system does, then keeps only public addresses: the socket connects to what this returns. */
const publicLookup = (hostname: string, options: { all?: boolean; family?: number }, callback: (...args: any[]) => void) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    const usable = addresses.filter((a) => isPublicAddress(a.address));
    if (usable.length === 0 || usable.length !== addresses.length) return callback(refusedNetwork(hostname));
    if (options.all) return callback(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  });
};

const checkedAgent = new Agent({ connect: { lookup: publicLookup as never } });
const allowedAgent = new Agent();

/** Refuses what can be refused before connecting: another scheme, credentials, an address literal outside the public internet. */
const checkAddress = (url: URL): void => {
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new AddressRefused({ message: "Only http:// and https:// addresses can be read." });
  }
  if (url.username || url.password) throw new AddressRefused({ message: "Addresses with a user name or password are not accepted." });
  if (isAllowed(url)) return;
  const host = hostOf(url);
  if (ipaddr.isValid(host) && !isPublicAddress(host)) throw refusedNetwork(host);
};

/** What went wrong, as the sentence a person reads: the refusal itself, a time-out, or the network's reason. */
const unreadable = (url: URL, error: unknown, timeoutMs: number): AddressRefused | AddressUnreadable => {
  const causes: unknown[] = [];
  for (let e: unknown = error; e instanceof Error && causes.length < 5; e = (e as { cause?: unknown }).cause) causes.push(e);
  const refused = causes.find((e) => e instanceof AddressRefused);
  if (refused) return refused as AddressRefused;
  if (causes.some((e) => e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError"))) {
    return new AddressUnreadable({
      message: `${url.host} did not answer within ${(timeoutMs / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} seconds.`,
    });
  }
  const code = causes.map((e) => (e as { code?: string }).code).find((c) => typeof c === "string");
  const reason =
    code === "ENOTFOUND" || code === "EAI_AGAIN"
      ? "no such host"
      : code === "ECONNREFUSED"
        ? "the connection was refused"
        : code?.startsWith("CERT_") || code?.includes("TLS") || code?.includes("SSL")
          ? "its certificate is not valid"
          : "the connection failed";
  return new AddressUnreadable({ message: `Could not reach ${url.host}: ${reason}.` });
};

/**
 * A `fetch` that follows at most 5 redirects itself, checking each address. For SDKs that take a
 * fetch function (Bluesky); it throws AddressRefused or AddressUnreadable.
 */
export type OutboundInit = RequestInit & {
  readonly timeoutMs?: number;
  /** false: a redirect is the answer, not followed (webhooks: the receiver's address is the one saved and checked). */
  readonly followRedirects?: boolean;
};

export const outboundFetch = async (input: string | URL | globalThis.Request, given: OutboundInit = {}): Promise<Response> => {
  // SDKs may hand over a Request: its method, headers and body count unless init says otherwise.
  const init: OutboundInit =
    typeof input === "object" && !(input instanceof URL)
      ? { method: input.method, headers: input.headers as never, body: input.body as never, duplex: "half", ...given }
      : given;
  const timeoutMs = init.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = init.signal ?? AbortSignal.timeout(timeoutMs);
  let url = new URL(typeof input === "object" && !(input instanceof URL) ? input.url : input);
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body;
  for (let hop = 0; ; hop++) {
    checkAddress(url);
    let response: Response;
    try {
      response = await undiciFetch(url, { ...init, method, body, signal, redirect: "manual", dispatcher: isAllowed(url) ? allowedAgent : checkedAgent });
    } catch (error) {
      throw unreadable(url, error, timeoutMs);
    }
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || response.status === 304 || !location || init.followRedirects === false) return response;
    await response.body?.cancel();
    if (hop === MAX_REDIRECTS) throw new AddressUnreadable({ message: `${url.host} redirected more than ${MAX_REDIRECTS} times.` });
    url = new URL(location, url);
    // Like browsers: 303 (and 301/302 after a POST) become a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
    }
  }
};

export interface OutboundOptions {
  readonly headers?: Record<string, string>;
  readonly timeoutMs?: number;
  /** Larger answers are refused (default 5 MB). */
  readonly maxBytes?: number;
}

export interface OutboundAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** The address after redirects. */
  readonly url: string;
  readonly body: Uint8Array;
}

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

const readLimited = async (response: Response, url: URL, maxBytes: number): Promise<Uint8Array> => {
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new AddressUnreadable({ message: `The file at ${url.host} is larger than ${sizeOf(maxBytes)}.` });
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new AddressUnreadable({ message: `The file at ${url.host} is larger than ${sizeOf(maxBytes)}.` });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** GETs an address a person gave, within the size and time limits; any HTTP status is an answer for the caller to read. */
export const fetchAddress = Effect.fn("Outbound.fetchAddress")(function* (address: string, options: OutboundOptions = {}) {
  const url = yield* Effect.try({
    try: () => new URL(address),
    catch: () => new AddressRefused({ message: `${address} is not a valid web address.` }),
  });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return yield* Effect.tryPromise({
    try: async (): Promise<OutboundAnswer> => {
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await outboundFetch(url, { headers: options.headers, signal, timeoutMs });
      const body = await readLimited(response, url, options.maxBytes ?? DEFAULT_MAX_BYTES).catch((error) => {
        throw error instanceof AddressUnreadable ? error : unreadable(url, error, timeoutMs);
      });
      return { status: response.status, headers: response.headers as unknown as Headers, url: response.url || url.href, body };
    },
    catch: (error) => (error instanceof AddressRefused || error instanceof AddressUnreadable ? error : unreadable(url, error, timeoutMs)),
  });
});

/**
 * Checks, before saving an address the server will call later (a webhook endpoint), what the call
 * would check: the scheme, no credentials, and that its name resolves to public addresses only
 * (OUTBOUND_ALLOW_HOSTS excepted). The call checks again when it connects: a name may resolve
 * elsewhere by then.
 */
export const checkPublicAddress = Effect.fn("Outbound.checkPublicAddress")(function* (address: string) {
  const url = yield* Effect.try({
    try: () => new URL(address),
    catch: () => new AddressRefused({ message: `${address} is not a valid web address.` }),
  });
  yield* Effect.try({ try: () => checkAddress(url), catch: (error) => error as AddressRefused });
  const host = hostOf(url);
  if (isAllowed(url) || ipaddr.isValid(host)) return;
  const addresses = yield* Effect.tryPromise({
    try: () => dns.lookup(host, { all: true }),
    catch: () => new AddressRefused({ message: `${host} could not be found. Check the address.` }),
  });
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return yield* refusedNetwork(host);
});
