import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequest } from "astro/app/node";
import { afterEach, describe, expect, it } from "vitest";
import { BodyInterrupted, BodyTooLarge, bodyTooLargeMessage, boundedChunks, formatLimit, readBounded } from "./request-body";

/** A body of `chunks` chunks of `size` bytes, made on demand, that records how much was pulled and whether it was cancelled. */
const countingStream = (chunks: number, size: number) => {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
    cancel() {
      seen.cancelled = true;
    },
    // Pulled only when read, as a socket's body is.
  }, { highWaterMark: 0 });
  return { stream, seen };
};

const post = (body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readBounded", () => {
  it("given a body within the limit, when read, then it answers every byte in order", async () => {
    const { stream } = countingStream(3, 1000);
    const bytes = await readBounded(post(stream), 3000);
    expect(bytes.byteLength).toBe(3000);
    expect(bytes.every((b) => b === 97)).toBe(true);
    expect(new TextDecoder().decode(await readBounded(post("héllo"), 6))).toBe("héllo");
  });

  it("given no body, when read, then it answers no bytes", async () => {
    expect((await readBounded(new Request("http://localhost/x", { method: "POST" }), 10)).byteLength).toBe(0);
  });

  it("given a Content-Length over the limit, when read, then it refuses before reading a byte", async () => {
    const { stream, seen } = countingStream(1000, 1000);
    const request = post(stream, { "content-length": "1000000" });
    await expect(readBounded(request, 16_000)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(seen.pulled).toBe(0);
    expect(request.bodyUsed).toBe(false);
  });

  it("given a chunked body that never ends, when read, then it stops just past the limit and reads no more", async () => {
    // 150 MB on offer in 64 KB chunks: reading stops at the first chunk past 16 KB.
    const { stream, seen } = countingStream(2400, 64 * 1024);
    const request = post(stream);
    const error = await readBounded(request, 16_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLarge);
    expect((error as BodyTooLarge).maxBytes).toBe(16_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.pulled).toBeLessThanOrEqual(2);
    // Let go, not cancelled: cancelling a request's stream would destroy its socket before the 413 is out.
    expect(seen.cancelled).toBe(false);
    expect(request.body!.locked).toBe(false);
  });

  it("given a body of exactly the limit, when read, then it is accepted; one byte more is refused", async () => {
    expect((await readBounded(post("x".repeat(100)), 100)).byteLength).toBe(100);
    await expect(readBounded(post("x".repeat(101)), 100)).rejects.toBeInstanceOf(BodyTooLarge);
  });

  it("given a body that breaks off, when read, then it is BodyInterrupted", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.error(new Error("socket hang up"));
      },
    });
    await expect(readBounded(post(stream), 1000)).rejects.toBeInstanceOf(BodyInterrupted);
  });

  it("given the adapter's own limit failing the stream, when read, then it is BodyTooLarge", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new Error("Body size limit exceeded: received more than 1048576 bytes"));
      },
    });
    await expect(readBounded(post(stream), 1000)).rejects.toBeInstanceOf(BodyTooLarge);
  });
});

describe("boundedChunks", () => {
  it("given a reader that stops early, when it leaves the loop, then the stream is let go, neither read on nor cancelled", async () => {
    const { stream, seen } = countingStream(100, 10);
    for await (const _chunk of boundedChunks(stream, 10_000)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.cancelled).toBe(false);
    expect(seen.pulled).toBeLessThanOrEqual(2);
    expect(stream.locked).toBe(false);
  });

  it("given an async iterable over the limit, when read, then it throws BodyTooLarge after the chunk that passes it", async () => {
    let produced = 0;
    async function* source() {
      for (;;) {
        produced += 1;
        yield new Uint8Array(100);
      }
    }
    const received: number[] = [];
    const read = async () => {
      for await (const chunk of boundedChunks(source(), 250)) received.push(chunk.byteLength);
    };
    await expect(read()).rejects.toBeInstanceOf(BodyTooLarge);
    expect(received).toEqual([100, 100]);
    expect(produced).toBe(3);
  });
});

describe("the sentence", () => {
  it("says the limit in kilobytes or megabytes", () => {
    expect(formatLimit(16_000)).toBe("16 KB");
    expect(formatLimit(256_000)).toBe("256 KB");
    expect(formatLimit(1_000_000)).toBe("1 MB");
    expect(formatLimit(32_000_000)).toBe("32 MB");
    expect(bodyTooLargeMessage(16_000)).toBe("The request body is too large (at most 16 KB).");
  });
});

describe("on a real socket (Astro's node adapter's Request)", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it("given a chunked body far over the limit, when the route refuses it, then the client gets the 413 and the server read only the start", async () => {
    let readByServer = 0;
    server = createServer((req, res) => {
      const socket = req.socket;
      socket.once("close", () => (readByServer = socket.bytesRead));
      const request = createRequest(req, { bodySizeLimit: 1024 ** 3 });
      readBounded(request, 16_000).then(
        () => res.writeHead(200).end(),
        (error: unknown) => res.writeHead(error instanceof BodyTooLarge ? 413 : 500, { connection: "close" }).end(),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const offered = 150 * 1024 * 1024;
    const status = await new Promise<number>((resolve, reject) => {
      const client = httpRequest({ port, host: "127.0.0.1", method: "POST", path: "/" });
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      let answered = false;
      client.on("response", (res) => {
        answered = true;
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      client.on("error", (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        while (!answered && sent < offered) {
          sent += chunk.length;
          if (!client.write(chunk)) return void client.once("drain", pump);
        }
        if (!answered) client.end();
      };
      pump();
    });
    expect(status).toBe(413);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    // The socket was closed after the answer: what it had buffered by then, far from the 150 MB offered.
    expect(readByServer).toBeGreaterThan(16_000);
    expect(readByServer).toBeLessThan(8 * 1024 * 1024);
  });
});
