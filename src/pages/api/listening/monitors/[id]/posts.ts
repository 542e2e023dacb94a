import type { APIRoute } from "astro";
import { Listening } from "../../../../../../infra/listening/Listening";
import { READ_INBOX } from "../../../../../features/inbox/inbox-schemas";
import { listeningPostsSchema } from "../../../../../features/listening/listening-schemas";
import { guard } from "../../../../../lib/auth-guard";
import { isUuid, json, notFound, parseQuery, respond } from "../../../../../lib/http";

/** GET /api/listening/monitors/{id}/posts[?sentiment=][&before=<cursor>]: what the monitor found, newest first, 50 at a time (next page in `x-next-cursor`). */
export const GET: APIRoute = ({ params, request, url, locals }) => {
  const signedIn = guard(locals, request, READ_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const filter = parseQuery(url, listeningPostsSchema);
  if (!filter.ok) return filter.response;
  return respond(
    Listening.use((listening) => listening.posts(signedIn.user.workspaceId, params.id!, filter.data)),
    (page) => json(page.posts, { headers: page.next ? { "x-next-cursor": page.next } : {} }),
  );
};
