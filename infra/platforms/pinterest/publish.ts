import { endpoints, isImage, option, rejected, request, tokenOf } from "../call";
import { callContext, fail, str } from "../http";
import type { Published, PublishRequest } from "../provider";
import { pinterest } from "./oauth";

const pin = callContext("pinterest");

export const publishPinterest = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(pin, credentials);
  const base = endpoints(pinterest).api;
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
