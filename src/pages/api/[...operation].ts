import type { APIRoute } from "astro";
import { serveApi } from "../../lib/api/serve";
import { BODY_LIMITS, readBody } from "../../lib/http";
import { problemResponse } from "../../lib/api/problem-response";

/**
 * Every operation declared in the app's HTTP contract (infra/app-api.ts), behind one
 * route: Astro tries it after the route files, so the modules not yet declared keep theirs. The
 * body is read here through the one bounded reader (413 past the limit), and must be JSON.
 */
export const ALL: APIRoute = async ({ request, locals, url }) => {
  if (request.body === null) return serveApi(request, locals, url.origin);
  const read = await readBody(request, BODY_LIMITS.json);
  if (!read.ok) return read.response;
  const text = new TextDecoder().decode(read.bytes);
  if (text.trim() !== "") {
    try {
      JSON.parse(text);
    } catch {
      return problemResponse(400, "invalid_json", "Invalid input", "The request body is not valid JSON.");
    }
  }
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const body = text.trim() === "" ? "{}" : text;
  return serveApi(new Request(request.url, { method: request.method, headers, body }), locals, url.origin);
};
