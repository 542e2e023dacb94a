import { describe, expect, it } from "vitest";
import { sandboxConversation } from "./sandbox";

describe("people answering a sandbox post", () => {
  const post = {
    platformPostId: "8a1f0e6e-0000-4000-8000-000000000001",
    postId: "p1",
    content: "Free whitening consultations all week",
    publishedAt: new Date("2026-11-24T09:00:00Z"),
  };

  it("write two or three comments from different people, with different words, the same every time", () => {
    const conversation = sandboxConversation(post);
    const comments = conversation.filter((m) => m.type === "comment");
    expect(comments.length).toBeGreaterThanOrEqual(2);
    expect(new Set(comments.map((m) => m.from.username)).size).toBe(comments.length);
    expect(new Set(comments.map((m) => m.content)).size).toBe(comments.length);
    expect(sandboxConversation(post)).toEqual(conversation);
    expect(comments.every((m) => m.threadId === post.platformPostId && m.postTitle === post.content && m.sentAt > post.publishedAt)).toBe(true);
  });
});
