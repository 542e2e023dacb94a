import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { AtpAgent } from "@atproto/api";
import { describe, expect, it } from "vitest";
import { pollInbox } from "../../infra/inbox/poll";
import { type SendJson, useBluesky } from "../support/bluesky";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Catching up on Bluesky after downtime: with an AppView configured (BLUESKY_APPVIEW_URL), the
 * poll_inbox job reads the account's notifications through its real PDS (from @atproto/dev-env),
 * which hands the call to the AppView with a service token; here the AppView is a local server that
 * checks that token and the query, and answers notifications for posts really on the PDS. The event
 * stream is off, so only the notifications bring the messages; each is kept once.
 */

// The server stores the app password with this key; the job, run here, reads it with the same.
process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

const APPVIEW_DID = "did:web:appview.test";
const asked: Array<{ url: URL; token: Record<string, unknown> | null }> = [];
let notifications: Array<Record<string, unknown>> = [];

const listNotifications = (url: URL, send: SendJson, req: IncomingMessage) => {
  const bearer = req.headers.authorization?.startsWith("Bearer ") ? req.headers.authorization.slice(7) : null;
  const token = bearer ? (JSON.parse(Buffer.from(bearer.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>) : null;
  asked.push({ url, token });
  if (url.pathname !== "/xrpc/app.bsky.notification.listNotifications") return send(404, { error: "MethodNotImplemented" });
  if (!token || token.aud !== APPVIEW_DID || token.lxm !== "app.bsky.notification.listNotifications") return send(401, { error: "AuthMissing" });
  const reasons = url.searchParams.getAll("reasons");
  const limit = Number(url.searchParams.get("limit") ?? 50);
  if (!(limit >= 1 && limit <= 100)) return send(400, { error: "InvalidRequest", message: "limit must be 1 to 100" });
  const mine = notifications.filter((n) => n.recipient === token.iss && (reasons.length === 0 || reasons.includes(String(n.reason))));
  send(200, { notifications: mine.map(({ recipient: _, ...n }) => n), seenAt: new Date().toISOString() });
};

const bluesky = useBluesky({ appView: listNotifications, pds: (appViewUrl) => ({ pds: { bskyAppViewUrl: appViewUrl, bskyAppViewDid: APPVIEW_DID } }) });

const app = useAppServer();
const { owner } = teamHelpers(app);

/** What the AppView would say of a post on the PDS: its record, its author, when it indexed it. */
const notificationOf = async (author: AtpAgent, post: { uri: string; cid: string }, reason: string, indexedAt: Date) => {
  const record = (await author.com.atproto.repo.getRecord({ repo: author.session!.did, collection: "app.bsky.feed.post", rkey: post.uri.split("/").pop()! }))
    .data.value;
  return {
    recipient: bluesky.lee.session!.did,
    uri: post.uri,
    cid: post.cid,
    author: { did: author.session!.did, handle: author.session!.handle, displayName: "Jane Smith", avatar: "https://cdn.example/jane.jpg", labels: [] },
    reason,
    record,
    isRead: false,
    indexedAt: indexedAt.toISOString(),
    labels: [],
  };
};

describe("Bluesky notifications into the inbox", () => {
  it("given an AppView, the job reads the account's replies and mentions through its PDS, from where it stopped, each kept once", async () => {
    const { browser } = await owner("growth");
    const connected = await bluesky.connectLee(browser);
    expect(connected.status, connected.text).toBe(201);

    const root = await bluesky.lee.post({ text: "Open house on Saturday, 10 to 2!" });
    const reply = await bluesky.jane.post({ text: "Can I bring my kids?", reply: { root, parent: root } });
    const mention = await bluesky.jane.post({
      text: "Best dentist in town: @lee-dental.test",
      facets: [{ index: { byteStart: 22, byteEnd: 38 }, features: [{ $type: "app.bsky.richtext.facet#mention", did: bluesky.lee.session!.did }] }],
    });
    const t0 = Date.now();
    notifications = [
      await notificationOf(bluesky.jane, mention, "mention", new Date(t0 - 1_000)),
      await notificationOf(bluesky.jane, reply, "reply", new Date(t0 - 2_000)),
      { ...(await notificationOf(bluesky.jane, reply, "like", new Date(t0 - 3_000))), uri: `${reply.uri}-like` },
    ];

    expect(await app.run(pollInbox(new Date(t0)))).toEqual({ accounts: 1, received: 2 });
    const messages = (await browser.get("/api/social-inbox")).data.items as Array<Record<string, any>>;
    expect(messages.map((m) => [m.type, m.content, m.fromUser.name]).sort()).toEqual([
      ["comment", "Can I bring my kids?", "Jane Smith"],
      ["mention", "Best dentist in town: @lee-dental.test", "Jane Smith"],
    ]);
    // Through the PDS, as the account: a service token for the AppView, the reasons that are messages.
    const call = asked.find((a) => a.url.pathname.endsWith("listNotifications"))!;
    expect(call.token).toMatchObject({ iss: expect.stringContaining(bluesky.lee.session!.did), aud: APPVIEW_DID });
    expect(call.url.searchParams.getAll("reasons")).toEqual(["reply", "mention", "quote"]);
    expect(call.url.searchParams.get("limit")).toBe("100");

    // The next read keeps only what is newer than the newest read; the answer threads as any other.
    const later = await bluesky.jane.post({ text: "Also, do you take walk-ins?", reply: { root, parent: root } });
    notifications = [await notificationOf(bluesky.jane, later, "reply", new Date(t0 + 60_000)), ...notifications];
    expect(await app.run(pollInbox(new Date(t0 + 3 * 60_000)))).toEqual({ accounts: 1, received: 1 });
    const all = (await browser.get("/api/social-inbox")).data.items as Array<Record<string, any>>;
    expect(all).toHaveLength(3);
    const walkIns = all.find((m) => m.content === "Also, do you take walk-ins?")!;
    const sent = await browser.post(`/api/social-inbox/${walkIns.id}/reply`, { content: "Yes, all day.", isPublic: true });
    expect(sent.status).toBe(202);
  }, 90_000);
});
