/**
 * The islands' AI calls: a text streamed as it is written (Server-Sent Events from
 * /api/ai/enhance-content and /api/ai/draft-reply), or an image for the post.
 */
import { api, type RequestOf, type ResponseOf } from "../../lib/api/client";
import { ApiError, apiErrorMessage, apiErrorStatus } from "../../lib/api-client";

/**
 * What a failed AI call tells the person: the server's sentence, or `fallback` when the AI server
 * failed (502) or nothing answered. Here, with the calls, so a page's first JavaScript carries none of it.
 */
export const aiFailure = (error: unknown, fallback: string) => {
  const status = apiErrorStatus(error);
  return { status, message: status === 502 || status === null ? fallback : apiErrorMessage(error, fallback) };
};

interface SseEvent {
  readonly event: string;
  readonly data: unknown;
}

const parseBlock = (block: string): SseEvent | null => {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join("\n")) };
  } catch {
    return null;
  }
};

/** The declared operations that write a text and can stream it. */
type TextPath = "/api/ai/enhance-content" | "/api/ai/draft-reply";
type Payload<P extends TextPath> = RequestOf<"POST", P> extends { readonly payload: infer B } ? B : never;
type TextField<P extends TextPath> = keyof Exclude<ResponseOf<"POST", P>, string> & string;

/**
 * Calls a declared AI operation asking for its text as it comes (Server-Sent Events: the typed
 * client reads whole JSON answers, so the stream is read here, over the same declared path and
 * body): `onText` gets the text so far as it comes; answers the final text (`field` of the last
 * event's body). A refusal throws ApiError like the typed client.
 */
export const streamAiText = async <P extends TextPath>(
  path: P,
  body: Payload<P>,
  field: TextField<P>,
  onText: (soFar: string) => void,
  signal?: AbortSignal,
): Promise<string> => {
  const response = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { Accept: "text/event-stream", "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.includes("text/event-stream") || !response.body) {
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, response.statusText, text);
    return String((JSON.parse(text) as Record<string, unknown>)[field] ?? "");
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let soFar = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value.replace(/\r\n/g, "\n");
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const event = parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (!event) continue;
      if (event.event === "delta") {
        soFar += String((event.data as { text?: unknown }).text ?? "");
        onText(soFar.replace(/^\s+/, ""));
      } else if (event.event === "done") {
        return String((event.data as Record<string, unknown>)[field] ?? soFar);
      } else if (event.event === "error") {
        throw new ApiError(502, "Bad Gateway", JSON.stringify(event.data));
      }
    }
  }
  throw new ApiError(502, "Bad Gateway", "");
};

/** Makes an image from the post's text; answers its media library item's address. */
export const generateImage = (prompt: string) =>
  api.post("/api/ai/generate-image", { payload: { prompt, style: "social media post" } }).then((r) => r.url);
