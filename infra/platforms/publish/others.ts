import { platformById } from "../../../domain/accounts/platforms";
import { formatPrice } from "../../../domain/publishing/business-post";
import { googleLocationName } from "../../../domain/reviews/rules";
import { callContext, fail, list, obj, str } from "../http";
import { PlatformError } from "../types";
import { blobOf, endpoints, flag, isImage, isVideo, linkedInRest, option, rateLimited, rejected, request, stringList, tokenOf, withLink } from "./http";
import type { Published, PublishRequest } from "./types";

// --------------------------------------------------------------------------------------------- X

const x = callContext("twitter");
/** The compose screen's "who can reply" → POST /2/tweets reply_settings (absent: everyone). */
const REPLY_SETTINGS: Record<string, string> = {
  followers: "following",
  following: "following",
  verified: "verified",
  mentioned: "mentionedUsers",
  mentionedUsers: "mentionedUsers",
  subscribers: "subscribers",
};

export const publishTwitter = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(x, credentials);
  const base = endpoints("twitter").api;
  const { maxImages } = platformById("twitter").posting;
  if (req.media.length > maxImages) throw rejected(x, `a post holds at most ${maxImages} images.`);
  // X answers a duplicate post with 403 "duplicate content": the content is refused, the token is fine.
  const classify = (status: number, body: Record<string, unknown>) =>
    status === 403 && /duplicate/i.test(JSON.stringify(body))
      ? rejected(x, "this exact text was already posted on this account.", { status, code: "duplicate" })
      : undefined;
  const mediaIds: string[] = [];
  for (const media of req.media) {
    const form = new FormData();
    form.set("media", blobOf(media), media.fileName);
    form.set("media_category", isVideo(media) ? "tweet_video" : media.mimeType === "image/gif" ? "tweet_gif" : "tweet_image");
    form.set("media_type", media.mimeType);
    const answer = await request(x, `${base}/media/upload`, { bearer: c.accessToken, multipart: form }, classify);
    const id = str(obj(answer.body.data).id) ?? str(answer.body.media_id_string);
    if (!id) throw fail(x, "invalid_response", "X sent no media id.");
    if (media.alt) {
      await request(x, `${base}/media/metadata`, { bearer: c.accessToken, json: { id, metadata: { alt_text: { text: media.alt.slice(0, 1000) } } } }, classify);
    }
    mediaIds.push(id);
  }
  const replies = REPLY_SETTINGS[option(req, "replyAudience", "whoCanReply") ?? ""];
  const tweet = async (text: string, extra: Record<string, unknown>) => {
    const answer = await request(
      x,
      `${base}/tweets`,
      { bearer: c.accessToken, json: { text, ...extra, ...(replies ? { reply_settings: replies } : {}) } },
      classify,
    );
    const id = str(obj(answer.body.data).id);
    if (!id) throw fail(x, "invalid_response", "X published the post but sent no id for it.");
    return id;
  };
  const id = await tweet(withLink(req), mediaIds.length ? { media: { media_ids: mediaIds } } : {});
  const published = { platformPostId: id, url: `https://x.com/i/web/status/${id}` };

  // The thread: each further post answers the one before it.
  const thread = Array.isArray(req.options.thread) ? req.options.thread.filter((p): p is string => typeof p === "string" && p.trim() !== "") : [];
  let previous = id;
  for (const [i, part] of thread.entries()) {
    try {
      previous = await tweet(part.trim(), { reply: { in_reply_to_tweet_id: previous } });
    } catch (error) {
      // The first post is out: a thread cut short must not make the scheduler publish it again.
      // Nothing tries the rest again, whatever a rate limit's message promises.
      const reason =
        error instanceof PlatformError ? (error.kind === "rate_limited" ? rateLimited(x, undefined).message : error.message) : "X could not be reached.";
      return { ...published, warnings: [`The thread stopped after ${i + 1} of ${thread.length + 1} posts: ${reason}`] };
    }
  }
  return published;
};

// -------------------------------------------------------------------------------------- LinkedIn

