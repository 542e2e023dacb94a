import { describe, expect, it } from "vitest";
import { FAQ_GROUP_TITLES, answerHtml, answerText, faqContent, faqJsonLd } from "./faq-content";
import { PLATFORM_COUNT, REVIEW_PLATFORMS, SOCIAL_PLATFORMS } from "./platforms";
import { SUPPORT_EMAIL } from "../../lib/brand";

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
    expect(text).toContain("4-hour response and live chat");
    expect(text).toContain("Professional, Growth and Agency");
    expect(text).toContain(`${PLATFORM_COUNT} platforms`);
    expect(text).toContain("12 social networks");
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

  it("links to pricing and e-mail support", () => {
    const links = faqContent(5)
      .flatMap((g) => g.items.flatMap((i) => i.answer))
      .flatMap((p) => [...p.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]));
    expect(links).toContain("/pricing");
    expect(links).toContain(`mailto:${SUPPORT_EMAIL}`);
    expect(links).toContain("/app/dashboard?demo=true");
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
  it("has every question with its plain-text answer", () => {
    const groups = faqContent(5);
    const data = faqJsonLd(groups) as { "@context": string; "@type": string; mainEntity: Array<Record<string, any>> };
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(24);
    const first = data.mainEntity[0];
    expect(first["@type"]).toBe("Question");
    expect(first.name).toBe(groups[0].items[0].question);
    expect(first.acceptedAnswer["@type"]).toBe("Answer");
    expect(first.acceptedAnswer.text).toContain("5-day free trial");
    for (const q of data.mainEntity) expect(q.acceptedAnswer.text).not.toMatch(/\]\(/);
    expect(() => JSON.parse(JSON.stringify(data))).not.toThrow();
  });
});
