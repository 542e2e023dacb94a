import { callContext, fail, list, obj, str } from "../http";
import { PlatformError } from "../types";
import {
  type Answer,
  type Classify,
  endpoints,
  flag,
  isImage,
  isVideo,
  option,
  platformMessage,
  rateLimited,
  rejected,
  request,
  retryAfter,
  sleep,
  tokenOf,
  withLink,
} from "../call";
import type { Published, PublishMedia, PublishRequest } from "../provider";
import { tiktok } from "./oauth";

/**
 * TikTok Content Posting API, Direct Post: creator info (the privacy levels this account may use),
 * then a video (init, bytes PUT to the upload address) or photos (init with their public addresses),
 * then the publish status. TikTok answers `error.code` "ok" on success and its own codes otherwise,
 * with 403 for account states (too many posts, banned) that are not about the token.
 */

const tt = callContext("tiktok");

/** TikTok counts these in UTF-16 units, as JavaScript strings do. */
export const TIKTOK_MAX_VIDEO_CAPTION = 2200;
export const TIKTOK_MAX_PHOTO_TITLE = 90;
export const TIKTOK_MAX_PHOTO_DESCRIPTION = 4000;
export const TIKTOK_MAX_PHOTOS = 35;
const MAX_VIDEO_BYTES = 4 * 1024 ** 3;

/** TikTok documents this exact value and refuses some requests without the charset. */
const JSON_UTF8 = { "content-type": "application/json; charset=UTF-8" };

/** Compose options TikTok's API has no field for: said in a warning rather than dropped unseen. */
const UNSUPPORTED_OPTIONS: ReadonlyArray<[name: string, label: string]> = [
  ["firstComment", "first comment"],
  ["collaborator", "collaborator"],
  ["location", "location"],
];

// ------------------------------------------------------------------------------------- errors

const CREDENTIAL_CODES = new Set(["access_token_invalid", "scope_not_authorized", "scope_permission_missed"]);
/** `reached_active_user_cap` is the app's daily quota of posting users: it resets, so it is a wait too. */
const LIMIT_CODES = new Set(["rate_limit_exceeded", "reached_active_user_cap"]);

const tiktokClassify: Classify = (status, body, headers) => {
  const code = str(obj(body.error).code);
  // Without TikTok's own code (the upload host, a gateway) the generic reading of the status applies.
  if (!code || code === "ok") return undefined;
  const details = { status, code };
  if (CREDENTIAL_CODES.has(code) || status === 401) {
    return code.startsWith("scope_")
      ? fail(tt, "invalid_credentials", "TikTok refused to post for this account: a permission is missing. Reconnect it and allow every requested permission.", details)
      : fail(tt, "invalid_credentials", "TikTok no longer accepts this connection. Reconnect the account.", details);
  }
  if (LIMIT_CODES.has(code) || status === 429) return rateLimited(tt, retryAfter(headers), details);
  if (status >= 500 || code === "internal_error") return fail(tt, "unavailable", "TikTok is not responding right now.", details);
  const message = platformMessage(body);
  return rejected(tt, message ? `${message} (${code})` : code, details);
};

const call = (url: string, token: string, json?: unknown) =>
  request(tt, url, { method: "POST", bearer: token, headers: JSON_UTF8, ...(json !== undefined ? { json } : {}) }, tiktokClassify);

// ------------------------------------------------------------------------------------- upload

/** Up to this size a video goes in one piece; beyond it TikTok requires chunks (Media Transfer Guide). */
export const TIKTOK_WHOLE_UPLOAD_MAX_BYTES = 64_000_000;
const CHUNK_BYTES = 10_000_000;
const MAX_CHUNKS = 1000;

export interface TikTokUploadPlan {
  readonly chunkSize: number;
  readonly totalChunkCount: number;
  /** Inclusive byte ranges, in upload order. */
  readonly chunks: ReadonlyArray<{ readonly first: number; readonly last: number }>;
}

/**
 * TikTok's chunk rules: chunks of 5 to 64 MB, at most 1000, their count the size divided by the
 * chunk size rounded down, so the last chunk takes the trailing bytes (it may reach 128 MB).
 */
export const tiktokUploadPlan = (videoSize: number): TikTokUploadPlan => {
  if (videoSize <= TIKTOK_WHOLE_UPLOAD_MAX_BYTES) {
    return { chunkSize: videoSize, totalChunkCount: 1, chunks: [{ first: 0, last: videoSize - 1 }] };
  }
  const chunkSize = Math.max(CHUNK_BYTES, Math.ceil(videoSize / MAX_CHUNKS));
  const totalChunkCount = Math.floor(videoSize / chunkSize);
  const chunks = Array.from({ length: totalChunkCount }, (_, i) => ({
    first: i * chunkSize,
    last: i === totalChunkCount - 1 ? videoSize - 1 : (i + 1) * chunkSize - 1,
  }));
  return { chunkSize, totalChunkCount, chunks };
};

