import { describe, expect, it } from "vitest";
import { businessKindOf, PLATFORMS } from "../../domain/accounts";
import { INBOX_SUPPORT, NEW_MESSAGE_PLATFORMS, newMessageRefusal, noInboxReason } from "../../domain/inbox";
import { REVIEW_PLATFORMS } from "../../domain/reviews";
import { SAMPLE_TEXTS } from "../accounts/sandbox-texts";
import { sandboxConversation } from "./sandbox";

describe("people answering a sandbox post", () => {
  const post = {
    platformPostId: "8a1f0e6e-0000-4000-8000-000000000001",
    postId: "p1",
    content: "Free whitening consultations all week",
    publishedAt: new Date("2026-11-24T09:00:00Z"),
  };
  const posts = Array.from({ length: 40 }, (_, i) => ({ ...post, platformPostId: `8a1f0e6e-0000-4000-8000-${String(i).padStart(12, "0")}` }));

  it("write two or three comments from different people, with different words, the same every time", () => {
    const conversation = sandboxConversation(post, { platform: "facebook", kind: "healthcare" });
    const comments = conversation.filter((m) => m.type === "comment");
    expect(comments.length).toBeGreaterThanOrEqual(2);
    expect(comments.length).toBeLessThanOrEqual(3);
    expect(new Set(comments.map((m) => m.from.username)).size).toBe(comments.length);
    expect(new Set(comments.map((m) => m.content)).size).toBe(comments.length);
    expect(sandboxConversation(post, { platform: "facebook", kind: "healthcare" })).toEqual(conversation);
    expect(comments.every((m) => m.threadId === post.platformPostId && m.postTitle === post.content && m.sentAt > post.publishedAt)).toBe(true);
  });

  it("bring only what the platform's inbox brings: no messages on a review site or Google Business Profile, no direct messages where there are none", () => {
    for (const platform of PLATFORMS) {
      const types = new Set(posts.flatMap((p) => sandboxConversation(p, { platform: platform.id, kind: "generic" }).map((m) => m.type)));
      expect([...types].sort(), platform.id).toEqual(
        [platform.inbox.comments && "comment", platform.inbox.dm && "dm", platform.inbox.mentions && "mention"].filter(Boolean).sort(),
      );
    }
    expect(posts.flatMap((p) => sandboxConversation(p, { platform: "google_business", kind: "food" }))).toEqual([]);
    expect(posts.flatMap((p) => sandboxConversation(p, { platform: "yelp", kind: "food" }))).toEqual([]);
  });

  it("fit the kind of business: a bakery hears about croissants and cakes, never about appointments or insurance", () => {
    const bakery = businessKindOf("facebook", ["Sunrise Bakery"]);
    expect(bakery).toBe("food");
    const words = posts.flatMap((p) => sandboxConversation(p, { platform: "facebook", kind: bakery }).map((m) => m.content));
    expect(words.every((w) => [...SAMPLE_TEXTS.food.comments, ...SAMPLE_TEXTS.food.messages].includes(w))).toBe(true);
    expect(words.join(" ")).not.toMatch(/appointment|insurance|patient/i);
  });
});

describe("the kind of business of a sandbox account", () => {
  it("comes from the account's name, then the workspace's, a site's own kind first, and is generic when nothing says it", () => {
    expect(businessKindOf("instagram", ["Lee Dental"])).toBe("healthcare");
    expect(businessKindOf("facebook", ["Main Street location", "Rossi & Partners Law"])).toBe("legal");
    expect(businessKindOf("healthgrades", ["Sunrise Bakery"])).toBe("healthcare");
    expect(businessKindOf("facebook", ["Glow Hair Salon"])).toBe("beauty");
    expect(businessKindOf("facebook", ["Iron Gym"])).toBe("fitness");
    expect(businessKindOf("facebook", ["Ace Plumbing"])).toBe("home");
    expect(businessKindOf("facebook", ["The Little Bookshop"])).toBe("retail");
    expect(businessKindOf("facebook", ["Acme", null, "Northwind"])).toBe("generic");
    // Chosen when the account was added: it wins over the names, not over a site's own kind.
    expect(businessKindOf("facebook", ["Acme"], "beauty")).toBe("beauty");
    expect(businessKindOf("facebook", ["Lee Dental"], "food")).toBe("food");
    expect(businessKindOf("avvo", ["Acme"], "food")).toBe("legal");
    expect(businessKindOf("facebook", ["Lee Dental"], "spaceships")).toBe("healthcare");
    // Generic words say nothing a trade would not hear.
    expect([...SAMPLE_TEXTS.generic.comments, ...SAMPLE_TEXTS.generic.messages, ...SAMPLE_TEXTS.generic.reviews.map((r) => r.content)].join(" ")).not.toMatch(
      /appointment|insurance|patient|croissant|haircut/i,
    );
  });
});

describe("the platform table's inbox", () => {
  it("is the one source of what the inbox reads, where New Message writes first, and which sites bring reviews", () => {
    expect(INBOX_SUPPORT).toEqual({
      facebook: ["dm", "comment"],
      instagram: ["dm", "comment", "mention"],
      twitter: ["comment", "mention"],
      linkedin: ["comment"],
      youtube: ["comment"],
      threads: ["comment", "mention"],
      bluesky: ["comment", "mention"],
      mastodon: ["comment", "mention"],
    });
    expect(NEW_MESSAGE_PLATFORMS).toEqual(["twitter"]);
    expect(PLATFORMS.filter((p) => p.inbox.reviews).map((p) => p.id).sort()).toEqual([...REVIEW_PLATFORMS].sort());
    expect(noInboxReason("facebook")).toBeNull();
    expect(noInboxReason("yelp")).toBe("Yelp reviews are answered from Reviews.");
    expect(noInboxReason("tiktok")).toBe("TikTok's API gives apps no access to comments or messages.");
    expect(newMessageRefusal("twitter")).toBeNull();
    expect(newMessageRefusal("yelp")).toBe("Yelp has no direct messages: people reach you there through reviews. Answer them from Reviews.");
    expect(newMessageRefusal("facebook")).toBe(
      "Facebook doesn't let apps write to someone first. Start the conversation on Facebook; their answer will reach the inbox.",
    );
  });
});
