import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { BRAND_MESSAGES } from "../../domain/team/rules";
import { REPORT_MESSAGES } from "../../domain/reports/rules";
import type { Browser } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Forms that work without JavaScript: a refusal by the server takes the person back to the form's
 * page with the sentence in a toast and what they typed still in the form, never to a page of JSON.
 */

const app = useAppServer();
const { owner } = teamHelpers(app);

const CLIENTS_PAGE = "/app/team-management/clients";
const flashOf = (browser: Browser) => JSON.parse(decodeURIComponent(browser.jar.get("flash") ?? "null")) as { title: string; description: string; variant?: string } | null;

/** A form sent the way a browser sends it from a page: as a navigation, from that page. */
const send = (browser: Browser, method: "GET" | "POST", action: string, values: Record<string, string>, from = CLIENTS_PAGE) => {
  browser.jar.delete("flash");
  const headers = { accept: "text/html,application/xhtml+xml", referer: `${browser.baseUrl}${from}` };
  return method === "GET"
    ? browser.request("GET", `${action}?${new URLSearchParams(values)}`, { headers })
    : browser.request("POST", action, { body: new URLSearchParams(values), headers });
};

const agencyWithClient = async () => {
  const agency = await owner("agency");
  const client = await agency.browser.post("/api/clients", { name: "Lee Dental" });
  expect(client.status, client.text).toBe(201);
  return { browser: agency.browser, clientId: client.data.id as string };
};

