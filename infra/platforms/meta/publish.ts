import { platformById } from "../../../domain/accounts/platforms";
import { callContext, fail, str } from "../http";
import type { PlatformError } from "../types";
import { blobOf, type Classify, endpoints, isImage, isVideo, option, rejected, request, sleep, tokenOf, withLink } from "../call";
import type { Published, PublishMedia, PublishRequest } from "../provider";
import { facebookPage, META_GRAPH_VERSION, metaClassify, THREADS_API_VERSION } from "./graph";
import { facebook, instagram, threads } from "./oauth";

/** Meta: Facebook Pages (Graph API), Instagram (Instagram API with Instagram Login) and Threads. */

const firstComment = async (
  ctx: ReturnType<typeof callContext>,
  url: string,
  token: string,
  message: string | null,
  classify: Classify,
): Promise<string[]> => {
  if (!message) return [];
  try {
    await request(ctx, url, { bearer: token, form: { message } }, classify);
    return [];
  } catch (error) {
    // The post is out: a refused comment must not make the scheduler publish it again.
    return [`The first comment was not posted: ${(error as PlatformError).message}`];
  }
};

// ---------------------------------------------------------------------------------------- Facebook

const fb = callContext("facebook");
const fbClassify = metaClassify(fb);

const fbPostUrl = (postId: string) => {
  const [page, post] = postId.split("_");
  return post ? `https://www.facebook.com/${page}/posts/${post}` : `https://www.facebook.com/${postId}`;
};

export const publishFacebook = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const base = endpoints(facebook).api;
  const { pageId, token } = await facebookPage(credentials, base);
  const page = `${base}/${encodeURIComponent(pageId)}`;
  const images = req.media.filter(isImage);
  const videos = req.media.filter(isVideo);
  if (images.length + videos.length !== req.media.length) throw rejected(fb, "only images and videos can be posted.");
  if (videos.length > 0 && (videos.length > 1 || images.length > 0)) throw rejected(fb, "a Page post takes one video, or images, not both.");
  if (!req.text.trim() && req.media.length === 0 && !req.link) throw rejected(fb, "the post is empty.");
  let postId: string;
  if (videos.length === 1) {
    const form = new FormData();
    form.set("source", blobOf(videos[0]!), videos[0]!.fileName);
    form.set("description", withLink(req));
    const answer = await request(fb, `${page}/videos`, { bearer: token, multipart: form }, fbClassify);
    postId = str(answer.body.post_id) ?? str(answer.body.id) ?? "";
  } else if (images.length === 1) {
    const form = new FormData();
    form.set("source", blobOf(images[0]!), images[0]!.fileName);
    form.set("message", withLink(req));
    form.set("published", "true");
    if (images[0]!.alt) form.set("alt_text_custom", images[0]!.alt);
    const answer = await request(fb, `${page}/photos`, { bearer: token, multipart: form }, fbClassify);
    postId = str(answer.body.post_id) ?? str(answer.body.id) ?? "";
  } else {
    const form: Record<string, string> = { message: images.length > 0 ? withLink(req) : req.text };
    if (req.link && images.length === 0) form.link = req.link;
    // Several photos: each uploaded unpublished, then attached to one feed post.
    for (const [i, image] of images.entries()) {
      const upload = new FormData();
      upload.set("source", blobOf(image), image.fileName);
      upload.set("published", "false");
      if (image.alt) upload.set("alt_text_custom", image.alt);
      const answer = await request(fb, `${page}/photos`, { bearer: token, multipart: upload }, fbClassify);
      form[`attached_media[${i}]`] = JSON.stringify({ media_fbid: str(answer.body.id) });
    }
    const answer = await request(fb, `${page}/feed`, { bearer: token, form }, fbClassify);
    postId = str(answer.body.id) ?? "";
  }
  if (!postId) throw fail(fb, "invalid_response", "Facebook published the post but sent no id for it.");
  const warnings = await firstComment(fb, `${base}/${encodeURIComponent(postId)}/comments`, token, option(req, "firstComment"), fbClassify);
  return { platformPostId: postId, url: fbPostUrl(postId), ...(warnings.length ? { warnings } : {}) };
};

// ----------------------------------------------------------------------------- Instagram / Threads

