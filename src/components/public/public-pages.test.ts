import { describe, expect, it } from "vitest";
import { PLANS, hasFeature, limitsOf } from "../../../domain/plans";
import { planComparison } from "./plan-comparison";
import { plansJsonLd } from "./plans-jsonld";
import { PLATFORM_COUNT, REVIEW_PLATFORMS, SOCIAL_PLATFORMS } from "./platforms";
import { SITEMAP_PATHS, sitemapResponse, sitePaths } from "../../pages/sitemap.xml";
import { GET as robots } from "../../pages/robots.txt";

describe("platforms", () => {
  it("names every platform of the catalogue: the spec's 12 social networks with Mastodon, Telegram and Discord, and 7 review or directory sites", () => {
    expect(SOCIAL_PLATFORMS).toEqual(expect.arrayContaining(["Facebook", "Bluesky", "Reddit", "Mastodon", "Telegram", "Discord"]));
    expect(SOCIAL_PLATFORMS).toHaveLength(15);
    expect(REVIEW_PLATFORMS).toHaveLength(7);
    expect(PLATFORM_COUNT).toBe(22);
    expect(REVIEW_PLATFORMS).toEqual(["Yelp", "Avvo", "Healthgrades", "Dignity Health", "Martindale-Hubbell", "Super Lawyers", "BBB"]);
  });
});

describe("plan comparison", () => {
  const groups = planComparison(5);
  const row = (label: string) => groups.flatMap((g) => g.rows).find((r) => r.label === label)!;

  it("gives every plan a value in every row", () => {
    for (const r of groups.flatMap((g) => g.rows)) {
      expect(Object.keys(r.values).sort()).toEqual(PLANS.map((p) => p.id).sort());
    }
  });

  it("shows the limits of the plans", () => {
    expect(row("Social accounts").values).toEqual({ starter: "10", professional: "20", growth: "40", agency: "120" });
    expect(row("Scheduled posts").values).toEqual({ starter: "160", professional: "Unlimited", growth: "Unlimited", agency: "Unlimited" });
    expect(row("Team members").values.starter).toBe("Individual use only");
    expect(row("Team members").values.professional).toBe("Unlimited");
    expect(row("Analytics history").values).toEqual({ starter: "30 days", professional: "6 months", growth: "12 months", agency: "12 months" });
    for (const plan of PLANS) expect(row("Social accounts").values[plan.id]).toBe(String(limitsOf(plan.id).socialAccounts));
  });

  it("agrees with the plan gates", () => {
    for (const plan of PLANS) {
      expect(row("Review management").values[plan.id]).toBe(hasFeature(plan.id, "review_management"));
      expect(row("Unified social inbox").values[plan.id]).toBe(hasFeature(plan.id, "social_inbox"));
      expect(row("White-label reports").values[plan.id]).toBe(hasFeature(plan.id, "white_label"));
    }
    for (const plan of PLANS) expect(row("Live chat in the app (4-hour response target)").values[plan.id]).toBe(hasFeature(plan.id, "live_chat"));
    expect(row("Live chat in the app (4-hour response target)").values).toEqual({ starter: false, professional: true, growth: true, agency: true });
    expect(row("Role-based permissions").values.starter).toBe(false);
    expect(row("Role-based permissions").values.professional).toBe(true);
  });

  it("reads the trial length from the setting", () => {
    const seven = planComparison(7).flatMap((g) => g.rows);
    expect(seven.find((r) => r.label === "Free trial")!.values.growth).toBe("7 days");
    expect(seven.some((r) => r.label === "Full refund if cancelled within 7 days")).toBe(true);
  });
});

describe("pricing JSON-LD", () => {
  it("offers the four plans with their prices and sign-up links", () => {
    const data = plansJsonLd(new URL("https://socialdesk.example/"), 5) as any;
    expect(data["@type"]).toBe("SoftwareApplication");
    expect(data.offers).toHaveLength(4);
    const pro = data.offers.find((o: any) => o.name === "Professional plan");
    expect(pro.price).toBe("35.00");
    expect(pro.priceCurrency).toBe("USD");
    expect(pro.url).toBe("https://socialdesk.example/register?plan=professional");
    expect(pro.priceSpecification[1].price).toBe("300.00");
    expect(pro.description).toContain("5-day free trial");
  });
});

// PUBLIC_URL is https://socialdesk.example for every unit test (vitest.config.ts): config() reads it once per process.
describe("sitemap.xml and robots.txt (from PUBLIC_URL, read at run time)", () => {
  const context = { site: undefined, url: new URL("http://localhost/x") } as never;

  it("lists the public pages from the site URL", async () => {
    const response = sitemapResponse(sitePaths());
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of ["/", "/pricing", "/faq", "/register", "/login", "/privacy-policy.html", "/terms-of-service.html"]) {
      expect(xml).toContain(`<loc>https://socialdesk.example${path}</loc>`);
    }
    expect(SITEMAP_PATHS).toHaveLength(7);
    expect(xml).toContain("<loc>https://socialdesk.example/help/team-invitations</loc>");
    expect(xml).not.toContain("/app");
  });

  it("allows all but the private areas and links the sitemap", async () => {
    const text = await (await robots(context)).text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Allow: /");
    for (const path of ["/app", "/api", "/admin", "/demo", "/bio/*/go/"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain("Sitemap: https://socialdesk.example/sitemap.xml");
  });
});
