import { describe, expect, it } from "vitest";
import { answerHtml, faqContent, faqJsonLd } from "../../src/components/public/faq-content";
import { SUPPORT_EMAIL } from "../../src/lib/brand";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * The public FAQ as a visitor reads it, on the real app with a trial of 7 days (TRIAL_DAYS; 5 by
 * default): every question with its answer, the configured trial length and no other, the search
 * engines' FAQPage data, and links that lead somewhere. The other public pages state the same length.
 */

const app = useAppServer({ env: { TRIAL_DAYS: "7" } });

const get = (address: string) => fetch(`${app.server.url}${address}`, { headers: { accept: "text/html" }, redirect: "manual" });

/** Text as the browser shows it (the entities Astro writes for escaped text). */
const decoded = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

describe("the FAQ page", () => {
  it("given TRIAL_DAYS=7, a visitor reads every question with its answer, and the 7-day trial only", async () => {
    const response = await get("/faq");
    expect(response.status).toBe(200);
    const html = await response.text();

    const groups = faqContent(7);
    const questions = [...html.matchAll(/<summary[^>]*>\s*<span[^>]*>([^<]*)<\/span>/g)].map((m) => decoded(m[1]));
    expect(questions).toEqual(groups.flatMap((g) => g.items.map((i) => i.question)));
    for (const group of groups) {
      expect(html).toMatch(new RegExp(`<h2 id="${group.id}-title"[^>]*>${group.title.replace("&", "&amp;")}</h2>`));
      for (const item of group.items) {
        for (const paragraph of item.answer) expect(html, item.id).toContain(`>${answerHtml(paragraph)}</p>`);
      }
    }

    const text = decoded(html.replace(/<[^>]+>/g, " "));
    expect(text).toContain("7-day free trial");
    expect(text).toContain("within 7 days");
    expect(text).not.toMatch(/\b5-day|within 5 days/);
  });

  it("given the page, its FAQPage JSON-LD holds the same questions and answers", async () => {
    const html = await (await get("/faq")).text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(scripts).toContainEqual(faqJsonLd(faqContent(7)));
  });

  it("given its links, each leads to a page that answers, a section of the page or the support address", async () => {
    const html = await (await get("/faq")).text();
    const hrefs = [...new Set([...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => decoded(m[1])))];
    expect(hrefs).toEqual(expect.arrayContaining(["/pricing", "/app/dashboard?demo=true", `mailto:${SUPPORT_EMAIL}`]));
    // The app's screens as someone signed in opens them (a signed-out visitor is sent to sign in first).
    const { browser: member } = await signUp(app.server.url);
    for (const href of hrefs) {
      if (href.startsWith("mailto:")) expect(href.startsWith(`mailto:${SUPPORT_EMAIL}`), href).toBe(true);
      else if (href.startsWith("#")) expect(html, href).toContain(`id="${href.slice(1)}"`);
      else {
        expect(href, href).toMatch(/^\/(?!\/)/);
        const reader = href.startsWith("/app/") ? member : new Browser(app.server.url);
        expect((await reader.page(href)).status, href).toBe(200);
      }
    }
  });
});

describe("the other public pages", () => {
  it.each(["/", "/pricing", "/register", "/terms-of-service.html", "/privacy-policy.html"])(
    "given TRIAL_DAYS=7, %s states the 7-day trial and no other length",
    async (address) => {
      const response = await get(address);
      expect(response.status).toBe(200);
      const text = decoded((await response.text()).replace(/<[^>]+>/g, " "));
      expect(text).toMatch(/7-day free trial|7 days/);
      expect(text).not.toMatch(/\b5-day|within 5 days|\b5 days/);
    },
  );
});
