/**
 * The bare baseline of GET / (issue 9): a `node:http` server that sends, for every request, the bytes
 * the app answered to one GET of APP_URL + PAGE_PATH (body and headers, Accept: text/html, no
 * Accept-Encoding, as the load asks), read once at start. No framework, no routing, no cookies:
 * what sending those bytes costs by itself. Started by bench/static-pages-load.ts as its own process
 * (as the app is); prints its port.
 */
import { get, createServer, type OutgoingHttpHeaders } from "node:http";

const appUrl = process.env.APP_URL;
if (!appUrl) throw new Error("APP_URL is not set");
const pagePath = process.env.PAGE_PATH ?? "/";

/** Per connection or per answer: node:http writes its own. */
const SKIP = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

const captured = await new Promise<{ headers: OutgoingHttpHeaders; body: Buffer }>((resolve, reject) => {
  get(new URL(pagePath, appUrl), { headers: { accept: "text/html" } }, (response) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.on("end", () => {
      if (response.statusCode !== 200) return reject(new Error(`${pagePath} answered ${response.statusCode}`));
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(response.headers)) if (!SKIP.has(name) && value !== undefined) headers[name] = value;
      resolve({ headers, body: Buffer.concat(chunks) });
    });
    response.on("error", reject);
  }).on("error", reject);
});

const headers = { ...captured.headers, "content-length": captured.body.length };
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(captured.body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
