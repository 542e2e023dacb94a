import type { APIRoute } from "astro";
import { config } from "../../infra/config";
import { LinkInBio } from "../../infra/link-in-bio/LinkInBio";
import { helpCatalogue } from "../../infra/help/catalogue";
import { runForPage } from "../lib/http";

/** The public, indexable pages (the help centre's are added from its articles, the published link-in-bio pages from the database). */
export const SITEMAP_PATHS = ["/", "/pricing", "/faq", "/register", "/login", "/privacy-policy.html", "/terms-of-service.html"] as const;

const escapeXml = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The site's own public pages: the fixed ones and the help centre's. */
export const sitePaths = (): ReadonlyArray<string> => [...SITEMAP_PATHS, "/help", ...helpCatalogue.articles.map((article) => `/help/${article.id}`)];

/** The sitemap of these paths on the site's public address. */
export const sitemapResponse = (paths: ReadonlyArray<string>): Response => {
  const base = config().publicUrl;
  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, base).href)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
};

/** GET /sitemap.xml: the site's pages and every published link-in-bio page (without the database, the site's own). */
export const GET: APIRoute = async () => {
  const bios = await runForPage(LinkInBio.use((bio) => bio.publishedUsernames())).catch(() => null);
  return sitemapResponse([...sitePaths(), ...(bios?.ok ? bios.value.map((username) => `/bio/${encodeURIComponent(username)}`) : [])]);
};
