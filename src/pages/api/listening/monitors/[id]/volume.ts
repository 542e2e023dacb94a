import type { APIRoute } from "astro";
import { Listening } from "../../../../../../infra/listening/Listening";
import { READ_INBOX } from "../../../../../features/inbox/inbox-schemas";
import { volumeSchema } from "../../../../../features/listening/listening-schemas";
import { guard } from "../../../../../lib/auth-guard";
import { isUuid, json, notFound, parseQuery, respond } from "../../../../../lib/http";

/** GET /api/listening/monitors/{id}/volume[?days=14]: posts found per day (UTC), by sentiment, oldest day first. */
export const GET: APIRoute = ({ params, request, url, locals }) => {
  const signedIn = guard(locals, request, READ_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const query = parseQuery(url, volumeSchema);
  if (!query.ok) return query.response;
  return respond(
    Listening.use((listening) => listening.volume(signedIn.user.workspaceId, params.id!, query.data.days, new Date())),
    (days) => json(days),
  );
};
