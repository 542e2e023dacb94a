import { Effect, Layer, ManagedRuntime } from "effect";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bioPagesProjection, BIO_MESSAGES, type BioAnalytics, type BioLink, type BioPage } from "../../domain/link-in-bio";
import { Database } from "../../infra/db/Database";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { storedEventsLayer } from "../../infra/modules";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";

/**
 * Link in bio over HTTP (issue 14): the page and its links saved as events, the public page at
 * /bio/{username} (no script, 404 until published), clicks counted through /bio/{username}/go/{id}
 * without cookies, and the analytics they make.
 */

const app = useAppServer();
const team = teamHelpers(app);

const username = () => `lee-${crypto.randomUUID().slice(0, 8)}`;

const pageOf = async (browser: Browser) => {
  const response = await browser.get("/api/link-in-bio");
  expect(response.status, response.text).toBe(200);
  return response.data as BioPage;
};

const addLink = async (browser: Browser, link: Record<string, unknown>) => {
  const response = await browser.post("/api/link-in-bio/links", link);
  expect(response.status, response.text).toBe(201);
  return response.data as BioLink;
};

/** A signed-in owner with a published page of three links (the last one hidden). */
const publishedPage = async () => {
  const { browser, user } = await signUp(app.server.url);
  const name = username();
  const book = await addLink(browser, { title: "Book a visit", url: "https://leedental.example/book", type: "link" });
  const mail = await addLink(browser, { title: "E-mail us", url: "hello@leedental.example", type: "email" });
  const hidden = await addLink(browser, { title: "Old offer", url: "https://leedental.example/offer", type: "product", isVisible: false });
  const saved = await browser.put("/api/link-in-bio", {
    username: name,
    title: "Lee Dental",
    bio: "Family dentistry in Springfield",
    theme: "neon",
    isPublished: true,
  });
  expect(saved.status, saved.text).toBe(200);
  return { browser, user, name, book, mail, hidden };
};

