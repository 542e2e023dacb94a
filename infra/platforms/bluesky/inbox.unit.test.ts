import { describe, expect, it } from "vitest";
import { inboxMessagesOf } from "./inbox";

const LEE = "did:plc:lee";
const post = (record: Record<string, unknown>, did = "did:plc:jane") => ({
  did,
  uri: `at://${did}/app.bsky.feed.post/3k1`,
  cid: "bafy-jane",
  record,
  handle: "jane.test",
});
const leeRoot = { uri: `at://${LEE}/app.bsky.feed.post/3k0`, cid: "bafy-root" };

describe("what a new Bluesky post means for the accounts followed", () => {
  it("a reply in their thread is a comment, with what a threaded answer needs", () => {
    const [found] = inboxMessagesOf(
      post({ text: "Can I come?", createdAt: "2026-11-24T10:00:00Z", reply: { root: leeRoot, parent: leeRoot } }),
      new Set([LEE]),
    );
    expect(found).toMatchObject({
      accountDid: LEE,
      message: {
        type: "comment",
        externalId: "at://did:plc:jane/app.bsky.feed.post/3k1",
        threadId: leeRoot.uri,
        parentExternalId: leeRoot.uri,
        reference: { cid: "bafy-jane", rootUri: leeRoot.uri, rootCid: "bafy-root" },
      },
    });
    expect(found!.message.url).toBe("https://bsky.app/profile/jane.test/post/3k1");
  });

  it("a mention or a quote is a mention; a post of their own, or of nobody followed, is nothing", () => {
    const mention = { text: "Hi @lee", facets: [{ features: [{ $type: "app.bsky.richtext.facet#mention", did: LEE }] }] };
    expect(inboxMessagesOf(post(mention), new Set([LEE])).map((m) => m.message.type)).toEqual(["mention"]);
    const quote = { text: "Look", embed: { $type: "app.bsky.embed.record", record: leeRoot } };
    expect(inboxMessagesOf(post(quote), new Set([LEE])).map((m) => m.message.type)).toEqual(["mention"]);
    expect(inboxMessagesOf(post(mention, LEE), new Set([LEE]))).toEqual([]);
    expect(inboxMessagesOf(post(mention), new Set(["did:plc:other"]))).toEqual([]);
  });
});
