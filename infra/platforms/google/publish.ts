import { formatPrice } from "../../../domain/publishing/business-post";
import { googleLocationName } from "../../../domain/reviews/rules";
import { endpoints, isImage, isVideo, option, rejected, request, stringList, tokenOf, withLink } from "../call";
import { callContext, fail, list, str } from "../http";
import type { Published, PublishRequest } from "../provider";
import { PlatformError } from "../types";
import { googleBusiness, youtube } from "./oauth";

/** Google's two publishing platforms: Business Profile local posts and YouTube uploads. */

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
  const { api, extra } = endpoints(googleBusiness, { POSTS_API_BASE: "https://mybusiness.googleapis.com/v4" });
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

const yt = callContext("youtube");
const PRIVACY = new Set(["public", "unlisted", "private"]);

export const publishYouTube = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(yt, credentials);
  const video = req.media.find(isVideo);
  if (!video) throw rejected(yt, "YouTube publishes videos only: add a video to post this to YouTube.");
  if (req.media.length > 1) throw rejected(yt, "a YouTube upload is one video.");
  const { extra } = endpoints(youtube, { UPLOAD_API_BASE: "https://www.googleapis.com/upload/youtube/v3" });
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
