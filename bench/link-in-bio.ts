/**
 * Link in bio (issue 14): a published page of 8 links, GET /bio/{username} signed out against a bare
 * node:http server sending the same bytes (measureStaticPage: goal ≥ 0.5 of its requests per
 * second), and the click redirect /bio/{username}/go/{id} timed in a row, each a counted click
 * (budget p99 < 20 ms).
 */
import { latencyOf } from "./format";
import { measureStaticPage, type StaticPageFigure } from "./static-pages-load";

export const BIO_REDIRECT_BUDGET_MS = 20;

export interface LinkInBioFigures {
  readonly page: StaticPageFigure;
  readonly redirect: { readonly p50Ms: number; readonly p99Ms: number; readonly samples: number };
}

export const measureLinkInBio = async (options: { readonly baseUrl: string; readonly sessionCookie: string }): Promise<LinkInBioFigures> => {
  const headers = { cookie: options.sessionCookie, origin: options.baseUrl, accept: "application/json", "content-type": "application/json" };
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${options.baseUrl}${path}`, { method, headers, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { id: string };
  };
  const links = [];
  for (const [i, title] of ["Book a visit", "Our services", "Meet the team", "Patient forms", "Insurance", "Reviews", "Directions", "Call us"].entries()) {
    links.push(
      await call("POST", "/api/link-in-bio/links", {
        title,
        url: i === 7 ? "+1 555 010 0000" : `https://leedental.example/${i}`,
        type: i === 7 ? "phone" : "link",
      }),
    );
  }
  const username = `bench-${Date.now().toString(36)}`;
  await call("PUT", "/api/link-in-bio", {
    username,
    title: "Lee Dental",
    bio: "Family dentistry in Springfield since 1998. Book online, or call us.",
    theme: "gradient-blue",
    isPublished: true,
    socialLinks: [
      { platform: "instagram", url: "https://instagram.com/leedental", isVisible: true },
      { platform: "facebook", url: "https://facebook.com/leedental", isVisible: true },
    ],
  });
  const pagePath = `/bio/${username}`;
  // The first visit is rendered by Astro; the lane keeps it for the next ones.
  for (let i = 0; i < 3; i++) {
    await fetch(`${options.baseUrl}${pagePath}`, { headers: { accept: "text/html" } }).then((r) => r.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const page = await measureStaticPage({ baseUrl: options.baseUrl, path: pagePath });

  const go = `${options.baseUrl}${pagePath}/go/${links[0]!.id}`;
  const redirect = await latencyOf(async () => {
    const response = await fetch(go, { redirect: "manual", headers: { "user-agent": "bench" } });
    await response.arrayBuffer();
    if (response.status !== 302) throw new Error(`the click answered ${response.status}`);
  }, 2_000);
  return { page, redirect };
};