describe("the link-in-bio page", () => {
  it("starts from the workspace's name with a free username suggested, unsaved", async () => {
    const { browser, user } = await signUp(app.server.url, { company: "Springfield Smiles" });
    const page = await pageOf(browser);
    expect(page).toMatchObject({ username: null, title: "Springfield Smiles", bio: "", theme: "minimal", isPublished: false, links: [], publicUrl: null });
    expect(page.suggestedUsername).toMatch(/^springfield-smiles(-\d+)?$/);
    expect(await app.sql`select 1 from bio_pages where workspace_id = ${await team.workspaceOf(user.id)}`).toHaveLength(0);
  });

  it("saves title, bio, theme, social links, username and publication, each an event with its audit line", async () => {
    const { browser, user } = await signUp(app.server.url);
    const name = username();
    const saved = await browser.put("/api/link-in-bio", {
      username: name.toUpperCase(),
      bio: "Family dentistry",
      theme: "gradient-purple",
      socialLinks: [
        { platform: "instagram", url: "instagram.com/leedental", isVisible: true },
        { platform: "facebook", url: "https://facebook.com/leedental", isVisible: false },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data).toMatchObject({
      username: name,
      bio: "Family dentistry",
      theme: "gradient-purple",
      isPublished: false,
      socialLinks: [
        { platform: "instagram", url: "https://instagram.com/leedental", isVisible: true },
        { platform: "facebook", url: "https://facebook.com/leedental", isVisible: false },
      ],
    });
    expect(saved.data.publicUrl).toMatch(new RegExp(`/bio/${name}$`));
    expect((await browser.put("/api/link-in-bio", { isPublished: true })).data.isPublished).toBe(true);
    expect((await browser.put("/api/link-in-bio", { isPublished: false })).data.isPublished).toBe(false);

    const workspaceId = await team.workspaceOf(user.id);
    const events = await app.sql<{ type: string }[]>`select type from events where stream_id = ${`link-in-bio-${workspaceId}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["BioPageCreated", "BioPageEdited", "BioUsernameChosen", "BioPagePublished", "BioPageUnpublished"]);
    // The audit trail is written behind the events.
    const audit = await until(
      () => browser.get("/api/audit?kind=link-in-bio"),
      (r) => r.data.items.length === 5,
    );
    expect(audit.data.items.map((e: { summary: string }) => e.summary)).toContain(`Moved the link-in-bio page to /bio/${name}`);
  });

  it("refuses a taken username (409), a blank title, an unknown theme and publishing without a username (400 naming the field)", async () => {
    const first = await publishedPage();
    const { browser } = await signUp(app.server.url);
    const taken = await browser.put("/api/link-in-bio", { username: first.name });
    expect(taken.status).toBe(409);
    expect(taken.data.detail).toBe(BIO_MESSAGES.usernameTaken);

    const blank = await browser.put("/api/link-in-bio", { title: "  " });
    expect(blank.status).toBe(400);
    expect(blank.data.errors).toEqual({ title: BIO_MESSAGES.titleRequired });
    const theme = await browser.put("/api/link-in-bio", { theme: "rainbow" });
    expect(theme.status).toBe(400);
    expect(theme.data.errors.theme).toContain("Choose a theme");
    const unpublishable = await browser.put("/api/link-in-bio", { isPublished: true });
    expect(unpublishable.status).toBe(400);
    expect(unpublishable.data.errors).toEqual({ isPublished: BIO_MESSAGES.publishWithoutUsername });
    const badName = await browser.put("/api/link-in-bio", { username: "../admin" });
    expect(badName.status).toBe(400);
    expect(badName.data.errors).toEqual({ username: BIO_MESSAGES.usernameCharacters });
    // Nothing of it was kept.
    expect(await pageOf(browser)).toMatchObject({ username: null, isPublished: false });
  });

  it("given a page of its own, when a reserved username is asked for in any case, then 400 names the username field and the page keeps its address", async () => {
    const { browser, name } = await publishedPage();
    for (const reserved of ["admin", "Support", "LOGIN", "socialdesk"]) {
      const refused = await browser.put("/api/link-in-bio", { username: reserved });
      expect(refused.status, reserved).toBe(400);
      expect(refused.data.errors).toEqual({ username: "This username is reserved. Choose another." });
    }
    expect(await pageOf(browser)).toMatchObject({ username: name, isPublished: true });
    expect((await new Browser(app.server.url).get("/bio/admin")).status).toBe(404);
  });

  it("given a workspace named like one of the site's pages, when its page is opened, then the username suggested is not the reserved word", async () => {
    const { browser } = await signUp(app.server.url, { company: "Support" });
    const page = await pageOf(browser);
    expect(page.suggestedUsername).toMatch(/^support-\d+$/);
  });

  it("is changed only by people who may post, and not in demo mode", async () => {
    const { browser } = await team.owner();
    const { member: viewer } = await team.joined(browser, team.email("viewer"), "viewer");
    expect((await viewer.get("/api/link-in-bio")).status).toBe(200);
    const refused = await viewer.put("/api/link-in-bio", { bio: "x" });
    expect(refused.status).toBe(403);
    expect((await viewer.post("/api/link-in-bio/links", { title: "x", url: "https://example.com" })).status).toBe(403);
    expect((await new Browser(app.server.url).get("/api/link-in-bio")).status).toBe(401);
    expect((await new Browser(app.server.url).put("/api/link-in-bio?demo=true", { bio: "x" })).status).toBe(403);
  });
});

describe("the page's links", () => {
  it("are added at the end, edited, hidden, reordered, deleted and restored with their clicks", async () => {
    const { browser, book, mail, hidden } = await publishedPage();
    expect(book).toMatchObject({ title: "Book a visit", url: "https://leedental.example/book", type: "link", isVisible: true, clicks: 0, order: 0 });
    expect(mail).toMatchObject({ url: "mailto:hello@leedental.example", type: "email", order: 1 });
    expect(hidden).toMatchObject({ isVisible: false, order: 2 });

    const moved = await browser.put(`/api/link-in-bio/links/${hidden.id}`, { order: 0, isVisible: true, title: "Spring offer" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.data).toMatchObject({ title: "Spring offer", isVisible: true, order: 0 });
    expect((await pageOf(browser)).links.map((l) => l.title)).toEqual(["Spring offer", "Book a visit", "E-mail us"]);

    expect((await browser.delete(`/api/link-in-bio/links/${book.id}`)).status).toBe(204);
    expect((await pageOf(browser)).links.map((l) => l.title)).toEqual(["Spring offer", "E-mail us"]);
    expect((await browser.put(`/api/link-in-bio/links/${book.id}`, { title: "x" })).status).toBe(404);
    const restored = await browser.post(`/api/link-in-bio/links/${book.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.data).toMatchObject({ title: "Book a visit", order: 2 });
    expect((await pageOf(browser)).links.map((l) => [l.title, l.order])).toEqual([
      ["Spring offer", 0],
      ["E-mail us", 1],
      ["Book a visit", 2],
    ]);
  });

  it("accept only http, https, mailto and tel addresses: javascript: is refused naming the field", async () => {
    const { browser } = await signUp(app.server.url);
    for (const url of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "ftp://example.com/file"]) {
      const refused = await browser.post("/api/link-in-bio/links", { title: "Click me", url, type: "link" });
      expect(refused.status, url).toBe(400);
      expect(refused.data.errors).toEqual({ url: BIO_MESSAGES.urlInvalid });
    }
    const noTitle = await browser.post("/api/link-in-bio/links", { title: " ", url: "https://example.com" });
    expect(noTitle.data.errors).toEqual({ title: BIO_MESSAGES.linkTitleRequired });
    const badType = await browser.post("/api/link-in-bio/links", { title: "x", url: "https://example.com", type: "podcast" });
    expect(badType.status).toBe(400);
    const phone = await addLink(browser, { title: "Call us", url: "+1 (555) 010-0000", type: "phone" });
    expect(phone.url).toBe("tel:+15550100000");
    const edited = await browser.put(`/api/link-in-bio/links/${phone.id}`, { url: "javascript:alert(1)" });
    expect(edited.status).toBe(400);
    expect((await pageOf(browser)).links.map((l) => l.url)).toEqual(["tel:+15550100000"]);
  });

  it("of another workspace answer 404, as an unknown id does", async () => {
    const { book } = await publishedPage();
    const { browser } = await signUp(app.server.url);
    expect((await browser.put(`/api/link-in-bio/links/${book.id}`, { title: "Mine now" })).status).toBe(404);
    expect((await browser.delete(`/api/link-in-bio/links/${book.id}`)).status).toBe(404);
    expect((await browser.post(`/api/link-in-bio/links/${book.id}/restore`)).status).toBe(404);
    expect((await browser.delete("/api/link-in-bio/links/not-an-id")).status).toBe(404);
    const [{ title }] = await app.sql<{ title: string }[]>`select title from bio_links where id = ${book.id}`;
    expect(title).toBe("Book a visit");
  });
});

describe("the public page", () => {
  it("is server-rendered with no script, its theme, Open Graph tags and visible links only; 404 until published", async () => {
    const { browser, name, book, mail, hidden } = await publishedPage();
    const visitor = new Browser(app.server.url);
    const page = await visitor.page(`/bio/${name}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/<script/i);
    expect(page.setCookies).toEqual([]);
    expect(page.text).toContain('data-theme="neon"');
    expect(page.text).toContain('property="og:title" content="Lee Dental"');
    expect(page.text).toContain("Family dentistry in Springfield");
    expect(page.text).toContain(`href="/bio/${name}/go/${book.id}"`);
    expect(page.text).toContain(`href="/bio/${name}/go/${mail.id}"`);
    expect(page.text).not.toContain(hidden.id);
    expect(page.text).not.toContain("Old offer");
    expect((await visitor.page(`/bio/${name}?utm_source=instagram`)).status).toBe(200);
    expect((await visitor.get("/sitemap.xml")).text).toContain(`/bio/${name}</loc>`);

    // A change shows at once, also once the page is answered from memory.
    const shows = async (text: string) =>
      (
        await until(
          () => visitor.page(`/bio/${name}`),
          (p) => p.text.includes(text),
          2_000,
        )
      ).text;
    expect(await shows("Family dentistry in Springfield")).toContain("Family dentistry in Springfield");
    expect((await browser.put("/api/link-in-bio", { bio: "Now open on Saturdays" })).status).toBe(200);
    expect(await shows("Now open on Saturdays")).toContain("Now open on Saturdays");
    expect((await browser.put(`/api/link-in-bio/links/${book.id}`, { title: "Book online" })).status).toBe(200);
    expect(await shows("Book online")).toContain("Book online");

    expect((await browser.put("/api/link-in-bio", { isPublished: false })).status).toBe(200);
    expect(
      (
        await until(
          () => visitor.page(`/bio/${name}`),
          (p) => p.status === 404,
          2_000,
        )
      ).status,
    ).toBe(404);
    expect((await visitor.get("/sitemap.xml")).text).not.toContain(`/bio/${name}</loc>`);
    expect((await visitor.page("/bio/nobody-has-this-name")).status).toBe(404);
  });
});

describe("the public page of an agency's client", () => {
  it("given no white label it says Made with SocialDesk; given the agency's white label it does not, at once, and again once the agency leaves the plan that has one", async () => {
    const agency = await team.owner("agency", { company: "Park Agency" });
    const agencyId = await team.workspaceOf(agency.user.id);
    const client = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    expect((await agency.browser.post("/api/workspaces/switch", { workspaceId: client })).status).toBe(200);
    const name = username();
    expect((await agency.browser.put("/api/link-in-bio", { username: name, isPublished: true })).status).toBe(200);
    await agency.browser.post("/api/workspaces/switch", { workspaceId: agencyId });

    const visitor = new Browser(app.server.url);
    const madeWith = async (expected: boolean) =>
      (
        await until(
          () => visitor.page(`/bio/${name}`),
          (p) => p.status === 200 && p.text.includes("Made with SocialDesk") === expected,
          2_000,
        )
      ).text;
    // Twice: the second is answered from memory.
    expect(await madeWith(true)).toContain('property="og:site_name" content="SocialDesk"');
    expect(await madeWith(true)).toContain("Made with SocialDesk");

    expect((await agency.browser.put("/api/brand", { name: "Park Creative", color: "#16A34A" })).status).toBe(200);
    const branded = await madeWith(false);
    expect(branded).toContain("Lee Dental");
    expect(branded).not.toContain("SocialDesk");

    await app.sql`update workspaces set subscription_tier = 'growth' where id = ${agencyId}`;
    expect(await madeWith(true)).toContain("Made with SocialDesk");
  });
});

describe("the public page's profile image", () => {
  it("from the media library reaches visitors through the page's avatar route; the library file itself stays private", async () => {
    const { browser, name } = await publishedPage();
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#0ea5e9" } }).png().toBuffer();
    const form = new FormData();
    form.append("files", new File([png as BlobPart], "logo.png", { type: "image/png" }));
    const uploaded = await browser.request("POST", "/api/media/upload", { body: form });
    expect(uploaded.status, uploaded.text).toBe(201);
    const item = uploaded.data.items[0] as { id: string; fileUrl: string };
    expect((await browser.put("/api/link-in-bio", { profileImage: item.fileUrl })).status).toBe(200);

    const visitor = new Browser(app.server.url);
    const avatar = `/bio/${name}/avatar?v=${item.id}-original.png`;
    const page = await until(
      () => visitor.page(`/bio/${name}`),
      (p) => p.text.includes(avatar),
      2_000,
    );
    expect(page.text).toContain(`src="${avatar}"`);
    expect(page.text).toMatch(new RegExp(`property="og:image" content="[^"]+${avatar.replace(/[?]/g, "\\?")}"`));
    const image = await visitor.get(avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.buffer.equals(png)).toBe(true);
    expect((await visitor.get(item.fileUrl)).status).toBe(404);

    // An https image is shown as it is; the avatar route then has nothing to serve.
    expect((await browser.put("/api/link-in-bio", { profileImage: "https://cdn.example.com/lee.png" })).status).toBe(200);
    expect((await visitor.get(`/bio/${name}/avatar`)).status).toBe(404);
    const refused = await browser.put("/api/link-in-bio", { profileImage: "javascript:alert(1)" });
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toEqual({ profileImage: BIO_MESSAGES.profileImageInvalid });
  });
});

describe("a click on a link", () => {
  it("redirects to it and is counted, the visitor by a daily-salted hash: no cookie, no address stored", async () => {
    const { browser, name, book, mail, hidden } = await publishedPage();
    const phone = new Browser(app.server.url, { "user-agent": "Mozilla/5.0 (iPhone)", "x-forwarded-for": "203.0.113.9" });
    const laptop = new Browser(app.server.url, { "user-agent": "Mozilla/5.0 (Macintosh)" });

    const first = await phone.get(`/bio/${name}/go/${book.id}`);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("https://leedental.example/book");
    expect(first.setCookies).toEqual([]);
    await phone.get(`/bio/${name}/go/${book.id}`);
    await laptop.get(`/bio/${name}/go/${book.id}`);
    expect((await laptop.get(`/bio/${name}/go/${mail.id}`)).headers.get("location")).toBe("mailto:hello@leedental.example");
    // A hidden link, an unknown one and a wrong page are not links of the page.
    expect((await phone.get(`/bio/${name}/go/${hidden.id}`)).status).toBe(404);
    expect((await phone.get(`/bio/${name}/go/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await phone.get(`/bio/someone-else/go/${book.id}`)).status).toBe(404);

    const clicks = await app.sql<{ visitor: Buffer }[]>`select visitor from bio_clicks where link_id in (${book.id}, ${mail.id})`;
    expect(clicks).toHaveLength(4);
    expect(new Set(clicks.map((c) => c.visitor.toString("hex"))).size).toBe(2);
    const stored = JSON.stringify(await app.sql`select * from bio_clicks`);
    expect(stored).not.toContain("127.0.0.1");
    expect(stored).not.toContain("iPhone");

    expect((await pageOf(browser)).links.find((l) => l.id === book.id)?.clicks).toBe(3);
    const analytics = (await browser.get("/api/link-in-bio/analytics?period=7d")).data as BioAnalytics;
    expect(analytics).toMatchObject({ period: "7d", totalClicks: 4, uniqueVisitors: 2 });
    expect(analytics.topLinks).toEqual([
      { id: book.id, name: "Book a visit", clicks: 3 },
      { id: mail.id, name: "E-mail us", clicks: 1 },
    ]);
    expect(analytics.clicksPerDay).toHaveLength(7);
    expect(analytics.clicksPerDay.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), clicks: 4, uniqueVisitors: 2 });
    expect(((await browser.get("/api/link-in-bio/analytics")).data as BioAnalytics).clicksPerDay).toHaveLength(30);
    const badPeriod = await browser.get("/api/link-in-bio/analytics?period=1y");
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.data.detail).toBe("Choose a period: 7d, 30d or 90d.");
    // Another workspace sees none of it.
    const other = (await signUp(app.server.url)).browser;
    expect(((await other.get("/api/link-in-bio/analytics")).data as BioAnalytics).totalClicks).toBe(0);
  });
});

describe("the demo's page", () => {
  it("is published with six links, one hidden, and a month of sample clicks, read-only", async () => {
    const demo = new Browser(app.server.url);
    const page = (await demo.get("/api/link-in-bio?demo=true")).data as BioPage;
    expect(page).toMatchObject({ username: "socialdesk-demo", isPublished: true, theme: "gradient-blue" });
    expect(page.links).toHaveLength(6);
    expect(page.links.filter((l) => !l.isVisible).map((l) => l.title)).toEqual(["Last year's open day"]);
    const analytics = (await demo.get("/api/link-in-bio/analytics?period=30d")).data as BioAnalytics;
    expect(analytics.totalClicks).toBeGreaterThan(100);
    expect(analytics.topLinks[0]?.name).toBe("Book an appointment");
    expect((await demo.put("/api/link-in-bio", { bio: "changed" })).status).toBe(403);
  });
});

describe("the link-in-bio read model", () => {
  it("is rebuilt from the events exactly as it is live", async () => {
    const runtime = ManagedRuntime.make(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer()));
    try {
      const result = await runtime.runPromise(verifyProjections([bioPagesProjection]));
      expect(result.differences).toEqual([]);
    } finally {
      await runtime.dispose();
    }
  });
});
