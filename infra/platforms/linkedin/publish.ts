import { isImage, option, rejected, request, tokenOf, withLink } from "../call";
import { callContext, fail, obj, str } from "../http";
import type { Published, PublishRequest } from "../provider";
import { linkedInRest } from "./rest";

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
