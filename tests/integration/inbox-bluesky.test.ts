import { AtpAgent } from "@atproto/api";
// Not the package index (see platforms-bluesky.test.ts: the index also loads @atproto/ozone, which fails to import here).
import { TestNetworkNoAppView } from "../../node_modules/@atproto/dev-env/dist/network-no-appview.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Bluesky into the inbox on a real PDS (from @atproto/dev-env, no AppView): the app listens to the
 * PDS's event stream; a reply to and a mention of the connected account reach the inbox within 10
 * seconds; the answer from the inbox is written once on the PDS, threaded under the reply.
 */

let network: TestNetworkNoAppView;
let lee: AtpAgent;
let jane: AtpAgent;
let appPassword: string;

beforeAll(async () => {
  network = await TestNetworkNoAppView.create({});
  lee = new AtpAgent({ service: network.pds.url });
  await lee.createAccount({ email: "lee@example.com", handle: "lee-dental.test", password: "main-password-123" });
  appPassword = (await lee.com.atproto.server.createAppPassword({ name: "SocialDesk" })).data.password;
  jane = new AtpAgent({ service: network.pds.url });
  await jane.createAccount({ email: "jane@example.com", handle: "jane.test", password: "jane-password-123" });
}, 180_000);

afterAll(async () => {
  await network?.close();
});

const app = useAppServer({ env: () => ({ BLUESKY_FIREHOSE_URL: network.pds.url.replace(/^http/, "ws"), BLUESKY_PLC_URL: network.plc.url }) });
const { owner } = teamHelpers(app);

const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe("Bluesky into the inbox", () => {
  it("given the account connected, a reply and a mention reach the inbox within 10 s, and the answer is threaded on the PDS once", async () => {
    const { browser } = await owner("growth");
    const connected = await browser.post("/api/social-accounts/bluesky", { identifier: "lee-dental.test", appPassword, service: network.pds.url });
    expect(connected.status, connected.text).toBe(201);
    // The listener reads the connected accounts every 10 s at most.
    await new Promise((resolve) => setTimeout(resolve, 10_500));

    const root = await lee.post({ text: "Open house on Saturday, 10 to 2!" });
    const started = Date.now();
    const reply = await jane.post({ text: "Can I bring my kids? How long does a checkup take?", reply: { root, parent: root } });
    await jane.post({
      text: "Best dentist in town: @lee-dental.test",
      facets: [{ index: { byteStart: 24, byteEnd: 39 }, features: [{ $type: "app.bsky.richtext.facet#mention", did: lee.session!.did }] }],
    });
    await lee.post({ text: "Our own post mentions nobody" });

    const messages = await until(
      async () => (await browser.get("/api/social-inbox")).data as Array<Record<string, any>>,
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
      15_000,
    );
    expect(thread.replies[0]).toMatchObject({ status: "sent" });
    const { data } = await lee.com.atproto.repo.listRecords({ repo: lee.session!.did, collection: "app.bsky.feed.post", limit: 50 });
    const answers = data.records.filter((r) => (r.value as { text: string }).text === "Of course! About 30 minutes each.");
    expect(answers).toHaveLength(1);
    expect((answers[0]!.value as { reply: unknown }).reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: reply.uri, cid: reply.cid } });
    expect(thread.replies[0].url).toBe(`https://bsky.app/profile/lee-dental.test/post/${answers[0]!.uri.split("/").pop()}`);
  }, 60_000);
});
