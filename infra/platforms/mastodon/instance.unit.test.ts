import { afterEach, describe, expect, it } from "vitest";
import { parseInstance } from "./instance";

describe("the Mastodon instance a person types", () => {
  const before = process.env.OUTBOUND_ALLOW_HOSTS;
  afterEach(() => {
    process.env.OUTBOUND_ALLOW_HOSTS = before;
  });

  it.each([
    ["mastodon.social", "https://mastodon.social"],
    ["  Mastodon.Social  ", "https://mastodon.social"],
    ["https://fosstodon.org/@me", "https://fosstodon.org"],
    ["@me@fosstodon.org", "https://fosstodon.org"],
    ["me@pixelfed.social", "https://pixelfed.social"],
    ["http://mastodon.example", "https://mastodon.example"],
    ["social.example:8443", "https://social.example:8443"],
  ])("given %j, when it is read, then the server is %s (https, the host only)", (typed, origin) => {
    expect(parseInstance(typed)).toEqual({ ok: true, origin, host: new URL(origin).host });
  });

  it("given a local host the operator allowed, when it is typed, then it is reached over http unless https was typed", () => {
    process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1:4661";
    expect(parseInstance("127.0.0.1:4661")).toMatchObject({ ok: true, origin: "http://127.0.0.1:4661" });
    expect(parseInstance("https://127.0.0.1:4661")).toMatchObject({ ok: true, origin: "https://127.0.0.1:4661" });
    expect(parseInstance("127.0.0.1:4662")).toMatchObject({ ok: true, origin: "https://127.0.0.1:4662" });
  });

  it.each([
    ["", "Enter your server's address, like mastodon.social."],
    ["not a server", `"not a server" is not a server address. Enter your server's address, like mastodon.social.`],
    ["mastodon", `"mastodon" is not a server address. Enter your server's address, like mastodon.social.`],
    ["ftp://mastodon.social", "Mastodon servers are reached over https. Enter your server's address, like mastodon.social."],
  ])("given %j, when it is read, then the person is told what to type", (typed, message) => {
    expect(parseInstance(typed)).toEqual({ ok: false, message });
  });
});
