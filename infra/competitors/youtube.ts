import { COMPETITOR_MESSAGES } from "../../domain/competitors";
import { type Answer, endpoints, request } from "../platforms/call";
import { youtube } from "../platforms/google/oauth";
import { callContext } from "../platforms/http";
import { PlatformError } from "../platforms/types";
import { AppViewRefused, type CompetitorReader, type FeedPost } from "./reader";

/**
 * YouTube for competitor tracking, with the server's API key (YOUTUBE_API_KEY; no person signs in):
 * `channels.list` (by handle, then by id: subscribers, videos, the uploads playlist),
 * `playlistItems.list` (the newest uploads) and `videos.list` (their likes and comments). The base
 * address is YouTube's own (YOUTUBE_API_BASE_URL overrides it, as for the connection).
 */
const ctx = callContext("youtube");
const UPLOADS_LIMIT = 50;

export const youtubeApiKey = (env: NodeJS.ProcessEnv = process.env) => env.YOUTUBE_API_KEY?.trim() || null;

const ask = async (path: string, params: Record<string, string>): Promise<Answer> => {
  const key = youtubeApiKey();
  if (!key) throw new AppViewRefused(COMPETITOR_MESSAGES.noYoutubeKey, "platform");
  const url = new URL(`${endpoints(youtube).api}/${path}`);
  for (const [name, value] of Object.entries({ ...params, key })) url.searchParams.set(name, value);
  try {
    return await request(ctx, url);
  } catch (error) {
    throw new AppViewRefused(error instanceof PlatformError ? error.message : "YouTube could not be reached.");
  }
};

type Item = Record<string, any>;
const items = (answer: Answer): Item[] => (Array.isArray(answer.body.items) ? (answer.body.items as Item[]) : []);
const count = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : 0;
};

/** "@name", "youtube.com/@name" or a channel id (UC…). */
const channelQuery = (typed: string): Record<string, string> => {
  const text = typed.trim().replace(/^(https?:\/\/)?(www\.|m\.)?youtube\.com\//i, "").replace(/[/?#].*$/, "");
  if (/^(channel\/)?UC[A-Za-z0-9_-]{22}$/.test(text)) return { id: text.replace(/^channel\//, "") };
  const handle = text.replace(/^@/, "");
  if (!/^[A-Za-z0-9._-]{3,30}$/.test(handle)) throw new AppViewRefused(COMPETITOR_MESSAGES.youtubeHandle, "handle");
  return { forHandle: `@${handle}` };
};

export const youtubeReader: CompetitorReader = {
  resolve: async (typed) => {
    const query = channelQuery(typed);
    const [channel] = items(await ask("channels", { part: "snippet", ...query }));
    if (!channel || typeof channel.id !== "string") throw new AppViewRefused(COMPETITOR_MESSAGES.unknown("YouTube", query.forHandle ?? query.id!), "unknown");
    const custom = typeof channel.snippet?.customUrl === "string" ? channel.snippet.customUrl : null;
    return {
      externalId: channel.id,
      handle: custom ?? channel.id,
      name: typeof channel.snippet?.title === "string" && channel.snippet.title.trim() ? channel.snippet.title.trim() : custom ?? channel.id,
      avatar: typeof channel.snippet?.thumbnails?.default?.url === "string" ? channel.snippet.thumbnails.default.url : null,
      url: custom ? `https://www.youtube.com/${custom}` : `https://www.youtube.com/channel/${channel.id}`,
    };
  },
  read: async (channelId) => {
    const [channel] = items(await ask("channels", { part: "statistics,contentDetails", id: channelId }));
    if (!channel) throw new AppViewRefused("YouTube no longer knows this channel.");
    const uploads = channel.contentDetails?.relatedPlaylists?.uploads;
    const ids =
      typeof uploads === "string"
        ? items(await ask("playlistItems", { part: "contentDetails", playlistId: uploads, maxResults: String(UPLOADS_LIMIT) }))
            .map((i) => i.contentDetails?.videoId)
            .filter((id): id is string => typeof id === "string")
        : [];
    const videos = ids.length === 0 ? [] : items(await ask("videos", { part: "snippet,statistics", id: ids.join(",") }));
    const feed = videos.flatMap((v): FeedPost[] => {
      const postedAt = Date.parse(v.snippet?.publishedAt ?? "");
      if (typeof v.id !== "string" || !postedAt) return [];
      return [
        {
          uri: v.id,
          url: `https://www.youtube.com/watch?v=${v.id}`,
          text: typeof v.snippet?.title === "string" ? v.snippet.title.slice(0, 300) : "",
          likes: count(v.statistics?.likeCount),
          // YouTube does not count shares publicly.
          reposts: 0,
          replies: count(v.statistics?.commentCount),
          postedAt: new Date(postedAt).toISOString(),
        },
      ];
    });
    return { followers: channel.statistics?.hiddenSubscriberCount ? 0 : count(channel.statistics?.subscriberCount), posts: count(channel.statistics?.videoCount), feed };
  },
};
