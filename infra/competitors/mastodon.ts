import { COMPETITOR_MESSAGES } from "../../domain/competitors";
import { type Answer, request } from "../platforms/call";
import { callContext } from "../platforms/http";
import { arrayOf, statusText } from "../platforms/mastodon/api";
import { parseInstance } from "../platforms/mastodon/instance";
import { PlatformError } from "../platforms/types";
import { AppViewRefused, type CompetitorReader, type FeedPost } from "./reader";

/**
 * Mastodon (and servers speaking its API) for competitor tracking, from the instance's public API
 * without a token: `GET /api/v1/accounts/lookup?acct=` finds the account, `GET /api/v1/accounts/{id}`
 * its followers and posts, `/statuses` its newest own posts. The instance is an address a person
 * typed: every call goes through the SSRF-safe outbound client.
 */
const ctx = callContext("mastodon");
const STATUSES_LIMIT = 40;

/** "@name@server" or "name@server": the account's name and its server's origin. */
const accountOf = (typed: string) => {
  const text = typed.trim().replace(/^@/, "");
  const at = text.indexOf("@");
  const name = at > 0 ? text.slice(0, at) : "";
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) throw new AppViewRefused(COMPETITOR_MESSAGES.mastodonHandle, "handle");
  const instance = parseInstance(text.slice(at + 1));
  if (!instance.ok) throw new AppViewRefused(COMPETITOR_MESSAGES.mastodonHandle, "handle");
  return { name, origin: instance.origin, host: instance.host };
};

const ask = async (url: string, unknown?: string): Promise<Answer> => {
  try {
    return await request(ctx, url, { outbound: true });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404 && unknown) throw new AppViewRefused(unknown, "unknown");
    throw new AppViewRefused(error instanceof Error ? error.message : "The Mastodon server could not be reached.");
  }
};

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0);

interface Status {
  id?: string;
  url?: string;
  uri?: string;
  content?: string;
  created_at?: string;
  favourites_count?: number;
  reblogs_count?: number;
  replies_count?: number;
  reblog?: unknown;
  in_reply_to_id?: string | null;
}

export const mastodonReader: CompetitorReader = {
  resolve: async (typed) => {
    const { name, origin, host } = accountOf(typed);
    const { body } = await ask(`${origin}/api/v1/accounts/lookup?acct=${encodeURIComponent(name)}`, COMPETITOR_MESSAGES.unknown(host, `${name}@${host}`));
    if (typeof body.id !== "string" || typeof body.username !== "string") throw new AppViewRefused(`${host} answered something that is not a Mastodon account.`);
    return {
      externalId: `${origin}/api/v1/accounts/${body.id}`,
      handle: `${body.username}@${host}`.toLowerCase(),
      name: typeof body.display_name === "string" && body.display_name.trim() ? body.display_name.trim() : body.username,
      avatar: typeof body.avatar === "string" ? body.avatar : null,
      url: typeof body.url === "string" && /^https?:\/\//.test(body.url) ? body.url : `${origin}/@${body.username}`,
    };
  },
  read: async (account) => {
    const { body } = await ask(account);
    const statuses = arrayOf(await ask(`${account}/statuses?exclude_replies=true&exclude_reblogs=true&limit=${STATUSES_LIMIT}`)) as Status[];
    const feed = statuses.flatMap((s): FeedPost[] => {
      const postedAt = Date.parse(s.created_at ?? "");
      if (s.reblog || s.in_reply_to_id || !s.id || !postedAt) return [];
      return [
        {
          uri: s.uri ?? s.id,
          url: s.url ?? s.uri ?? account,
          text: statusText(s.content).slice(0, 300),
          likes: count(s.favourites_count),
          reposts: count(s.reblogs_count),
          replies: count(s.replies_count),
          postedAt: new Date(postedAt).toISOString(),
        },
      ];
    });
    return { followers: count(body.followers_count), posts: count(body.statuses_count), feed };
  },
};