const li = callContext("linkedin");
/** LinkedIn's "little text" format reserves these characters: escaped, they show as typed. */
export const escapeLinkedIn = (text: string) => text.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`);

export const publishLinkedIn = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(li, credentials);
  const { api, rest, headers } = linkedInRest();
  let author = str(c.metadata?.urn) ?? (c.externalId ? `urn:li:person:${c.externalId}` : null);
  if (!author) {
    const sub = str((await request(li, `${api}/userinfo`, { bearer: c.accessToken })).body.sub);
    if (!sub) throw fail(li, "invalid_response", "LinkedIn sent no member id.");
    author = `urn:li:person:${sub}`;
  }
  if (req.media.some((m) => !isImage(m))) throw rejected(li, "SocialDesk posts images to LinkedIn, not videos or documents.");
  if (req.media.length > 20) throw rejected(li, "a post holds at most 20 images.");
  const images: Array<{ id: string; altText?: string }> = [];
  for (const media of req.media) {
    const init = await request(li, `${rest}/images?action=initializeUpload`, {
      bearer: c.accessToken,
      headers,
      json: { initializeUploadRequest: { owner: author } },
    });
    const value = obj(init.body.value);
    const uploadUrl = str(value.uploadUrl);
    const image = str(value.image);
    if (!uploadUrl || !image) throw fail(li, "invalid_response", "LinkedIn sent no image upload address.");
    await request(li, uploadUrl, { method: "PUT", bearer: c.accessToken, bytes: { data: media.bytes, type: media.mimeType } });
    images.push({ id: image, ...(media.alt ? { altText: media.alt.slice(0, 4086) } : {}) });
  }
  const post: Record<string, unknown> = {
    author,
    commentary: escapeLinkedIn(images.length > 0 ? withLink(req) : req.text),
    visibility: "PUBLIC",
    distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: false,
  };
  if (images.length === 1) post.content = { media: images[0] };
  else if (images.length > 1) post.content = { multiImage: { images } };
  else if (req.link) post.content = { article: { source: req.link, title: option(req, "title") ?? req.link } };
  const answer = await request(li, `${rest}/posts`, { bearer: c.accessToken, headers, json: post });
  const urn = answer.headers.get("x-restli-id") ?? answer.headers.get("x-linkedin-id") ?? str(answer.body.id);
  if (!urn) throw fail(li, "invalid_response", "LinkedIn published the post but sent no id for it.");
  return { platformPostId: urn, url: `https://www.linkedin.com/feed/update/${urn}/` };
};

// ---------------------------------------------------------------------------- Google Business

const gb = callContext("google_business");
export const GOOGLE_BUSINESS_MAX_CHARACTERS = 1500;

/** A Google `Date` of a YYYY-MM-DD day. */
const googleDate = (day: string) => {
  const [year, month, date] = day.slice(0, 10).split("-").map(Number);
  return { year, month, day: date };
};
const DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * The spec's business post types as Google's localPosts take them: standard and announcement are
 * updates (Google keeps ALERT for COVID-19 notices); an offer is OFFER (a title, from today until
 * its date, a coupon code); an event is EVENT (a title and a day, with its time when given; Google
 * has no place field, so the place goes into the text); a product is an update opening with its
 * name and price, with a Shop button to its address.
 */
const localPostOf = (req: PublishRequest, today: string): Record<string, unknown> => {
  const business = req.business ?? { postType: "standard" as const, data: {}, locationIds: [] };
  const field = (name: string) => {
    const value: unknown = business.data[name];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
  };
  // A price is a number (a post saved before prices were checked may hold the text typed).
  const price = typeof business.data.productPrice === "number" ? formatPrice(business.data.productPrice, field("productCurrency") ?? undefined) : field("productPrice");
  let summary = req.text;
  const post: Record<string, unknown> = { languageCode: option(req, "language") ?? "en", topicType: "STANDARD" };
  if (business.postType === "offer") {
    const title = field("offerTitle");
    const until = field("validUntil");
    if (!title) throw rejected(gb, "an offer needs a title.");
    if (until && !DAY.test(until)) throw rejected(gb, "the offer's end date must be a day (YYYY-MM-DD).");
    if (until && until.slice(0, 10) < today) throw rejected(gb, "the offer's end date has passed.");
    post.topicType = "OFFER";
    post.event = { title, schedule: { startDate: googleDate(today), endDate: googleDate(until ?? today) } };
    // LocalPostOffer: couponCode, redeemOnlineUrl, termsConditions (a call to action is ignored on offers).
    post.offer = {
      ...(field("couponCode") ? { couponCode: field("couponCode") } : {}),
      ...(req.link ? { redeemOnlineUrl: req.link } : {}),
      ...(field("termsConditions") ? { termsConditions: field("termsConditions") } : {}),
    };
    if (field("offerDescription")) summary = [summary, field("offerDescription")].filter(Boolean).join("\n\n");
  } else if (business.postType === "event") {
    const title = field("eventTitle");
    const when = field("eventDate");
    if (!title || !when || !DAY.test(when)) throw rejected(gb, "an event needs a title and a date.");
    const time = /T(\d{2}):(\d{2})/.exec(when);
    post.topicType = "EVENT";
    post.event = {
      title,
      schedule: {
        startDate: googleDate(when),
        endDate: googleDate(when),
        ...(time ? { startTime: { hours: Number(time[1]), minutes: Number(time[2]) }, endTime: { hours: 23, minutes: 59 } } : {}),
      },
    };
    if (field("eventLocation")) summary = [summary, `Where: ${field("eventLocation")}`].filter(Boolean).join("\n\n");
  } else if (business.postType === "product") {
    const name = field("productName");
    if (name) summary = [[name, price].filter(Boolean).join(" — "), summary].filter(Boolean).join("\n\n");
    const url = field("productUrl");
    if (url) post.callToAction = { actionType: "SHOP", url };
  }
  if (!post.callToAction && req.link && business.postType !== "offer")
    post.callToAction = { actionType: option(req, "callToAction") ?? "LEARN_MORE", url: req.link };
  if (summary.length > GOOGLE_BUSINESS_MAX_CHARACTERS) {
    throw rejected(gb, `the post is ${summary.length} characters long; Business Profile allows at most ${GOOGLE_BUSINESS_MAX_CHARACTERS}.`);
  }
  return { ...post, summary };
};