// -------------------------------------------------------------------------------------- status

const DEFAULT_WAIT_SECONDS = 60;
/** The status call allows 30 requests a minute per token. */
const FIRST_PAUSE_MS = 2000;
const LONGEST_PAUSE_MS = 10_000;

/** How long to wait for TikTok to finish processing: `TIKTOK_PUBLISH_WAIT_SECONDS`, read at call time like the endpoints. */
const waitMs = () => {
  const configured = process.env.TIKTOK_PUBLISH_WAIT_SECONDS?.trim();
  const seconds = configured ? Number(configured) : NaN;
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_WAIT_SECONDS) * 1000;
};

/** Post ids are int64: read from the text, as a JSON number loses their last digits. */
const postIdOf = (answer: Answer): string | null =>
  /"publicaly_available_post_id"\s*:\s*\[\s*"?([\w-]+)/.exec(answer.text)?.[1] ??
  str(list(obj(answer.body.data).publicaly_available_post_id)[0]) ??
  null;

type Outcome =
  | { readonly state: "published"; readonly postId: string | null }
  | { readonly state: "pending"; readonly warning: string };

/**
 * Waits for the post to go out. After init TikTok publishes on its own, so nothing here may throw
 * a retryable error: a retry would post twice. Only TikTok's own FAILED ends in an error.
 */
const settle = async (base: string, token: string, publishId: string): Promise<Outcome> => {
  const deadline = Date.now() + waitMs();
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    let answer: Answer;
    try {
      answer = await call(`${base}/post/publish/status/fetch/`, token, { publish_id: publishId });
    } catch (error) {
      // The error's own message says "retrying", which is exactly what must not happen here.
      const status = error instanceof PlatformError && error.status !== undefined ? ` (HTTP ${error.status})` : "";
      return { state: "pending", warning: `TikTok took the post, but its status could not be checked${status}. Check the TikTok account.` };
    }
    const data = obj(answer.body.data);
    const status = str(data.status);
    if (status === "PUBLISH_COMPLETE") return { state: "published", postId: postIdOf(answer) };
    if (status === "FAILED") {
      const reason = str(data.fail_reason);
      throw rejected(tt, reason ? `${reason.replace(/_/g, " ")}.` : "its processing failed.", { code: reason ?? "FAILED" });
    }
    if (status === "SEND_TO_USER_INBOX") {
      return { state: "pending", warning: "TikTok sent the post to the account's TikTok inbox: it goes out once finished in the TikTok app." };
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      return { state: "pending", warning: "TikTok is still processing the post; it appears on the account once TikTok is done. Its id here is TikTok's publish id." };
    }
    await sleep(Math.min(pause, left));
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  }
};

// ------------------------------------------------------------------------------------- publish

type Content =
  | { readonly kind: "video"; readonly video: PublishMedia; readonly caption: string }
  | { readonly kind: "photo"; readonly urls: ReadonlyArray<string>; readonly title: string; readonly description: string };

/** At most `max` UTF-16 units, never half of an emoji's surrogate pair. */
const clip = (text: string, max: number): string => {
  let kept = "";
  for (const character of text) {
    if (kept.length + character.length > max) break;
    kept += character;
  }
  return kept;
};

