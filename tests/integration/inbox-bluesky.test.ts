import { describe, expect, it } from "vitest";
import { useBluesky } from "../support/bluesky";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";

/**
 * Bluesky into the inbox on a real PDS (from @atproto/dev-env, no AppView): the app listens to the
 * PDS's event stream; a reply to and a mention of the connected account reach the inbox within 10
 * seconds; the answer from the inbox is written once on the PDS, threaded under the reply.
 */

const bluesky = useBluesky();
// The listener reads the connected accounts again at once, not every 10 s: the account connected by the test is followed from its next post on.
const app = useAppServer({
  env: () => ({ BLUESKY_FIREHOSE_URL: bluesky.network.pds.url.replace(/^http/, "ws"), BLUESKY_PLC_URL: bluesky.network.plc.url, BLUESKY_ACCOUNTS_REFRESH_SECONDS: "0" }),
});
const { owner } = teamHelpers(app);

describe("Bluesky into the inbox", () => {
  it("given the account connected, a reply and a mention reach the inbox within 10 s, and the answer is threaded on the PDS once", async () => {
    const { browser } = await owner("growth");
    const connected = await bluesky.connectLee(browser);
    expect(connected.status, connected.text).toBe(201);
    const root = await bluesky.lee.post({ text: "Open house on Saturday, 10 to 2!" });
    const started = Date.now();
    const reply = await bluesky.jane.post({ text: "Can I bring my kids? How long does a checkup take?", reply: { root, parent: root } });
    await bluesky.jane.post({
      text: "Best dentist in town: @lee-dental.test",
      facets: [{ index: { byteStart: 24, byteEnd: 39 }, features: [{ $type: "app.bsky.richtext.facet#mention", did: bluesky.lee.session!.did }] }],
    });
    await bluesky.lee.post({ text: "Our own post mentions nobody" });

    const messages = await until(
      async () => (await browser.get("/api/social-inbox")).data.items as Array<Record<string, any>>,
      (list) => list.length >= 2,
      10_000,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(messages.map((m) => [m.type, m.content]).sort()).toEqual([
      ["comment", "Can I bring my kids? How long does a checkup take?"],
      ["mention", "Best dentist in town: @lee-dental.test"],
    ]);
    const comment = messages.find((m) => m.type === "comment")!;
    expect(comment).toMatchObject({ platform: "bluesky", priority: "medium", fromUser: { username: "jane.test" } });
    expect(comment.url).toBe(`https://bsky.app/profile/jane.test/post/${reply.uri.split("/").pop()}`);

    const sent = await browser.post(`/api/social-inbox/${comment.id}/reply`, { content: "Of course! About 30 minutes each.", isPublic: true });
    expect(sent.status, sent.text).toBe(202);
    const thread = await until(
      async () => (await browser.get(`/api/social-inbox/${comment.id}`)).data,
      (t) => t.replies[0]?.status !== "sending",
    );
    expect(thread.replies[0]).toMatchObject({ status: "sent" });
    const { data } = await bluesky.lee.com.atproto.repo.listRecords({ repo: bluesky.lee.session!.did, collection: "app.bsky.feed.post", limit: 50 });
    const answers = data.records.filter((r) => (r.value as { text: string }).text === "Of course! About 30 minutes each.");
    expect(answers).toHaveLength(1);
    expect((answers[0]!.value as { reply: unknown }).reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: reply.uri, cid: reply.cid } });
    expect(thread.replies[0].url).toBe(`https://bsky.app/profile/lee-dental.test/post/${answers[0]!.uri.split("/").pop()}`);
  }, 60_000);
});
