import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Effect, Exit } from "effect";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fetchAddress, isPublicAddress } from "./outbound";

/** A loopback server that counts its requests; `handle` answers them. */
const serve = async (handle: (url: string, reply: (status: number, headers: Record<string, string>, body?: string) => void) => void) => {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? "");
    handle(request.url ?? "", (status, headers, body) => {
      response.writeHead(status, headers);
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const failureOf = async (address: string, options?: Parameters<typeof fetchAddress>[1]) => {
  const exit = await Effect.runPromiseExit(fetchAddress(address, options));
  if (Exit.isSuccess(exit)) throw new Error(`expected ${address} to fail`);
  const error = exit.cause.reasons[0] && "error" in exit.cause.reasons[0] ? (exit.cause.reasons[0].error as { _tag: string; message: string }) : undefined;
  return { tag: error?._tag, message: error?.message };
};

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.9",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "fe80::1",
    "fd00::5",
    "::ffff:127.0.0.1",
    "::",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("accepts %s", (address) => expect(isPublicAddress(address)).toBe(true));
});

describe("fetchAddress", () => {
  let target: Awaited<ReturnType<typeof serve>>;
  let redirector: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    target = await serve((url, reply) => {
      if (url === "/big") return reply(200, { "content-type": "text/plain" }, "x".repeat(2048));
      if (url === "/slow") return; // never answers
      reply(200, { "content-type": "application/rss+xml", etag: '"v1"' }, "<rss/>");
    });
    redirector = await serve((url, reply) => {
      const step = Number(url.slice(1));
      if (url === "/to-target") return reply(302, { location: `http://127.0.0.1:${target.port}/feed` });
      if (url === "/to-localhost") return reply(301, { location: `http://localhost:${target.port}/feed` });
      reply(302, { location: `/${step + 1}` });
    });
  });
  afterAll(async () => {
    await target.close();
    await redirector.close();
  });
  afterEach(() => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    target.hits.length = 0;
  });

  it("refuses a loopback address that is not allowed, without connecting", async () => {
    const failure = await failureOf(`http://127.0.0.1:${target.port}/feed`);
    expect(failure).toEqual({
      tag: "AddressRefused",
      message: "127.0.0.1 is on a private or reserved network, which this server does not reach. Use a public address.",
    });
    expect(target.hits).toEqual([]);
  });

  it("refuses a name that resolves to loopback (the address is checked after the lookup)", async () => {
    const failure = await failureOf(`http://localhost:${target.port}/feed`);
    expect(failure.tag).toBe("AddressRefused");
    expect(failure.message).toContain("localhost is on a private or reserved network");
    expect(target.hits).toEqual([]);
  });

  it("reads an allowed host:port, with its status, headers and body", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = ` example.test:1 , 127.0.0.1:${target.port}`;
    const answer = await Effect.runPromise(fetchAddress(`http://127.0.0.1:${target.port}/feed`));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toBe('"v1"');
    expect(Buffer.from(answer.body).toString()).toBe("<rss/>");
  });

  it("checks every redirect: an allowed host may not send the request on to one that is not", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${redirector.port}`;
    expect((await failureOf(`http://127.0.0.1:${redirector.port}/to-target`)).tag).toBe("AddressRefused");
    expect((await failureOf(`http://127.0.0.1:${redirector.port}/to-localhost`)).tag).toBe("AddressRefused");
    expect(target.hits).toEqual([]);

    process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${redirector.port},127.0.0.1:${target.port}`;
    const answer = await Effect.runPromise(fetchAddress(`http://127.0.0.1:${redirector.port}/to-target`));
    expect(answer.url).toBe(`http://127.0.0.1:${target.port}/feed`);
    expect(target.hits).toEqual(["/feed"]);
  });

  it("follows at most 5 redirects", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${redirector.port}`;
    expect(await failureOf(`http://127.0.0.1:${redirector.port}/0`)).toEqual({
      tag: "AddressUnreadable",
      message: `127.0.0.1:${redirector.port} redirected more than 5 times.`,
    });
  });

  it("keeps to its size and time limits", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${target.port}`;
    expect(await failureOf(`http://127.0.0.1:${target.port}/big`, { maxBytes: 1024 })).toEqual({
      tag: "AddressUnreadable",
      message: `The file at 127.0.0.1:${target.port} is larger than 1 KB.`,
    });
    expect(await failureOf(`http://127.0.0.1:${target.port}/slow`, { timeoutMs: 300 })).toEqual({
      tag: "AddressUnreadable",
      message: `127.0.0.1:${target.port} did not answer within 0.3 seconds.`,
    });
  });

  it("reads only http and https, without credentials", async () => {
    expect(await failureOf("ftp://example.com/feed")).toEqual({ tag: "AddressRefused", message: "Only http:// and https:// addresses can be read." });
    expect((await failureOf("https://user:secret@example.com/")).message).toBe("Addresses with a user name or password are not accepted.");
    expect((await failureOf("not an address")).message).toBe("not an address is not a valid web address.");
  });
});
