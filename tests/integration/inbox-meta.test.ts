import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Meta's webhooks into the inbox: signed deliveries of Page comments, Messenger and Instagram messages
 * are kept once each, in every workspace that connected the page; unsigned or badly signed ones answer
 * 401 and store nothing; the hub.challenge handshake.
 */

const SECRET = "meta-app-secret-for-tests";
const VERIFY = "verify-me";
const app = useAppServer({ env: { META_APP_SECRET: SECRET, META_WEBHOOK_VERIFY_TOKEN: VERIFY } });
const { owner } = teamHelpers(app);

const signed = (body: string, secret = SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const deliver = (body: unknown, signature?: string | null) => {
  const raw = JSON.stringify(body);
  return fetch(`${app.server.url}/api/webhooks/meta`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-hub-signature-256": signature ?? signed(raw) }) },
    body: raw,
  });
};

/** A workspace with a Facebook page (its account's platform id set to the page's, as the OAuth connection stores it). */
const withPage = async (pageId: string, platform = "facebook") => {
  const { browser } = await owner("growth");
  const account = (await browser.post("/api/social-accounts/sandbox", { platform, accountName: "Lee Dental" })).data as { id: string };
  await app.sql`update social_accounts set kind = 'oauth', status = 'connected', external_id = ${pageId} where id = ${account.id}`;
  return { browser, account };
};

const pageDelivery = (pageId: string, n: number) => ({
  object: "page",
  entry: [
    {
      id: pageId,
      time: 1_795_000_000,
      changes: [
        {
          field: "feed",
          value: {
            item: "comment",
            verb: "add",
            comment_id: `${pageId}_c${n}`,
            post_id: `${pageId}_p1`,
            from: { id: "991", name: "Jane Smith" },
            message: `Comment number ${n}`,
            created_time: 1_795_000_000,
          },
        },
      ],
    },
  ],
});

describe("Meta webhooks", () => {
  it("given a signed delivery, its comment and message reach the inbox once; the page's own words are left out", async () => {
    const { browser } = await withPage("1001");
    const body = {
      object: "page",
      entry: [
        {
          id: "1001",
          time: 1_795_000_000,
          changes: [
            {
              field: "feed",
              value: {
                item: "comment",
                verb: "add",
                comment_id: "1001_7",
                post_id: "1001_5",
                from: { id: "77", name: "Jane Smith" },
                message: "Are you open on Sunday?",
                created_time: 1_795_000_000,
              },
            },
            {
              field: "feed",
              value: {
                item: "comment",
                verb: "add",
                comment_id: "1001_8",
                post_id: "1001_5",
                from: { id: "1001", name: "Lee Dental" },
                message: "Our own reply",
              },
            },
          ],
          messaging: [
            { sender: { id: "88" }, recipient: { id: "1001" }, timestamp: 1_795_000_100_000, message: { mid: "m_1", text: "Hi, can I book a cleaning?" } },
            { sender: { id: "1001" }, recipient: { id: "88" }, timestamp: 1_795_000_200_000, message: { mid: "m_2", text: "Sure!", is_echo: true } },
          ],
        },
      ],
    };
    const first = await deliver(body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 2 });
    expect(await (await deliver(body)).json()).toEqual({ received: 0 });

    const messages = (await browser.get("/api/social-inbox")).data.items as Array<Record<string, any>>;
    expect(messages.map((m) => [m.type, m.content, m.fromUser.name]).sort()).toEqual([
      ["comment", "Are you open on Sunday?", "Jane Smith"],
      ["dm", "Hi, can I book a cleaning?", "User 88"],
    ]);
    expect(messages.find((m) => m.type === "comment")).toMatchObject({
      platform: "facebook",
      priority: "medium",
      isPublic: true,
      url: "https://www.facebook.com/1001_5",
    });
  });

  it("given an unsigned or badly signed delivery, it answers 401 and nothing is stored", async () => {
    const { browser } = await withPage("2002");
    expect((await deliver(pageDelivery("2002", 1), null)).status).toBe(401);
    expect((await deliver(pageDelivery("2002", 1), signed("something else"))).status).toBe(401);
    expect((await deliver(pageDelivery("2002", 1), signed(JSON.stringify(pageDelivery("2002", 1)), "another-secret"))).status).toBe(401);
    expect((await browser.get("/api/social-inbox")).data.items).toEqual([]);
    const notJson = "{nope";
    expect(
      (
        await fetch(`${app.server.url}/api/webhooks/meta`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-hub-signature-256": signed(notJson) },
          body: notJson,
        })
      ).status,
    ).toBe(400);
  });

  it("given Instagram's comments and messages, they reach the account connected with that Instagram id", async () => {
    const { browser } = await withPage("17841400000000001", "instagram");
    const body = {
      object: "instagram",
      entry: [
        {
          id: "17841400000000001",
          time: 1_795_000_000,
          changes: [{ field: "comments", value: { id: "1799", text: "Love the new look!", from: { id: "5", username: "ana_souza" }, media: { id: "m9" } } }],
          messaging: [
            { sender: { id: "6" }, recipient: { id: "17841400000000001" }, timestamp: 1_795_000_100_000, message: { mid: "ig_m1", text: "Do you do braces?" } },
          ],
        },
      ],
    };
    expect(await (await deliver(body)).json()).toEqual({ received: 2 });
    const messages = (await browser.get("/api/social-inbox?platform=instagram")).data.items as Array<Record<string, any>>;
    expect(messages.map((m) => [m.type, m.fromUser.username]).sort()).toEqual([
      ["comment", "ana_souza"],
      ["dm", "6"],
    ]);
  });

  it("given a burst of 500 deliveries, each delivered twice at once, 500 messages are kept", async () => {
    const { browser } = await withPage("3003");
    const bodies = Array.from({ length: 500 }, (_, n) => pageDelivery("3003", n));
    const queue = [...bodies, ...bodies];
    let received = 0;
    const workers = Array.from({ length: 40 }, async () => {
      for (let body = queue.shift(); body; body = queue.shift()) {
        const response = await deliver(body);
        expect(response.status).toBe(200);
        received += ((await response.json()) as { received: number }).received;
      }
    });
    await Promise.all(workers);
    expect(received).toBe(500);
    const [{ n }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from inbox_messages where account_id in (select id from social_accounts where external_id = '3003')`;
    expect(n).toBe(500);
    expect(((await browser.get("/api/social-inbox/counts")).data as { comment: number }).comment).toBe(500);
  }, 120_000);

  it("answers Meta's handshake with the challenge when the token matches", async () => {
    const ok = await fetch(`${app.server.url}/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    expect((await fetch(`${app.server.url}/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status).toBe(403);
  });
});
