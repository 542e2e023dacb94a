import type { APIRoute } from "astro";
import { config } from "../../infra/config";

/** Private areas crawlers should skip, and link-in-bio clicks (a crawler following them is not a visitor). */
export const DISALLOWED_PATHS = ["/app", "/api", "/admin", "/demo", "/bio/*/go/"] as const;

export const GET: APIRoute = (context) => {
  const base = config().publicUrl;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", base).href}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
};
