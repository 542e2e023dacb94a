import { endpoints, flag, option, rateLimited, rejected, request, tokenOf } from "../call";
import { callContext, fail, obj, str } from "../http";
import type { Published, PublishRequest } from "../provider";
import { reddit } from "./oauth";

const rd = callContext("reddit");

export const publishReddit = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(rd, credentials);
  const base = endpoints(reddit).api;
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
