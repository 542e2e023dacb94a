import { describe, expect, it } from "vitest";
import { PLATFORMS } from "../../../domain/accounts/platforms";
import { readableSlug, validateListingUrl } from "./listing";

const ok = (platform: Parameters<typeof validateListingUrl>[0], input: string, url: string, accountName: string) =>
  expect(validateListingUrl(platform, input)).toEqual({ ok: true, url, accountName });

const refused = (platform: Parameters<typeof validateListingUrl>[0], input: string, message: RegExp | string) => {
  const result = validateListingUrl(platform, input);
  expect(result.ok, input).toBe(false);
  if (!result.ok) expect(result.message).toMatch(message);
};

describe("validateListingUrl", () => {
  it("covers every listing platform of the catalogue", () => {
    const listing = PLATFORMS.filter((p) => p.connection === "listing").map((p) => p.id);
    expect(listing).toHaveLength(8);
    for (const id of listing) expect(validateListingUrl(id, "").ok).toBe(false);
  });

  it("yelp: /biz/<slug> on yelp.com, www or m; no query, fragment or trailing slash", () => {
    ok("yelp", "https://www.yelp.com/biz/joes-pizza-san-francisco", "https://www.yelp.com/biz/joes-pizza-san-francisco", "Joes Pizza San Francisco");
    ok("yelp", "https://m.yelp.com/biz/joes-pizza-san-francisco?osq=pizza#reviews", "https://www.yelp.com/biz/joes-pizza-san-francisco", "Joes Pizza San Francisco");
    ok("yelp", "yelp.com/biz/joes-pizza/", "https://www.yelp.com/biz/joes-pizza", "Joes Pizza");
    ok("yelp", "  http://www.yelp.com/biz/caf%C3%A9-luna  ", "https://www.yelp.com/biz/caf%C3%A9-luna", "Café Luna");
    const hint = "Enter your Yelp business page address, like https://www.yelp.com/biz/your-business.";
    refused("yelp", "https://www.yelp.com/search?find_desc=pizza", hint);
    refused("yelp", "https://www.yelp.com/biz/", hint);
    refused("yelp", "https://www.yelp.com/", hint);
    refused("yelp", "not a url at all", hint);
    refused("yelp", "ftp://www.yelp.com/biz/joes", hint);
    refused("yelp", "javascript:alert(1)", hint);
    refused("yelp", "https://www.yelp.com.evil.example/biz/joes", `That address is not on Yelp. ${hint}`);
    refused("yelp", "https://evil.example/www.yelp.com/biz/joes", /is not on Yelp/);
    refused("yelp", "https://user:pw@www.yelp.com/biz/joes", /is not on Yelp/);
    refused("yelp", "https://www.yelp.com:8443/biz/joes", /is not on Yelp/);
  });

  it("avvo: /attorneys/<zip>-<state>-<name>-<id>.html", () => {
    ok("avvo", "https://www.avvo.com/attorneys/98101-wa-jane-doe-123456.html", "https://www.avvo.com/attorneys/98101-wa-jane-doe-123456.html", "Jane Doe");
    ok("avvo", "https://avvo.com/attorneys/10001-ny-john-q-public-987.html?utm=x", "https://www.avvo.com/attorneys/10001-ny-john-q-public-987.html", "John Q Public");
    refused("avvo", "https://www.avvo.com/find-a-lawyer", /Avvo profile address, like https:\/\/www\.avvo\.com\/attorneys\//);
    refused("avvo", "https://www.avvo.com/attorneys/", /Avvo profile/);
    refused("avvo", "https://www.yelp.com/biz/jane-doe", /is not on Avvo\./);
  });

  it("healthgrades: /physician/, /dentist/, /group-directory/ (and hospitals)", () => {
    ok("healthgrades", "https://www.healthgrades.com/physician/dr-jane-doe-xy12z", "https://www.healthgrades.com/physician/dr-jane-doe-xy12z", "Dr. Jane Doe");
    ok("healthgrades", "https://healthgrades.com/dentist/dr-john-smith-3x8f2?x=1", "https://www.healthgrades.com/dentist/dr-john-smith-3x8f2", "Dr. John Smith");
    ok(
      "healthgrades",
      "https://www.healthgrades.com/group-directory/ca-california/los-angeles/sunset-family-practice-abc123",
      "https://www.healthgrades.com/group-directory/ca-california/los-angeles/sunset-family-practice-abc123",
      "Sunset Family Practice",
    );
    ok("healthgrades", "https://www.healthgrades.com/hospital-directory/ca-california/st-mary-medical-center-hgst1a2b", "https://www.healthgrades.com/hospital-directory/ca-california/st-mary-medical-center-hgst1a2b", "St Mary Medical Center");
    refused("healthgrades", "https://www.healthgrades.com/", /Healthgrades profile address/);
    refused("healthgrades", "https://www.healthgrades.com/physician", /Healthgrades profile address/);
    refused("healthgrades", "https://www.healthgrades.com/find-a-doctor/dr-jane-doe", /Healthgrades profile address/);
  });

  it("dignityhealth: any page on its hosts but the home page", () => {
    ok("dignityhealth", "https://locations.dignityhealth.org/mercy-general-hospital-sacramento", "https://locations.dignityhealth.org/mercy-general-hospital-sacramento", "Mercy General Hospital Sacramento");
    ok("dignityhealth", "https://www.dignityhealth.org/find-a-doctor/jane-doe-md-12345?tab=reviews", "https://www.dignityhealth.org/find-a-doctor/jane-doe-md-12345", "Jane Doe Md");
    ok("dignityhealth", "https://dignityhealth.org/sacramento/locations/mercy", "https://www.dignityhealth.org/sacramento/locations/mercy", "Mercy");
    refused("dignityhealth", "https://www.dignityhealth.org/", /Dignity Health provider or location page address/);
    refused("dignityhealth", "https://www.commonspirit.org/dignity", /is not on Dignity Health\./);
  });

  it("martindale: /attorney/ or /organization/", () => {
    ok("martindale", "https://www.martindale.com/attorney/jane-doe-1234567/", "https://www.martindale.com/attorney/jane-doe-1234567", "Jane Doe");
    ok("martindale", "https://martindale.com/organization/smith-jones-llp-98765/", "https://www.martindale.com/organization/smith-jones-llp-98765", "Smith Jones Llp");
    refused("martindale", "https://www.martindale.com/search/attorneys/?term=jane", /Martindale-Hubbell profile address/);
    refused("martindale", "https://www.martindale.com/attorney/", /Martindale-Hubbell profile address/);
  });

  it("superlawyers: /<state>/lawyer/<name>/ on www, or a profile on profiles.superlawyers.com", () => {
    ok("superlawyers", "https://profiles.superlawyers.com/california/los-angeles/lawyer/jane-doe/8c3d1a2b-1234-5678.html", "https://profiles.superlawyers.com/california/los-angeles/lawyer/jane-doe/8c3d1a2b-1234-5678.html", "Jane Doe");
    ok("superlawyers", "https://www.superlawyers.com/california/lawyer/john-smith/abc123.html", "https://www.superlawyers.com/california/lawyer/john-smith/abc123.html", "John Smith");
    ok("superlawyers", "https://profiles.superlawyers.com/texas/houston/law-firm/smith-and-jones/1a2b3c4d.html", "https://profiles.superlawyers.com/texas/houston/law-firm/smith-and-jones/1a2b3c4d.html", "Smith And Jones");
    refused("superlawyers", "https://www.superlawyers.com/california/", /Super Lawyers profile address/);
    refused("superlawyers", "https://www.superlawyers.com/lawyer/jane-doe", /Super Lawyers profile address/);
  });

  it("bbb: /us/<state>/<city>/profile/<category>/<business>-<ids> (or /ca/)", () => {
    ok("bbb", "https://www.bbb.org/us/ca/san-francisco/profile/plumber/joes-plumbing-1116-12345", "https://www.bbb.org/us/ca/san-francisco/profile/plumber/joes-plumbing-1116-12345", "Joes Plumbing");
    ok("bbb", "https://bbb.org/ca/on/toronto/profile/roofing-contractors/maple-roofing-0107-1234/#reviews", "https://www.bbb.org/ca/on/toronto/profile/roofing-contractors/maple-roofing-0107-1234", "Maple Roofing");
    refused("bbb", "https://www.bbb.org/search?find_text=plumber", /BBB business profile address/);
    refused("bbb", "https://www.bbb.org/us/ca/san-francisco", /BBB business profile address/);
    refused("bbb", "https://www.bbb.org/us/ca/san-francisco/profile", /BBB business profile address/);
  });

  it("snapchat: /add/<user> or /@<user>, the name is the username", () => {
    ok("snapchat", "https://www.snapchat.com/add/joes.pizza", "https://www.snapchat.com/add/joes.pizza", "joes.pizza");
    ok("snapchat", "snapchat.com/add/JoesPizza?share_id=abc", "https://www.snapchat.com/add/JoesPizza", "joespizza");
    ok("snapchat", "https://www.snapchat.com/@joes_pizza", "https://www.snapchat.com/@joes_pizza", "joes_pizza");
    refused("snapchat", "https://www.snapchat.com/", "Enter your Snapchat public profile address, like https://www.snapchat.com/add/yourname.");
    refused("snapchat", "https://www.snapchat.com/add/", /Snapchat public profile/);
    refused("snapchat", "https://www.snapchat.com/add/joe/extra", /Snapchat public profile/);
    refused("snapchat", "https://story.snapchat.com/add/joe", /is not on Snapchat\./);
  });

  it("refuses platforms that do not connect by address", () => {
    expect(validateListingUrl("facebook", "https://www.facebook.com/joespizza")).toEqual({
      ok: false,
      message: "Facebook does not connect by a profile address.",
    });
    expect(validateListingUrl("bluesky", "https://bsky.app/profile/alice.test").ok).toBe(false);
  });
});

describe("readableSlug", () => {
  it("title-cases the words of a slug", () => {
    expect(readableSlug("joes-pizza_and+more")).toBe("Joes Pizza And More");
    expect(readableSlug("dr-jane-doe")).toBe("Dr. Jane Doe");
    expect(readableSlug("profile.html")).toBe("Profile");
  });
});
