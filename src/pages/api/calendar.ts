import type { APIRoute } from "astro";
import { Posts } from "../../../infra/publishing/Posts";
import { calendarQuerySchema } from "../../features/calendar/calendar-schemas";
import { requireUser } from "../../lib/auth-guard";
import { json, parseQuery, respond } from "../../lib/http";

/**
 * GET /api/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD[&perDay=3]: the days of that range (in the user's
 * time zone) that have posts, each with its counts of scheduled, published and draft posts and the
 * first `perDay` posts of each kind, so a month of thousands of posts answers at once.
 */
export const GET: APIRoute = ({ url, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const parsed = parseQuery(url, calendarQuerySchema);
  if (!parsed.ok) return parsed.response;
  return respond(
    Posts.use((posts) => posts.calendar(caller.user.workspaceId, { ...parsed.data, timeZone: caller.user.timeZone })),
    (days) => json(days),
  );
};
