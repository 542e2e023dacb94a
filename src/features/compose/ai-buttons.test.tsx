import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DraftWithAi } from "../ai/DraftWithAi";
import { AiButtons } from "./AiButtons";

/** Without an AI server the AI buttons are shown, disabled, saying why (the e2e app has one, so this is checked here). */
describe("the AI buttons without an AI server", () => {
  it("compose: all seven are aria-disabled, and the sentence is shown under them before any hover or tap, naming no setting", () => {
    const html = renderToStaticMarkup(<AiButtons content="Hi" onContent={() => {}} platforms={[]} available={false} hydrated onBusy={() => {}} />);
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(7);
    // Each button is described by the sentence (the shared DisabledReason), and none says it only in a hover title.
    expect(html.match(/aria-describedby="compose-ai-note"/g)).toHaveLength(7);
    expect(html).not.toContain("title=");
    expect(html).toMatch(/<small id="compose-ai-note"[^>]*data-testid="disabled-reason"[^>]*>AI help isn&#x27;t set up on this server yet\. Ask your administrator\.<\/small>/);
    expect(html).not.toMatch(/AI_[A-Z_]+/);
    expect(html).toContain('data-ai="off"');
  });

  it("compose with an AI server: the seven are offered", () => {
    const html = renderToStaticMarkup(<AiButtons content="Hi" onContent={() => {}} platforms={[]} available hydrated onBusy={() => {}} />);
    expect(html).not.toContain("aria-disabled");
    expect(html).toContain("Create CTA");
  });

  it("Draft with AI says so too", () => {
    const html = renderToStaticMarkup(<DraftWithAi kind="review" text="Great" current="" onDraft={() => {}} available={false} />);
    expect(html).toContain('aria-disabled="true"');
    expect(html).toMatch(/<small id="([^"]+)"[^>]*data-testid="disabled-reason"[^>]*>AI help isn&#x27;t set up on this server yet\. Ask your administrator\.<\/small>/);
    const noteId = html.match(/<small id="([^"]+)"/)![1];
    expect(html).toContain(`aria-describedby="${noteId}"`);
  });
});
