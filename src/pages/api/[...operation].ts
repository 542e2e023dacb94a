import type { APIRoute } from "astro";
import { bodyRuleOf, serveApi } from "../../lib/api/serve";
import { apiError, BODY_LIMITS, readBody } from "../../lib/http";

/** Bodies the declared operations read as they came: a form's fields, a platform's signed webhook. */
const AS_SENT = /^(application\/x-www-form-urlencoded|application\/octet-stream|application\/xml|text\/xml)/;

/**
 * Every operation declared in the app's HTTP contract (infra/app-api.ts), behind one route: Astro
 * tries it after the route files, so the modules not yet declared keep theirs. The body is read
 * here through the one bounded reader, at the limit the operation declares (`RequestBody`; 413 past
 * it): a multipart upload goes on as a stream (its declaration sets its limits), a form, or a body
 * the operation reads as sent (a signed webhook), as sent, and anything else must be JSON, whatever
 * content type a script forgot to set.
 */
export const ALL: APIRoute = async ({ request, locals, url, clientAddress }) => {
  if (request.body === null) return serveApi(request, locals, url.origin, clientAddress);
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.startsWith("multipart/form-data")) return serveApi(request, locals, url.origin, clientAddress);
  const rule = bodyRuleOf(request.method, url.pathname);
  const read = await readBody(request, rule.maxBytes ?? BODY_LIMITS.json);
  if (!read.ok) return read.response;
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  if (rule.asSent || AS_SENT.test(contentType)) return serveApi(new Request(request.url, { method: request.method, headers, body: read.bytes }), locals, url.origin, clientAddress);
  const text = new TextDecoder().decode(read.bytes);
  if (text.trim() !== "") {
    try {
      JSON.parse(text);
    } catch {
      return apiError(400, "invalid_json", "The request body is not valid JSON.");
    }
  }
  headers.set("content-type", "application/json");
  const body = text.trim() === "" ? "{}" : text;
  return serveApi(new Request(request.url, { method: request.method, headers, body }), locals, url.origin, clientAddress);
};
