import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import sharp from "sharp";

/**
 * A local OpenAI-compatible server, as OpenAI, vLLM, llama.cpp or Ollama answer the `openai` SDK:
 * `POST /v1/chat/completions` (one answer, or `stream: true` as SSE chunks ending with `[DONE]`) and
 * `POST /v1/images/generations` (a small real PNG as `b64_json`, or a `url` this server serves). It
 * checks every request (path, bearer key, model, messages or prompt) and answers a refusal it
 * notes in `problems` when one is wrong. `mode` makes it fail (500) or hang (no answer) on demand.
 */
export interface FakeAiOptions {
  readonly port?: number;
  readonly apiKey?: string;
  readonly model?: string;
  readonly imageModel?: string;
}

export interface ChatRequest {
  readonly model: string;
  readonly messages: ReadonlyArray<{ role: string; content: string }>;
  readonly stream?: boolean;
}

export interface FakeAi {
  /** The address to give as AI_BASE_URL (ends in /v1). */
  readonly baseUrl: string;
  readonly requests: Array<{ path: string; body: any }>;
  readonly problems: string[];
  mode: "ok" | "fail" | "hang";
  /** How images are answered. */
  imageAnswer: "b64_json" | "url";
  /** Milliseconds between streamed chunks. */
  chunkDelayMs: number;
  /** Streamed answers whose caller hung up before the end. */
  cutOff: number;
  /** The assistant's text for a chat request. */
  reply: (request: ChatRequest) => string;
  /** Back to how it started: answering, the default replies, nothing recorded (one server for many tests). */
  readonly reset: () => void;
  readonly close: () => Promise<void>;
}

/** A 96×64 PNG (a teal square on white), real bytes for the media library to read. */
export const samplePng = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: "#ffffff" } })
    .composite([{ input: { create: { width: 40, height: 40, channels: 3, background: "#0d9488" } }, top: 12, left: 28 }])
    .png()
    .toBuffer();

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on("data", (c: Buffer) => chunks.push(c))
      .on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
      .on("error", reject);
  });

const errorBody = (message: string, type = "invalid_request_error") => JSON.stringify({ error: { message, type, param: null, code: null } });

/** Default answers: short, recognisable, by what the prompt asks. */
export const defaultReply = (request: ChatRequest) => {
  const prompt = request.messages.at(-1)?.content ?? "";
  if (prompt.startsWith("Shorten")) return "Healthy gums, bright smiles: book your cleaning today! #dental";
  if (prompt.startsWith("Draft")) return "Thank you for your kind words! We're glad you had a great visit and look forward to seeing you again.";
  return "✨ Fresh smiles start here. Our clinic opens Monday: book your first visit today and meet the team! #smile";
};

/** A fake's settings when it starts and after `reset()`. */
const FRESH = { mode: "ok", imageAnswer: "b64_json", chunkDelayMs: 20, cutOff: 0, reply: defaultReply } as const;

export const startFakeAi = async (options: FakeAiOptions = {}): Promise<FakeAi> => {
  const apiKey = options.apiKey ?? "test-ai-key";
  const model = options.model ?? "test-chat-model";
  const imageModel = options.imageModel ?? "test-image-model";
  const png = await samplePng();
  const sockets = new Set<Socket>();
  let base = "";

  const fake: FakeAi = {
    baseUrl: "",
    requests: [],
    problems: [],
    ...FRESH,
    reset: () => {
      Object.assign(fake, FRESH);
      fake.requests.length = 0;
      fake.problems.length = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const refuse = (res: ServerResponse, status: number, problem: string) => {
    fake.problems.push(problem);
    res.writeHead(status, { "content-type": "application/json" }).end(errorBody(problem));
  };

  const chat = async (res: ServerResponse, body: ChatRequest) => {
    if (body.model !== model) return refuse(res, 404, `The model \`${body.model}\` does not exist.`);
    const wellFormed =
      Array.isArray(body.messages) &&
      body.messages.length > 0 &&
      body.messages.every((m) => ["system", "user", "assistant"].includes(m.role) && typeof m.content === "string" && m.content.trim() !== "");
    if (!wellFormed) return refuse(res, 400, "messages must be a non-empty list of {role, content}.");
    const text = fake.reply(body);
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      return res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model,
          choices: [{ index: 0, message: { role: "assistant", content: text, refusal: null }, logprobs: null, finish_reason: "stop" }],
          usage: { prompt_tokens: 20, completion_tokens: 20, total_tokens: 40 },
        }),
      );
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: "assistant", content: "" }, null));
    for (const piece of text.match(/\S+\s*/gu) ?? []) {
      await new Promise((resolve) => setTimeout(resolve, fake.chunkDelayMs));
      if (res.destroyed) {
        fake.cutOff++;
        return;
      }
      res.write(chunk({ content: piece }, null));
    }
    res.write(chunk({}, "stop"));
    res.end("data: [DONE]\n\n");
  };

  const images = (res: ServerResponse, body: { model?: string; prompt?: string; n?: number }) => {
    if (body.model !== imageModel) return refuse(res, 404, `The model \`${body.model}\` does not exist.`);
    if (typeof body.prompt !== "string" || body.prompt.trim() === "") return refuse(res, 400, "prompt is required.");
    if (body.n !== undefined && body.n !== 1) return refuse(res, 400, "n must be 1.");
    const image = fake.imageAnswer === "url" ? { url: `${base}/files/generated.png`, revised_prompt: body.prompt } : { b64_json: png.toString("base64") };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [image] }));
  };

  const server = createServer(async (req, res) => {
    const path = req.url ?? "";
    if (req.method === "GET" && path === "/files/generated.png") return res.writeHead(200, { "content-type": "image/png" }).end(png);
    const raw = await readBody(req);
    let body: any = null;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(res, 400, `The body of ${path} is not JSON.`);
    }
    fake.requests.push({ path, body });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return refuse(res, 401, `Incorrect API key provided: ${req.headers.authorization ?? "none"}.`);
    if (req.method !== "POST") return refuse(res, 405, `${req.method} is not allowed on ${path}.`);
    if (fake.mode === "hang") return; // never answers: the app's time-out must give up
    if (fake.mode === "fail")
      return res
        .writeHead(500, { "content-type": "application/json" })
        .end(errorBody("The server had an error while processing your request.", "server_error"));
    if (path === "/v1/chat/completions") return chat(res, body);
    if (path === "/v1/images/generations") return images(res, body);
    return refuse(res, 404, `No route ${path}.`);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (fake as { baseUrl: string }).baseUrl = `${base}/v1`;
  return fake;
};

/** The app's environment for this fake. */
export const aiEnv = (fake: FakeAi, more: Record<string, string> = {}) => ({
  AI_BASE_URL: fake.baseUrl,
  AI_API_KEY: "test-ai-key",
  AI_MODEL: "test-chat-model",
  AI_IMAGE_MODEL: "test-image-model",
  ...more,
});