const mediaUrl = (ctx: ReturnType<typeof callContext>, media: PublishMedia): string => {
  if (media.url && /^https?:\/\//.test(media.url)) return media.url;
  throw rejected(ctx, `${ctx.name} downloads media from a public address, and ${media.fileName} has none. Set PUBLIC_URL so that uploads are reachable.`);
};

/** Waits for a media container to be ready (videos are processed first). */
const waitReady = async (ctx: ReturnType<typeof callContext>, url: string, token: string, classify: Classify, field: "status_code" | "status") => {
  for (let attempt = 0; attempt < 60; attempt++) {
    const status = str((await request(ctx, `${url}?fields=${field}`, { bearer: token }, classify)).body[field]);
    if (!status || status === "FINISHED" || status === "PUBLISHED") return;
    if (status === "ERROR" || status === "EXPIRED") throw rejected(ctx, `${ctx.name} could not process the media (${status}).`);
    await sleep(Math.min(1000 * (attempt + 1), 5000));
  }
  throw fail(ctx, "unavailable", `${ctx.name} is still processing the media.`);
};

const ig = callContext("instagram");
const igClassify = metaClassify(ig);

export const publishInstagram = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(ig, credentials);
  const base = `${endpoints(instagram).api}/${META_GRAPH_VERSION}`;
  if (req.media.length === 0) throw rejected(ig, "an Instagram post needs an image or a video.");
  const { maxItems } = platformById("instagram").posting;
  if (req.media.length > maxItems) throw rejected(ig, `a carousel holds at most ${maxItems} images or videos.`);
  const userId = c.externalId ?? str((await request(ig, `${base}/me?fields=user_id`, { bearer: c.accessToken }, igClassify)).body.user_id);
  if (!userId) throw fail(ig, "invalid_response", "Instagram sent no account id.");
  const user = `${base}/${encodeURIComponent(userId)}`;
  const caption = withLink(req);
  const container = async (media: PublishMedia, fields: Record<string, string>) => {
    const form: Record<string, string> = { ...fields };
    if (isVideo(media)) {
      form.media_type = fields.is_carousel_item ? "VIDEO" : "REELS";
      form.video_url = mediaUrl(ig, media);
    } else if (isImage(media)) {
      form.image_url = mediaUrl(ig, media);
      if (media.alt) form.alt_text = media.alt;
    } else throw rejected(ig, `${media.fileName} is neither an image nor a video.`);
    const id = str((await request(ig, `${user}/media`, { bearer: c.accessToken, form }, igClassify)).body.id);
    if (!id) throw fail(ig, "invalid_response", "Instagram sent no media container id.");
    if (isVideo(media)) await waitReady(ig, `${base}/${id}`, c.accessToken, igClassify, "status_code");
    return id;
  };
  let creationId: string;
  if (req.media.length === 1) creationId = await container(req.media[0]!, { caption });
  else {
    const children = [];
    for (const media of req.media) children.push(await container(media, { is_carousel_item: "true" }));
    creationId = str((await request(ig, `${user}/media`, { bearer: c.accessToken, form: { media_type: "CAROUSEL", children: children.join(","), caption } }, igClassify)).body.id) ?? "";
  }
  const published = await request(ig, `${user}/media_publish`, { bearer: c.accessToken, form: { creation_id: creationId } }, igClassify);
  const mediaId = str(published.body.id);
  if (!mediaId) throw fail(ig, "invalid_response", "Instagram published the post but sent no id for it.");
  const permalink = await request(ig, `${base}/${mediaId}?fields=permalink`, { bearer: c.accessToken }, igClassify).then(
    (a) => str(a.body.permalink),
    () => null,
  );
  const warnings = await firstComment(ig, `${base}/${mediaId}/comments`, c.accessToken, option(req, "firstComment"), igClassify);
  return { platformPostId: mediaId, url: permalink, ...(warnings.length ? { warnings } : {}) };
};

const th = callContext("threads");
const thClassify = metaClassify(th);
export const THREADS_MAX_CHARACTERS = 500;
const REPLY_CONTROL: Record<string, string> = {
  everyone: "everyone",
  followers: "accounts_you_follow",
  accounts_you_follow: "accounts_you_follow",
  following: "accounts_you_follow",
  mentioned: "mentioned_only",
  mentioned_only: "mentioned_only",
};

export const publishThreads = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(th, credentials);
  const base = `${endpoints(threads).api}/${THREADS_API_VERSION}`;
  const text = withLink(req);
  const length = [...new Intl.Segmenter().segment(text)].length;
  if (length > THREADS_MAX_CHARACTERS) throw rejected(th, `the post is ${length} characters long; Threads allows at most ${THREADS_MAX_CHARACTERS}.`);
  if (req.media.length > platformById("threads").posting.maxItems) throw rejected(th, `a carousel holds at most ${platformById("threads").posting.maxItems} images or videos.`);
  const user = `${base}/${encodeURIComponent(c.externalId ?? "me")}`;
  const audience = REPLY_CONTROL[option(req, "replyAudience", "replyControl") ?? ""];
  const container = async (fields: Record<string, string>, media?: PublishMedia) => {
    const form = { ...fields };
    if (media) {
      if (isVideo(media)) Object.assign(form, { media_type: "VIDEO", video_url: mediaUrl(th, media) });
      else if (isImage(media)) Object.assign(form, { media_type: "IMAGE", image_url: mediaUrl(th, media) }, media.alt ? { alt_text: media.alt } : {});
      else throw rejected(th, `${media.fileName} is neither an image nor a video.`);
    }
    const id = str((await request(th, `${user}/threads`, { bearer: c.accessToken, form }, thClassify)).body.id);
    if (!id) throw fail(th, "invalid_response", "Threads sent no media container id.");
    if (media && isVideo(media)) await waitReady(th, `${base}/${id}`, c.accessToken, thClassify, "status");
    return id;
  };
  const top: Record<string, string> = { text, ...(audience ? { reply_control: audience } : {}) };
  let creationId: string;
  if (req.media.length === 0) creationId = await container({ ...top, media_type: "TEXT" });
  else if (req.media.length === 1) creationId = await container(top, req.media[0]);
  else {
    const children = [];
    for (const media of req.media) children.push(await container({ is_carousel_item: "true" }, media));
    creationId = await container({ ...top, media_type: "CAROUSEL", children: children.join(",") });
  }
  const published = await request(th, `${user}/threads_publish`, { bearer: c.accessToken, form: { creation_id: creationId } }, thClassify);
  const id = str(published.body.id);
  if (!id) throw fail(th, "invalid_response", "Threads published the post but sent no id for it.");
  const permalink = await request(th, `${base}/${id}?fields=permalink`, { bearer: c.accessToken }, thClassify).then(
    (a) => str(a.body.permalink),
    () => null,
  );
  return { platformPostId: id, url: permalink };
};
