import type { APIRoute } from "astro";
import { Effect } from "effect";
import { PostQueries } from "../../../../infra/publishing/PostQueries";
import type { PostView } from "../../../../infra/publishing/PostQueries";
import { engagementTotal, isPeriodId, periodDays } from "../../../features/dashboard/dashboard-data";
import { csvRow } from "../../../../domain/shared/csv";
import { guard } from "../../../lib/auth-guard";
import { apiError, respond } from "../../../lib/http";

const PAGE = 1000;
const MAX_ROWS = 20_000;

/**
 * GET /api/posts/export.csv?period=7d|30d|90d: the workspace's posts placed (scheduled, published
 * or created) from the start of the period on, newest first, as a CSV download.
 */
export const GET: APIRoute = ({ request, locals, url }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const period = url.searchParams.get("period") ?? "30d";
  if (!isPeriodId(period)) return apiError(400, "invalid_input", "Choose a period: 7d, 30d or 90d.");
  const now = new Date();
  const from = new Date(now.getTime() - periodDays(period) * 86_400_000);
  const workspaceId = signedIn.user.workspaceId;

  const all = PostQueries.use((posts) =>
    Effect.gen(function* () {
      const items: PostView[] = [];
      let cursor: { at: string; id: string } | undefined;
      while (items.length < MAX_ROWS) {
        const page = yield* posts.list(workspaceId, { from, limit: PAGE, cursor });
        items.push(...page.items);
        const last = page.items.at(-1);
        if (!page.nextCursor || !last) break;
        cursor = { at: last.createdAt, id: last.id };
      }
      return items;
    }),
  );

  return respond(all, (items) => {
    const lines = [
      csvRow(["id", "status", "platforms", "content", "scheduledAt", "publishedAt", "engagement"]),
      ...items.map((p) => csvRow([p.id, p.status, p.platforms.join(";"), p.content, p.scheduledAt, p.publishedAt, engagementTotal(p.engagement)])),
    ];
    const filename = `posts-${period}-${now.toISOString().slice(0, 10)}.csv`;
    return new Response(`${lines.join("\r\n")}\r\n`, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "no-store",
      },
    });
  });
};