/** What to post, checked before any call so that a refusal costs nothing of the account's quotas. */
const contentOf = (req: PublishRequest): Content => {
  if (req.media.length === 0) throw rejected(tt, "TikTok posts need a video or at least one photo.");
  const other = req.media.find((m) => !isImage(m) && !isVideo(m));
  if (other) throw rejected(tt, `${other.fileName} is neither a photo nor a video.`);
  const videos = req.media.filter(isVideo);
  const caption = withLink(req);
  if (videos.length > 0) {
    if (req.media.length > 1) throw rejected(tt, "a TikTok post is one video, or photos, not both.");
    const video = videos[0]!;
    if (video.bytes.byteLength === 0) throw rejected(tt, `${video.fileName} is empty.`);
    if (video.bytes.byteLength > MAX_VIDEO_BYTES) throw rejected(tt, `${video.fileName} is larger than the 4 GB TikTok takes.`);
    if (caption.length > TIKTOK_MAX_VIDEO_CAPTION) {
      throw rejected(tt, `the caption is ${caption.length} characters long; TikTok allows at most ${TIKTOK_MAX_VIDEO_CAPTION}.`);
    }
    return { kind: "video", video, caption };
  }
  if (req.media.length > TIKTOK_MAX_PHOTOS) throw rejected(tt, `a photo post holds at most ${TIKTOK_MAX_PHOTOS} photos.`);
  const urls = req.media.map((m) => {
    if (m.url && /^https?:\/\//.test(m.url)) return m.url;
    throw rejected(
      tt,
      `TikTok downloads photos from a public address, and ${m.fileName} has none. Set PUBLIC_URL so that uploads are reachable (its domain must be verified with TikTok).`,
    );
  });
  if (caption.length > TIKTOK_MAX_PHOTO_DESCRIPTION) {
    throw rejected(tt, `the description is ${caption.length} characters long; TikTok allows at most ${TIKTOK_MAX_PHOTO_DESCRIPTION} on photo posts.`);
  }
  const title = clip((option(req, "title") ?? caption.split("\n").find((l) => l.trim()) ?? "").trim(), TIKTOK_MAX_PHOTO_TITLE);
  return { kind: "photo", urls, title, description: caption };
};

/** The compose screen's choice when TikTok offers it to this account; without one, public when offered. */
const privacyLevelOf = (req: PublishRequest, offered: ReadonlyArray<string>): string => {
  const chosen = option(req, "privacyLevel", "privacy_level")?.toUpperCase();
  if (chosen) {
    if (offered.includes(chosen)) return chosen;
    throw rejected(tt, `this account cannot post as ${chosen}; TikTok allows ${offered.join(", ") || "no privacy level"} for it.`);
  }
  if (offered.includes("PUBLIC_TO_EVERYONE")) return "PUBLIC_TO_EVERYONE";
  if (offered[0]) return offered[0];
  throw fail(tt, "invalid_response", "TikTok offered no privacy level to post with.");
};

const urlOf = (content: Content, username: string | null, postId: string | null) =>
  username && postId ? `https://www.tiktok.com/@${encodeURIComponent(username)}/${content.kind}/${postId}` : null;

export const publishTikTok = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(tt, credentials);
  const content = contentOf(req);
  const base = endpoints(tiktok).api;
  const creator = obj((await call(`${base}/post/publish/creator_info/query/`, c.accessToken)).body.data);
  const offered = (Array.isArray(creator.privacy_level_options) ? creator.privacy_level_options : []).filter((o): o is string => typeof o === "string");
  const privacyLevel = privacyLevelOf(req, offered);
  // The creator's own settings win: TikTok's posting guidelines forbid turning back on what they turned off.
  const disableComment = flag(req, "disableComment") || creator.comment_disabled === true;

  let publishId: string | null;
  if (content.kind === "video") {
    const size = content.video.bytes.byteLength;
    const plan = tiktokUploadPlan(size);
    const init = await call(`${base}/post/publish/video/init/`, c.accessToken, {
      post_info: {
        title: content.caption,
        privacy_level: privacyLevel,
        disable_comment: disableComment,
        disable_duet: flag(req, "disableDuet") || creator.duet_disabled === true,
        disable_stitch: flag(req, "disableStitch") || creator.stitch_disabled === true,
      },
      source_info: { source: "FILE_UPLOAD", video_size: size, chunk_size: plan.chunkSize, total_chunk_count: plan.totalChunkCount },
    });
    const data = obj(init.body.data);
    publishId = str(data.publish_id);
    const uploadUrl = str(data.upload_url);
    if (!publishId || !uploadUrl) throw fail(tt, "invalid_response", "TikTok opened no upload for the video.");
    // TikTok publishes nothing before the last byte arrives, so a failed upload may be retried as a new post.
    for (const { first, last } of plan.chunks) {
      const chunk = content.video.bytes.subarray(first, last + 1);
      await request(
        tt,
        uploadUrl,
        {
          method: "PUT",
          bytes: { data: chunk, type: content.video.mimeType },
          headers: { "content-length": String(chunk.byteLength), "content-range": `bytes ${first}-${last}/${size}` },
        },
        tiktokClassify,
      );
    }
  } else {
    const init = await call(`${base}/post/publish/content/init/`, c.accessToken, {
      post_info: {
        title: content.title,
        description: content.description,
        privacy_level: privacyLevel,
        disable_comment: disableComment,
        auto_add_music: true,
      },
      source_info: { source: "PULL_FROM_URL", photo_cover_index: 0, photo_images: content.urls },
      post_mode: "DIRECT_POST",
      media_type: "PHOTO",
    });
    publishId = str(obj(init.body.data).publish_id);
    if (!publishId) throw fail(tt, "invalid_response", "TikTok took the photos but sent no publish id.");
  }

  const outcome = await settle(base, c.accessToken, publishId);
  const ignored = UNSUPPORTED_OPTIONS.filter(([name]) => option(req, name)).map(([, label]) => label);
  const warnings = [
    ...(outcome.state === "pending" ? [outcome.warning] : []),
    ...(ignored.length ? [`TikTok's API takes no ${ignored.join(", ")}: not applied.`] : []),
  ];
  const postId = outcome.state === "published" ? outcome.postId : null;
  return {
    platformPostId: postId ?? publishId,
    url: urlOf(content, str(creator.creator_username), postId),
    ...(warnings.length ? { warnings } : {}),
  };
};