export const publishGoogleBusiness = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(gb, credentials);
  const { api, extra } = endpoints("google_business", { POSTS_API_BASE: "https://mybusiness.googleapis.com/v4" });
  let account = c.externalId ?? null;
  if (!account) {
    account = str(list((await request(gb, `${api}/accounts`, { bearer: c.accessToken })).body.accounts)[0]?.name);
    if (!account) throw fail(gb, "not_eligible", "This Google account manages no Business Profile.");
  }
  let locations = (req.business?.locationIds ?? []).filter((l) => l.trim() !== "");
  if (locations.length === 0) {
    let location = option(req, "locationId") ?? str(list(c.metadata?.locations)[0]?.id);
    if (!location) {
      const url = `${extra.INFO_API_BASE}/${account}/locations?readMask=name&pageSize=1`;
      location = str(list((await request(gb, url, { bearer: c.accessToken })).body.locations)[0]?.name);
      if (!location) throw fail(gb, "not_eligible", "This Business Profile has no location to post to.");
    }
    locations = [location];
  }
  const body = localPostOf(req, new Date().toISOString().slice(0, 10));
  const media = req.media.map((m) => {
    if (!isImage(m) && !isVideo(m)) throw rejected(gb, `${m.fileName} is neither a photo nor a video.`);
    if (!m.url)
      throw rejected(gb, `Business Profile downloads photos from a public address, and ${m.fileName} has none. Set PUBLIC_URL so that uploads are reachable.`);
    return { mediaFormat: isVideo(m) ? "VIDEO" : "PHOTO", sourceUrl: m.url };
  });
  if (media.length) body.media = media;
  // One local post per location: the first is the post's id; a later location that fails is a warning, not a retry (the first is out).
  let first: Published | null = null;
  const warnings: string[] = [];
  const titles = new Map(list(c.metadata?.locations).map((l) => [str(l.id), str(l.title)]));
  for (const raw of locations) {
    const location = googleLocationName(raw);
    try {
      const answer = await request(gb, `${extra.POSTS_API_BASE}/${account}/${location}/localPosts`, { bearer: c.accessToken, json: body });
      const name = str(answer.body.name);
      if (!name) throw fail(gb, "invalid_response", "Business Profile published the post but sent no id for it.");
      first ??= { platformPostId: name, url: str(answer.body.searchUrl) };
    } catch (error) {
      if (!first) throw error;
      const title = titles.get(location);
      warnings.push(
        `Not posted to ${title ? `${title} (${location})` : location}: ${error instanceof PlatformError ? error.message : `${gb.name} could not be reached.`}`,
      );
    }
  }
  return { ...first!, ...(warnings.length ? { warnings } : {}) };
};

// -------------------------------------------------------------------------------------- Pinterest

const pin = callContext("pinterest");

export const publishPinterest = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(pin, credentials);
  const base = endpoints("pinterest").api;
  const board = option(req, "board", "boardId");
  if (!board) throw rejected(pin, "choose the board to pin to.");
  const images = req.media.filter(isImage);
  if (images.length === 0) throw rejected(pin, "a Pin needs an image.");
  if (images.length !== req.media.length) throw rejected(pin, "SocialDesk pins images only.");
  const link = option(req, "link", "destinationLink") ?? req.link ?? null;
  const encode = (m: (typeof images)[number]) => ({ content_type: m.mimeType, data: Buffer.from(m.bytes).toString("base64") });
  const body: Record<string, unknown> = {
    board_id: board,
    description: req.text.slice(0, 800),
    ...(option(req, "title") ? { title: option(req, "title")!.slice(0, 100) } : {}),
    ...(link ? { link } : {}),
    ...(images[0]!.alt ? { alt_text: images[0]!.alt.slice(0, 500) } : {}),
    media_source:
      images.length === 1
        ? { source_type: "image_base64", ...encode(images[0]!) }
        : { source_type: "multiple_image_base64", items: images.slice(0, 5).map(encode) },
  };
  const answer = await request(pin, `${base}/pins`, { bearer: c.accessToken, json: body });
  const id = str(answer.body.id);
  if (!id) throw fail(pin, "invalid_response", "Pinterest created the Pin but sent no id for it.");
  return { platformPostId: id, url: `https://www.pinterest.com/pin/${id}/` };
};

