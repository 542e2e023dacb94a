import { blobOf, option, sleep } from "../call";
import { fail, str } from "../http";
import type { Published, Publisher, PublishMedia } from "../provider";
import { MASTODON_VISIBILITIES } from "../../../domain/publishing/validation";
import { accessOf, type MastodonAccess, mastodonCall, mastodonCtx } from "./api";


/** How long a file's processing is waited for (polls of GET /api/v1/media/{id}, 0.2 s apart at first, then up to 2 s). */
const MEDIA_WAIT_MS = 60_000;

/**
 * One attachment: `POST /api/v2/media` (multipart, with its description), then, while the server
 * answers 202 (processing) and `GET /api/v1/media/{id}` answers 206, a poll after a growing pause.
 */
const upload = async (access: MastodonAccess, media: PublishMedia): Promise<string> => {
  const form = new FormData();
  form.set("file", blobOf(media), media.fileName);
  if (media.alt?.trim()) form.set("description", media.alt.trim());
  const answer = await mastodonCall(access, "/api/v2/media", { method: "POST", multipart: form });
  const id = str(answer.body.id);
  if (!id) throw fail(mastodonCtx, "invalid_response", "Mastodon sent no id for the uploaded file.");
  if (answer.status === 200 && answer.body.url) return id;
  const deadline = Date.now() + MEDIA_WAIT_MS;
  for (let poll = 0; Date.now() < deadline; poll++) {
    const status = await mastodonCall(access, `/api/v1/media/${encodeURIComponent(id)}`);
    if (status.status === 200 && status.body.url) return id;
    await sleep(Math.min(2000, 200 * 2 ** poll));
  }
  throw fail(mastodonCtx, "unavailable", `${new URL(access.origin).host} is still processing ${media.fileName}; the post will be tried again.`);
};

/**
 * `POST /api/v1/statuses` with our key as `Idempotency-Key`: Mastodon answers a repeat of the key
 * (within an hour) with the status it already made, so a retry never posts twice. Options: `visibility`
 * (public, unlisted, private), `contentWarning` (spoiler_text) and `language`.
 */
export const publishMastodon: Publisher = async (credentials, request): Promise<Published> => {
  const access = accessOf(credentials);
  const visibility = option(request, "visibility");
  if (visibility && !(MASTODON_VISIBILITIES as ReadonlyArray<string>).includes(visibility)) {
    throw fail(mastodonCtx, "rejected", `Mastodon's visibility is public, unlisted or private, not "${visibility}".`);
  }
  const mediaIds: string[] = [];
  for (const media of request.media) mediaIds.push(await upload(access, media));
  const link = request.link?.trim();
  const status = link && !request.text.includes(link) ? `${request.text.trimEnd()}\n\n${link}`.trim() : request.text;
  const spoiler = option(request, "contentWarning", "spoilerText");
  const language = option(request, "language");
  const answer = await mastodonCall(access, "/api/v1/statuses", {
    method: "POST",
    headers: { "Idempotency-Key": request.idempotencyKey },
    json: {
      status,
      ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}),
      ...(spoiler ? { spoiler_text: spoiler, sensitive: true } : {}),
      ...(visibility ? { visibility } : {}),
      ...(language ? { language } : {}),
    },
  });
  const id = str(answer.body.id);
  if (!id) throw fail(mastodonCtx, "invalid_response", "Mastodon sent no id for the post.");
  return { platformPostId: id, url: str(answer.body.url) ?? str(answer.body.uri) };
};
