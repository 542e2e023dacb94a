import { describe, expect, it } from "vitest";
import { blueskyRkey, checkBlueskyPost } from "./bluesky/publish";
import { platformMessage, retryAfter } from "./call";
import { escapeLinkedIn } from "./linkedin/publish";

describe("blueskyRkey", () => {
  it("is a valid TID, the same for the same key and different for another", () => {
    const a = blueskyRkey("post-1/account-1/0");
    expect(a).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/);
    expect(blueskyRkey("post-1/account-1/0")).toBe(a);
    expect(blueskyRkey("post-1/account-1/1")).not.toBe(a);
  });
});

describe("checkBlueskyPost", () => {
  const base = { media: [], options: {}, idempotencyKey: "k" };
  it("counts graphemes, not bytes", () => {
    expect(() => checkBlueskyPost({ ...base, text: "👍🏽".repeat(300) })).not.toThrow();
    expect(() => checkBlueskyPost({ ...base, text: "a".repeat(301) })).toThrow(/301 characters long; Bluesky allows at most 300/);
  });
});

describe("retryAfter", () => {
  it("reads seconds, an HTTP date and X's reset epoch", () => {
    expect(retryAfter(new Headers({ "retry-after": "30" }))).toBe(30);
    expect(retryAfter(new Headers({ "retry-after": new Date(Date.now() + 60_000).toUTCString() }))).toBeGreaterThanOrEqual(58);
    expect(retryAfter(new Headers({ "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 90) }))).toBeGreaterThanOrEqual(89);
    expect(retryAfter(new Headers())).toBeUndefined();
  });
});

describe("platformMessage", () => {
  it("finds the platform's words in Meta, X, LinkedIn and Reddit bodies", () => {
    expect(platformMessage({ error: { message: "meta" } })).toBe("meta");
    expect(platformMessage({ detail: "x", title: "t" })).toBe("x");
    expect(platformMessage({ message: "li" })).toBe("li");
    expect(platformMessage({ json: { errors: [["CODE", "reddit", "sr"]] } })).toBe("reddit");
  });
});

describe("escapeLinkedIn", () => {
  it("escapes the little-text reserved characters", () => {
    expect(escapeLinkedIn("a (b) #c @d *e_ [f]")).toBe("a \\(b\\) \\#c \\@d \\*e\\_ \\[f\\]");
  });
});
