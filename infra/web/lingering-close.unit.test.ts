import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { installLingeringClose } from "./lingering-close";

/** A short lingering time: what is checked is that the connection ends in order first, then is cut. */
const LINGER_MS = 200;

/** A server that refuses every body after its first chunk, as the bounded reader does: 413 with Connection: close. */
const refusingServer = async (lingering: boolean) => {
  const server = createServer((req, res) => {
    req.once("data", () => {
      req.pause();
      res.writeHead(413, { connection: "close", "content-type": "text/plain" }).end("The request body is too large.");
    });
  });
  if (lingering) installLingeringClose(server, LINGER_MS);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
};

/** Streams 20 MB at `server` and notes what the client's socket sees, in order, until it closes. */
const streamAt = (server: Server) =>
  new Promise<{ events: string[]; closedAfterMs: number }>((resolve) => {
    const { port } = server.address() as AddressInfo;
    const client = request({ host: "127.0.0.1", port, method: "POST", path: "/", agent: false });
    const events: string[] = [];
    let answeredAt = 0;
    client.on("socket", (socket) => {
      socket.on("end", () => events.push("end"));
      socket.on("error", () => events.push("reset"));
      socket.on("close", () => resolve({ events, closedAfterMs: Date.now() - answeredAt }));
    });
    client.on("response", (response) => {
      answeredAt = Date.now();
      events.push(`answer ${response.statusCode}`);
      response.resume();
    });
    client.on("error", () => {});
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < 20_000_000) {
        sent += chunk.length;
        if (!client.write(chunk)) return void client.once("drain", pump);
      }
      client.end();
    };
    pump();
  });

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe("closing a connection under a refused body", () => {
  it("given a body refused before its end, when the answer goes out, then the client reads it and the connection's orderly end before it is cut", async () => {
    server = await refusingServer(true);

    const { events, closedAfterMs } = await streamAt(server);

    expect(events.slice(0, 2)).toEqual(["answer 413", "end"]);
    // Cut once the lingering time is over (the client, still sending, sees the reset then).
    expect(closedAfterMs).toBeLessThan(LINGER_MS + 1_000);
  });

  it("given no lingering, then the connection is reset under the client with no orderly end (what the lingering close prevents)", async () => {
    server = await refusingServer(false);

    const { events } = await streamAt(server);

    expect(events).not.toContain("end");
  });
});
