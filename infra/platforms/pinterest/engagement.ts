import { endpoints, request, tokenOf } from "../call";
import { callContext, count, obj } from "../http";
import type { EngagementReader } from "../provider";
import { perPost } from "../reads";
import { pinterest } from "./oauth";

const pin = callContext("pinterest");

/**
 * GET /v5/pins/{id}?pin_metrics=true: its lifetime metrics carry the reactions and comments (Pins
 * since March 2023). Saves are not among them (only in the date-bounded /pins/{id}/analytics), so
 * shares stay 0.
 */
export const readPinterest: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(pin, credentials);
  const base = endpoints(pinterest).api;
  return perPost(ids, async (id) => {
    const { body } = await request(pin, `${base}/pins/${encodeURIComponent(id)}?pin_metrics=true`, { bearer: c.accessToken });
    const lifetime = obj(obj(body.pin_metrics).lifetime_metrics);
    return { likes: count(lifetime.reaction), shares: 0, comments: count(lifetime.comment) };
  });
};