describe("a plain form the server refuses", () => {
  it("given a white label with an http:// logo, when saved without JavaScript, then it comes back to the Clients page with the sentence and the typed values", async () => {
    const { browser } = await agencyWithClient();
    const refused = await send(browser, "POST", "/api/brand", {
      name: "Park Creative",
      logoUrl: "http://park.example/logo.png",
      color: "#16A34A",
      back: `${CLIENTS_PAGE}#white-label`,
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(`${CLIENTS_PAGE}#white-label`);
    expect(flashOf(browser)).toEqual({ title: "Not saved", description: BRAND_MESSAGES.logo, variant: "destructive" });
    expect((await browser.get("/api/brand")).data).toBeNull();

    const page = await browser.page(CLIENTS_PAGE);
    expect(page.status).toBe(200);
    expect(page.text).toContain(BRAND_MESSAGES.logo);
    expect(page.text).toMatch(/<input[^>]*id="brand-name"[^>]*value="Park Creative"/);
    expect(page.text).toMatch(/<input[^>]*id="brand-logo"[^>]*value="http:\/\/park\.example\/logo\.png"/);
    // Shown once: the next page has neither the toast nor the typed values.
    const again = await browser.page(CLIENTS_PAGE);
    expect(again.text).not.toContain(BRAND_MESSAGES.logo);
    expect(again.text).not.toContain("http://park.example/logo.png");

    // Corrected, it is saved and comes back with the success toast.
    const saved = await send(browser, "POST", "/api/brand", { name: "Park Creative", logoUrl: "https://park.example/logo.png", color: "#16A34A", back: CLIENTS_PAGE });
    expect(saved.status).toBe(303);
    expect(flashOf(browser)).toMatchObject({ title: "White Label Saved" });
    expect((await browser.get("/api/brand")).data).toMatchObject({ name: "Park Creative", logoUrl: "https://park.example/logo.png" });
  });

  it("given a client report with reversed dates, when downloaded without JavaScript, then it comes back to the Clients page with the sentence and the dates chosen", async () => {
    const { browser, clientId } = await agencyWithClient();
    const refused = await send(browser, "GET", `/api/clients/${clientId}/report`, { from: "2026-03-10", to: "2026-03-01", format: "pdf" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(CLIENTS_PAGE);
    expect(refused.headers.get("content-type") ?? "").not.toContain("json");
    expect(flashOf(browser)).toMatchObject({ description: REPORT_MESSAGES.order, variant: "destructive" });
    const page = await browser.page(CLIENTS_PAGE);
    expect(page.text).toContain(REPORT_MESSAGES.order);
    expect(page.text).toMatch(new RegExp(`<input[^>]*id="from-${clientId}"[^>]*value="2026-03-10"`));

    // A script's call still gets the JSON answer it can read.
    const byScript = await browser.get(`/api/clients/${clientId}/report?from=2026-03-10&to=2026-03-01&format=pdf`);
    expect(byScript.status).toBe(400);
    expect(byScript.data.detail).toBe(REPORT_MESSAGES.order);
  });

  it("given every form of the app that posts without JavaScript, when sent bad input, then none answers JSON or a server error, and each refused by the API comes back to a page", async () => {
    const { browser, clientId } = await agencyWithClient();
    const stranger = crypto.randomUUID();
    // Bad input for every form's action (found in src below); an action missing here fails the test.
    const cases: Record<string, { method: "GET" | "POST"; values: Record<string, string> }> = {
      "/api/workspaces/switch": { method: "POST", values: { workspaceId: "not-a-workspace", back: "/app/dashboard" } },
      "/api/auth/logout": { method: "POST", values: { extra: "x" } },
      "/api/brand": { method: "POST", values: { name: "P", color: "pink", back: CLIENTS_PAGE } },
      "/api/clients": { method: "POST", values: { name: "X", back: CLIENTS_PAGE } },
      "/api/clients/access": { method: "POST", values: { userId: stranger, granted: "maybe", back: CLIENTS_PAGE } },
      "/api/clients/{id}": { method: "POST", values: { name: "L", logoUrl: "ftp://x", back: CLIENTS_PAGE } },
      "/api/clients/{id}/access": { method: "POST", values: { userId: stranger, granted: "true", back: CLIENTS_PAGE } },
      "/api/clients/{id}/report-schedule": { method: "POST", values: { frequency: "weekly", recipients: "not an address", back: CLIENTS_PAGE } },
      "/api/clients/{id}/report": { method: "GET", values: { from: "2026-03-10", to: "2026-03-01", format: "docx" } },
      "/app/checkout": { method: "POST", values: { planId: "premium" } },
      "/app/billing/portal": { method: "POST", values: {} },
      "/app/settings?tab=profile": { method: "POST", values: { firstName: "", email: "not-an-address" } },
      "/app/settings?tab=security": { method: "POST", values: { currentPassword: "wrong", newPassword: "short" } },
      "/app/settings?tab=notifications": { method: "POST", values: { emailDigest: "sometimes" } },
      "/app/settings?tab=api-keys": { method: "POST", values: { _form: "api-key-create", name: "", access: "admin" } },
      "/app/onboarding": { method: "POST", values: { timeZone: "Mars/Olympus" } },
      "/app/analytics/competitors": { method: "POST", values: { _form: "add", handle: "not a handle!" } },
      "/admin/projections": { method: "POST", values: { name: "nope", action: "explode" } },
      "/admin/platforms": { method: "POST", values: { platform: "linkedin", action: "save", clientId: "", clientSecret: "" } },
      "/admin/support": { method: "POST", values: { content: "" } },
      "/approve/{token}": { method: "POST", values: { decision: "maybe" } },
      "/invite/{token}": { method: "POST", values: { firstName: "" } },
      "/login": { method: "POST", values: { email: "nobody", password: "" } },
      "/register": { method: "POST", values: { email: "nobody" } },
      "/forgot-password": { method: "POST", values: { email: "nobody" } },
      "/reset-password": { method: "POST", values: { password: "short" } },
    };
    expect(Object.keys(cases).sort()).toEqual([...formActionsInSrc()].sort());

    // Signing out last: the other forms are sent signed in.
    const order = Object.entries(cases).sort(([a], [b]) => Number(a === "/api/auth/logout") - Number(b === "/api/auth/logout"));
    for (const [action, { method, values }] of order) {
      const address = action.replace("{id}", clientId).replace("{token}", "not-a-token");
      const response = await send(browser, method, address, values);
      const what = `${method} ${address}: ${response.status} ${response.headers.get("location") ?? ""} ${response.text.slice(0, 200)}`;
      expect(response.status, what).toBeLessThan(500);
      expect(response.headers.get("content-type") ?? "", what).not.toContain("json");
      if (action.startsWith("/api/")) {
        expect(response.status, what).toBe(303);
        expect(response.headers.get("location"), what).toMatch(/^\/(?!api\/)/);
        if (action !== "/api/auth/logout") expect(flashOf(browser), what).toMatchObject({ variant: "destructive" });
      }
    }
  });
});

/** Every form in src that a browser sends to the server without a script: its `action`, or its page's own address. */
function formActionsInSrc(): Set<string> {
  const root = join(import.meta.dirname, "../../src");
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.(astro|tsx)$/.test(name) ? [path] : [];
    });
  const actions = new Set<string>();
  for (const file of files(root)) {
    for (const [tag] of readFileSync(file, "utf8").matchAll(/<form\b[^>]*>/g)) {
      const action = /action=(?:"([^"]*)"|\{`([^`]*)`\})/.exec(tag);
      // Posts, and the reads the API answers (a report's download); a search form only opens its page.
      if (!/method="post"/i.test(tag) && !(/method="get"/i.test(tag) && (action?.[1] ?? action?.[2] ?? "").startsWith("/api/"))) continue;
      if (action) actions.add((action[1] ?? action[2]!).replace(/\$\{[^}]*\}/g, "{id}"));
      else {
        const page = relative(join(root, "pages"), file);
        if (page.startsWith("..")) throw new Error(`a form without an action outside src/pages: ${file}`);
        actions.add(`/${page.replace(/\.astro$/, "").replace(/\[[^\]]+\]/g, "{token}")}`);
      }
    }
  }
  return actions;
}
