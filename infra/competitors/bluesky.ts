import { COMPETITOR_MESSAGES, handleOf, isHandle } from "../../domain/competitors";
import { appViewUrl } from "../listening/search";
import { retryAfter } from "../platforms/call";
import { AppViewRefused, type CompetitorReader, type FeedPost } from "./reader";

/**
 * A Bluesky account's public figures from the AppView (no sign-in): `app.bsky.actor.getProfile`
 * (followers, posts) and `app.bsky.feed.getAuthorFeed` (its newest own posts with their likes,
 * reposts and replies). The configured AppView (BLUESKY_APPVIEW_URL) is asked; without one, the
 * network's public AppView, which answers these two without an account.
 */
export const PUBLIC_APPVIEW = "https://public.api.bsky.app";
const TIMEOUT_MS = 15_000;
/** The newest posts read for the figures: enough for a week of a busy account, one request. */
const FEED_LIMIT = 100;

export const competitorAppView = (env: NodeJS.ProcessEnv = process.env) => appViewUrl(env) ?? PUBLIC_APPVIEW;

export interface BlueskyProfile {
  readonly did: string;
  readonly handle: string;
  readonly name: string;
  readonly avatar: string | null;
  readonly followers: number;
  readonly posts: number;
}


const xrpc = async (method: string, params: Record<string, string>): Promise<Record<string, unknown>> => {
  const url = new URL(`${competitorAppView()}/xrpc/${method}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new AppViewRefused("The Bluesky AppView could not be reached. Try again in a few minutes.");
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status === 429) {
    const seconds = retryAfter(response.headers);
    throw new AppViewRefused(`The Bluesky AppView is limiting requests${seconds !== undefined ? `; try again in ${Math.ceil(seconds / 60)} min` : ""}.`);
  }
  if (response.status === 400 && typeof body?.message === "string" && /not found|unable to resolve|invalid handle/i.test(body.message))
    throw new AppViewRefused(body.message, "unknown");
  if (!response.ok || !body) throw new AppViewRefused(`The Bluesky AppView refused the request${typeof body?.message === "string" ? `: ${body.message}` : ""}.`);
  return body;
};

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0);

export const getProfile = async (actor: string): Promise<BlueskyProfile> => {
  const body = await xrpc("app.bsky.actor.getProfile", { actor });
  if (typeof body.did !== "string" || typeof body.handle !== "string") throw new AppViewRefused("The Bluesky AppView answered a profile without an account.");
  return {
    did: body.did,
    handle: body.handle,
    name: typeof body.displayName === "string" && body.displayName.trim() ? body.displayName.trim() : body.handle,
    avatar: typeof body.avatar === "string" ? body.avatar : null,
    followers: count(body.followersCount),
    posts: count(body.postsCount),
  };
};

interface FeedItem {
  post?: { uri?: string; author?: { did?: string; handle?: string }; record?: { text?: string; createdAt?: string }; likeCount?: number; repostCount?: number; replyCount?: number; indexedAt?: string };
  reason?: unknown;
}

/** The account's own newest posts (no replies, no reposts of others). */
export const getAuthorFeed = async (did: string): Promise<ReadonlyArray<FeedPost>> => {
  const body = await xrpc("app.bsky.feed.getAuthorFeed", { actor: did, limit: String(FEED_LIMIT), filter: "posts_no_replies" });
  const feed = Array.isArray(body.feed) ? (body.feed as FeedItem[]) : [];
  return feed.flatMap((item): FeedPost[] => {
    const post = item.post;
    if (item.reason || !post?.uri || post.author?.did !== did) return [];
    const postedAt = Date.parse(post.record?.createdAt ?? "") || Date.parse(post.indexedAt ?? "");
    if (!postedAt) return [];
    return [
      {
        uri: post.uri,
        url: `https://bsky.app/profile/${post.author.handle ?? did}/post/${post.uri.split("/").pop()}`,
        text: typeof post.record?.text === "string" ? post.record.text.slice(0, 300) : "",
        likes: count(post.likeCount),
        reposts: count(post.repostCount),
        replies: count(post.replyCount),
        postedAt: new Date(postedAt).toISOString(),
      },
    ];
  });
};

/** Bluesky for competitor tracking: the account is followed by its DID, so a renamed handle keeps its history. */
export const blueskyReader: CompetitorReader = {
  resolve: async (typed) => {
    const handle = handleOf(typed);
    if (!isHandle(handle)) throw new AppViewRefused(COMPETITOR_MESSAGES.handle, "handle");
    const profile = await getProfile(handle).catch((error: unknown) => {
      throw error instanceof AppViewRefused && error.kind === "unknown" ? new AppViewRefused(COMPETITOR_MESSAGES.unknown("Bluesky", handle), "unknown") : error;
    });
    return { externalId: profile.did, handle: profile.handle, name: profile.name, avatar: profile.avatar, url: `https://bsky.app/profile/${profile.handle}` };
  },
  read: async (did) => {
    const profile = await getProfile(did);
    return { followers: profile.followers, posts: profile.posts, feed: await getAuthorFeed(did) };
  },
};
