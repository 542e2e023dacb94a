import type { APIRoute } from "astro";
import { CalendarPosts } from "../../../infra/publishing/CalendarPosts";
import { calendarQuerySchema } from "../../features/calendar/calendar-schemas";
import { guard } from "../../lib/auth-guard";
import { json, parseQuery, respond } from "../../lib/http";

/**
 * GET /api/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD[&perDay=3]: the days of that range (in the user's
 * time zone) that have posts, each with its counts of scheduled, published and draft posts and the
 * first `perDay` posts of each kind, so a month of thousands of posts answers at once.
 */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const parsed = parseQuery(url, calendarQuerySchema);
  if (!parsed.ok) return parsed.response;
  return respond(
    CalendarPosts.use((calendar) =>
      calendar.days(signedIn.user.workspaceId, {
        ...parsed.data,
        timeZone: signedIn.user.timeZone,
      }),
    ),
    (days) => json(days),
  );
};
