import { describe, expect, it } from "vitest";
import { FAQ_GROUP_TITLES, answerHtml, answerText, faqContent, faqJsonLd } from "./faq-content";
import { PLATFORM_COUNT, REVIEW_PLATFORMS, SOCIAL_PLATFORMS } from "./platforms";
import { trialIncludes } from "./trial-terms";
import { SUPPORT_EMAIL } from "../../lib/brand";
import { pageOf } from "../../../tests/support/pages";

const allText = (trialDays: number) =>
  faqContent(trialDays)
    .flatMap((g) => g.items.flatMap((i) => [i.question, ...i.answer]))
    .join("\n");

describe("FAQ content", () => {
  it("has the six groups of the spec, in order, with four questions each", () => {
    const groups = faqContent(5);
    expect(groups.map((g) => g.title)).toEqual([
      "Getting Started",
      "Platform & Features",
      "Scheduling & Publishing",
      "Analytics & Reporting",
      "Team & Collaboration",
      "Billing & Support",
    ]);
    expect(FAQ_GROUP_TITLES).toEqual(groups.map((g) => g.title));
    for (const group of groups) expect(group.items).toHaveLength(4);
  });

  it.each([1, 5, 14])("given a trial of %i days, then every question reads as one and has its answer, with nothing left unfilled", (days) => {
    for (const item of faqContent(days).flatMap((g) => g.items)) {
      expect(item.question, item.id).toMatch(/^[A-Z].*\?$/);
      expect(item.answer.length, item.id).toBeGreaterThan(0);
      for (const paragraph of item.answer) {
        expect(paragraph.trim(), item.id).not.toBe("");
        expect(paragraph, item.id).toMatch(/[.!?)]$/);
        expect(paragraph, item.id).not.toMatch(/\bundefined\b|\bnull\b|NaN|\[object |\$\{/);
      }
    }
  });

  it("given a one-day trial, then it says 1 day, not 1 days", () => {
    expect(allText(1)).toContain("1-day free trial");
    expect(allText(1)).toContain("within 1 day,");
    expect(allText(1)).not.toContain("1 days");
  });

  it("uses unique ids for groups and questions (they are page anchors)", () => {
    const groups = faqContent(5);
    const ids = [...groups.map((g) => g.id), ...groups.flatMap((g) => g.items.map((i) => i.id))];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it.each([5, 3, 7, 14])("states the configured trial length (%i days) and no other", (days) => {
    const text = allText(days);
    expect(text).toContain(`${days}-day free trial`);
    expect(text).toContain(`within ${days} days`);
    const otherLengths = [...text.matchAll(/(\d+)-day/g)].map((m) => Number(m[1]));
    expect(otherLengths.every((n) => n === days)).toBe(true);
    const refundDays = [...text.matchAll(/within (\d+) days?/g)].map((m) => Number(m[1]));
    expect(refundDays.length).toBeGreaterThan(0);
    expect(refundDays.every((n) => n === days)).toBe(true);
  });

  it("says what the trial includes exactly as the app's gates have it, and no longer promises the plan's full features", () => {
    const started = faqContent(5)[0]!.items.find((i) => i.id === "free-trial")!;
    const text = answerText(started.answer);
    expect(text).toContain(trialIncludes());
    expect(text).toContain("scheduling and the queue, the analytics dashboard and the AI writing assistant (20 texts and 2 images a month)");
    expect(text).toContain("for up to 3 social accounts, 10 posts a month and 50 scheduled posts");
    expect(allText(5)).not.toMatch(/full access to the features/);
  });

  it("says a card is required for the trial and refunds within it", () => {
    const billing = faqContent(5).find((g) => g.title === "Billing & Support")!;
    const card = billing.items.find((i) => /credit card/i.test(i.question))!;
    expect(answerText(card.answer)).toMatch(/^Yes\. A credit card is required/);
    expect(answerText(card.answer)).toContain("full refund");
  });

  it("matches the product's claims", () => {
    const text = allText(5);
    expect(text).toContain("returned to your drafts with the reason shown");
    expect(text).toContain("within about 15 minutes");
    expect(text).toContain("reply within 24 hours");
    expect(text).toContain("We aim to answer a chat within 4 hours during our working hours");
    expect(text).toContain("Professional, Growth and Agency");
    expect(text).toContain(`${PLATFORM_COUNT} platforms`);
    expect(text).toContain(`${SOCIAL_PLATFORMS.length} social networks`);
    expect(text).toContain("7 review and directory sites");
    for (const platform of [...SOCIAL_PLATFORMS, ...REVIEW_PLATFORMS]) expect(text).toContain(platform);
    expect(text).toMatch(/export your analytics as a CSV file/i);
    expect(text).toContain("more than 500 accounts");
    expect(text).toContain("saves up to 29%");
  });

  it("describes the three team roles of the product (owner, admin, member)", () => {
    const team = faqContent(5).find((g) => g.title === "Team & Collaboration")!;
    const roles = answerText(team.items.find((i) => i.id === "roles")!.answer);
    expect(roles).toContain("three roles");
    for (const role of ["Owner", "Admins", "Members"]) expect(roles).toContain(role);
    expect(roles).not.toMatch(/Manager|Editor|Viewer/);
  });

  it("links to pricing, the live demo and e-mail support, each to a page that exists", () => {
    const links = faqContent(5)
      .flatMap((g) => g.items.flatMap((i) => i.answer))
      .flatMap((p) => [...p.matchAll(/\[([^\]]*)\]\(([^)]+)\)/g)].map((m) => ({ label: m[1], href: m[2] })));
    const hrefs = links.map((link) => link.href);
    expect(hrefs).toContain("/pricing");
    expect(hrefs).toContain(`mailto:${SUPPORT_EMAIL}`);
    expect(hrefs).toContain("/app/dashboard?demo=true");
    for (const { label, href } of links) {
      expect(label.trim(), href).not.toBe("");
      if (href.startsWith("mailto:")) expect(href).toBe(`mailto:${SUPPORT_EMAIL}`);
      else {
        expect(href, label).toMatch(/^\//);
        // A page of its own: not Astro's 404 nor the app's not-found screen.
        expect(pageOf(href), href).not.toBeNull();
        expect(pageOf(href), href).not.toBe("app/[...path].astro");
      }
    }
    // Every link renders as one on the page.
    for (const paragraph of faqContent(5).flatMap((g) => g.items.flatMap((i) => i.answer))) {
      const count = [...paragraph.matchAll(/\]\(/g)].length;
      expect(answerHtml(paragraph).match(/<a href="/g)?.length ?? 0, paragraph).toBe(count);
    }
  });
});

describe("answer rendering", () => {
  it("turns [label](href) into links and escapes everything else", () => {
    expect(answerHtml("See the [pricing page](/pricing) & <b>more</b>.")).toBe(
      'See the <a href="/pricing">pricing page</a> &amp; &lt;b&gt;more&lt;/b&gt;.',
    );
    expect(answerHtml('[a "b"](/x?y=1&z=2)')).toBe('<a href="/x?y=1&amp;z=2">a &quot;b&quot;</a>');
    expect(answerHtml("No links here.")).toBe("No links here.");
  });

  it("reduces links to their labels in plain text", () => {
    expect(answerText(["Go to [pricing](/pricing).", "Second."])).toBe("Go to pricing.\n\nSecond.");
  });
});

describe("FAQPage JSON-LD", () => {
  it("has every question of the page, in its order, with its plain-text answer", () => {
    const groups = faqContent(5);
    // As BaseLayout writes it into the page: JSON.stringify inside <script type="application/ld+json">.
    const script = JSON.stringify(faqJsonLd(groups));
    // Nothing in it can end the script element early.
    expect(script).not.toContain("<");
    const data = JSON.parse(script) as { "@context": string; "@type": string; mainEntity: Array<Record<string, any>> };
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(24);
    expect(data.mainEntity).toEqual(
      groups.flatMap((g) => g.items).map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: answerText(item.answer) } })),
    );
    expect(data.mainEntity[0].acceptedAnswer.text).toContain("5-day free trial");
    for (const q of data.mainEntity) {
      expect(q.acceptedAnswer.text).not.toMatch(/\]\(/);
      expect(q.acceptedAnswer.text.trim()).not.toBe("");
    }
  });
});