// ----------------------------------------------------------------------------------------- Reddit

const rd = callContext("reddit");

export const publishReddit = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(rd, credentials);
  const base = endpoints("reddit").api;
  const subreddit = option(req, "subreddit")?.replace(/^\/?r\//i, "");
  if (!subreddit) throw rejected(rd, "choose the subreddit to post to.");
  if (req.media.length > 0) throw rejected(rd, "SocialDesk posts text and links to Reddit; image posts are not supported yet.");
  const firstLine = req.text.split("\n").find((l) => l.trim()) ?? req.link ?? "";
  const title = (option(req, "title") ?? firstLine).trim().slice(0, 300);
  if (!title) throw rejected(rd, "a Reddit post needs a title.");
  const form: Record<string, string> = { api_type: "json", sr: subreddit, title, resubmit: "true", sendreplies: "true" };
  if (req.link) Object.assign(form, { kind: "link", url: req.link });
  else Object.assign(form, { kind: "self", text: req.text });
  if (flag(req, "nsfw")) form.nsfw = "true";
  if (flag(req, "spoiler")) form.spoiler = "true";
  const flair = option(req, "flairId", "flair");
  if (flair) {
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(flair)) form.flair_id = flair;
    else form.flair_text = flair.slice(0, 64);
  }
  // Reddit answers refusals with 200 and json.errors: [[code, message, field]].
  const classify = (status: number, body: Record<string, unknown>) => {
    const errors = obj(body.json).errors;
    if (status !== 200 || !Array.isArray(errors) || errors.length === 0) return undefined;
    const [code, message] = errors[0] as [string, string];
    if (code === "RATELIMIT") {
      const minutes = /(\d+)\s*minute/.exec(String(message));
      const seconds = /(\d+)\s*second/.exec(String(message));
      return rateLimited(rd, minutes ? Number(minutes[1]) * 60 : seconds ? Number(seconds[1]) : undefined, { status, code });
    }
    return rejected(rd, `${message} (${code})`, { status, code: String(code) });
  };
  const answer = await request(rd, `${base}/api/submit`, { bearer: c.accessToken, form }, classify);
  const data = obj(obj(answer.body.json).data);
  const id = str(data.name) ?? str(data.id);
  if (!id) throw fail(rd, "invalid_response", "Reddit accepted the post but sent no id for it.");
  return { platformPostId: id, url: str(data.url) };
};

// ---------------------------------------------------------------------------------------- YouTube

const yt = callContext("youtube");
const PRIVACY = new Set(["public", "unlisted", "private"]);

export const publishYouTube = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(yt, credentials);
  const video = req.media.find(isVideo);
  if (!video) throw rejected(yt, "YouTube publishes videos only: add a video to post this to YouTube.");
  if (req.media.length > 1) throw rejected(yt, "a YouTube upload is one video.");
  const { extra } = endpoints("youtube", { UPLOAD_API_BASE: "https://www.googleapis.com/upload/youtube/v3" });
  const visibility = option(req, "visibility")?.toLowerCase() ?? "public";
  const title = (option(req, "title") ?? req.text.split("\n").find((l) => l.trim()) ?? video.fileName).replace(/[<>]/g, "").slice(0, 100);
  const metadata = {
    snippet: {
      title,
      description: withLink(req).replace(/[<>]/g, "").slice(0, 5000),
      tags: stringList(req.options.tags),
      categoryId: option(req, "categoryId", "category") ?? "22",
    },
    status: { privacyStatus: PRIVACY.has(visibility) ? visibility : "public", selfDeclaredMadeForKids: false },
  };
  // Resumable upload: the session (with the metadata), then the bytes in one PUT.
  const session = await request(yt, `${extra.UPLOAD_API_BASE}/videos?uploadType=resumable&part=snippet,status`, {
    bearer: c.accessToken,
    json: metadata,
    headers: { "x-upload-content-type": video.mimeType, "x-upload-content-length": String(video.bytes.byteLength) },
  });
  const location = session.headers.get("location");
  if (!location) throw fail(yt, "invalid_response", "YouTube opened no upload session.");
  const answer = await request(yt, location, { method: "PUT", bearer: c.accessToken, bytes: { data: video.bytes, type: video.mimeType } });
  const id = str(answer.body.id);
  if (!id) throw fail(yt, "invalid_response", "YouTube took the video but sent no id for it.");
  return { platformPostId: id, url: `https://www.youtube.com/watch?v=${id}` };
};
