import type { APIRoute } from "astro";
import { config } from "../../infra/config";

/** The public, indexable pages. */
export const SITEMAP_PATHS = [
  "/",
  "/pricing",
  "/faq",
  "/register",
  "/login",
  "/privacy-policy.html",
  "/terms-of-service.html",
] as const;

const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const GET: APIRoute = (context) => {
  const base = config().publicUrl;
  const urls = SITEMAP_PATHS.map(
    (path) => `  <url><loc>${escapeXml(new URL(path, base).href)}</loc></url>`,
  ).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
};
