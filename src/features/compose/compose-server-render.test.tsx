import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Compose from "./Compose";

/**
 * The compose island as the server renders it. A lazy part met by that render aborts it: React then
 * renders on the client (error #419 in the browser) with an inline script the CSP refuses.
 */
const render = (prefill: Parameters<typeof Compose>[0]["prefill"]) =>
  renderToString(
    createElement(Compose, {
      accounts: [
        { id: "a1", platform: "instagram", accountName: "Lee Dental", username: "leedental", sandbox: true },
        { id: "a2", platform: "facebook", accountName: "Lee Dental", username: null, sandbox: true },
      ],
      categories: [],
      timeZone: "America/New_York",
      today: "2026-11-26",
      initialDate: "",
      postId: null,
      prefill,
      names: { instagram: "Instagram", facebook: "Facebook" },
      limits: { instagram: 2200, facebook: 63206 },
    }),
  );

describe("the compose screen rendered on the server", () => {
  it("given a content template with accounts and files (?template=), then it renders whole, with the template's text, and nothing is left to the client", () => {
    const html = render({ content: "Brush twice a day #dental", media: ["https://images.example.com/smile.jpg"], accountIds: ["a1", "a2"] });
    expect(html).not.toContain("<!--$!-->");
    expect(html).not.toContain("Switched to client rendering");
    expect(html).toContain("Brush twice a day #dental");
  });

  it("given nothing copied in, then it renders whole too", () => {
    const html = render(null);
    expect(html).not.toContain("<!--$!-->");
    expect(html).toContain("Create Post");
  });
});
