import { describe, expect, it } from "vitest";
import { signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/** AI help on a server with no AI settings (neither AI_BASE_URL nor AI_API_KEY): every call says so. */

const app = useAppServer({ env: { AI_BASE_URL: "", AI_API_KEY: "" } });

describe("AI help without AI settings", () => {
  it("answers 503 with the compose screen's sentence, and the usage says it is not configured", async () => {
    const { browser } = await signUp(app.server.url);
    for (const [path, body] of [
      ["/api/ai/enhance-content", { content: "Hi", action: "shorten", platforms: [] }],
      ["/api/ai/generate-image", { prompt: "Hi", style: "social media post" }],
      ["/api/ai/draft-reply", { kind: "message", text: "Hi" }],
    ] as const) {
      const response = await browser.post(path, body);
      expect(response.status, path).toBe(503);
      expect(response.data).toMatchObject({ code: "ai_unavailable", detail: "AI help isn't set up on this server yet. Ask your administrator." });
    }
    expect((await browser.get("/api/ai/usage")).data.configured).toBe(false);
  });
});
