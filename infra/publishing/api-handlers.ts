import { Effect } from "effect";
import { HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { engagementTotal, PERIODS, periodDays } from "../../domain/publishing/periods";
import { InvalidInput, NotFound } from "../../domain/shared";
import { callerForItem, reachableWorkspaces } from "../identity/reach";
import { csvRow } from "../../domain/shared/csv";
import { decodeKeyset } from "../db/keyset";
import { expectedVersionOf, onService, withCaller } from "../web/api/handlers";
import type { CalendarApi, DashboardApi, PostsApi } from "./api";
import { periodFigures } from "./analytics";
import { dashboardStats } from "./stats";
import { CalendarPosts } from "./CalendarPosts";
import { type BulkRow, Posts } from "./Posts";
import { PostQueries, type PostView } from "./PostQueries";
import { bulkRowNumber, postInputOf, readBulkRow } from "./bulk-schemas";

/** GET /api/calendar (./api.ts) on the CalendarPosts read, in the person's time zone. */
export const calendarHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof CalendarApi>) =>
  handlers.handle("days", ({ query }) =>
    onService(CalendarPosts)((calendar, caller) => calendar.days(caller.workspaceId, { ...query, timeZone: caller.timeZone || "UTC" })),
  );

const posts = onService(Posts);
const postQueries = onService(PostQueries);

const ACROSS_APPROVALS_ONLY = "All clients lists the posts awaiting approval: add status=awaiting_approval.";

/** The caller as they are in the post's own workspace (from the approvals queue across clients), the operation's requirement checked there. */
const inPostWorkspace = (postId: string) =>
  Effect.gen(function* () {
    return yield* callerForItem(yield* (yield* PostQueries).workspaceOfPost(postId), "post");
  });

const EXPORT_PAGE = 1000;
const EXPORT_MAX_ROWS = 20_000;

/** The posts placed from `from` on, newest first, a page at a time (at most EXPORT_MAX_ROWS). */
const postsSince = (workspaceId: string, from: Date) =>
  PostQueries.use((queries) =>
    Effect.gen(function* () {
      const items: PostView[] = [];
      let cursor: { at: string; id: string } | undefined;
      while (items.length < EXPORT_MAX_ROWS) {
        const page = yield* queries.list(workspaceId, { from, limit: EXPORT_PAGE, cursor });
        items.push(...page.items);
        const last = page.items.at(-1);
        if (!page.nextCursor || !last) break;
        cursor = { at: last.createdAt, id: last.id };
      }
      return items;
    }),
  );

/** The posts' operations (./api.ts) on the Posts commands and the PostQueries read. */
export const postsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof PostsApi>) =>
  handlers
    .handle("list", ({ query: { from, to, status, cursor, workspaces, workspace, ...rest } }) =>
      postQueries((queries, caller) =>
        Effect.gen(function* () {
          const keyset = decodeKeyset(cursor);
          if (keyset === null) return yield* new InvalidInput({ message: "The cursor is not one this list gave.", fields: { cursor: "The cursor is not one this list gave." } });
          const across = workspaces === "all" || workspace !== undefined;
          if (across && (status?.length !== 1 || status[0] !== "awaiting_approval"))
            return yield* new InvalidInput({ message: ACROSS_APPROVALS_ONLY, fields: { workspaces: ACROSS_APPROVALS_ONLY } });
          // One approvals queue across the agency's clients: every workspace the person is in, or one of them (any other is 404).
          const reached = across ? yield* reachableWorkspaces(caller, {}) : [];
          if (workspace && !reached.some((w) => w.id === workspace)) return yield* new NotFound({ what: "workspace" });
          const ids = across ? reached.filter((w) => !workspace || w.id === workspace).map((w) => w.id) : caller.workspaceId;
          const names = new Map(reached.map((w) => [w.id, w.name]));
          const page = yield* queries.list(ids, {
            ...rest,
            statuses: status,
            cursor: keyset,
            from: from ? new Date(from) : undefined,
            to: to ? new Date(to) : undefined,
          });
          return { items: across ? page.items.map((post) => ({ ...post, workspaceName: names.get(post.workspaceId) ?? "" })) : page.items, next: page.nextCursor };
        }),
      ),
    )
    .handle("counts", ({ query }) => postQueries((queries, caller) => queries.counts(caller.workspaceId, query)))
    .handle("export", ({ query: { period } }) =>
      withCaller((caller) => {
        const now = new Date();
        return Effect.map(postsSince(caller.workspaceId, new Date(now.getTime() - periodDays(period) * 86_400_000)), (items) => {
          const lines = [
            csvRow(["id", "status", "platforms", "content", "scheduledAt", "publishedAt", "engagement"]),
            ...items.map((p) => csvRow([p.id, p.status, p.platforms.join(";"), p.content, p.scheduledAt, p.publishedAt, engagementTotal(p.engagement)])),
          ];
          return HttpServerResponse.text(`${lines.join("\r\n")}\r\n`, {
            contentType: "text/csv; charset=utf-8",
            headers: { "content-disposition": `attachment; filename="posts-${period}-${now.toISOString().slice(0, 10)}.csv"`, "cache-control": "no-store" },
          });
        });
      }),
    )
    .handle("get", ({ params }) =>
      postQueries((queries) =>
        Effect.gen(function* () {
          const id = params.id;
          const there = yield* inPostWorkspace(id);
          const post = yield* queries.get(there.workspaceId, id);
          const history = yield* queries.history(there.workspaceId, id);
          return HttpServerResponse.jsonUnsafe({ ...post, history }, { headers: { etag: `"${post.version}"` } });
        }),
      ),
    )
    .handle("create", ({ payload }) => posts((service, caller) => service.create(caller, payload)))
    .handle("update", ({ params, headers, payload }) =>
      posts((service, caller) =>
        Effect.gen(function* () {
          const id = params.id;
          return yield* service.update(caller, id, payload, yield* expectedVersionOf(headers["if-match"], payload.expectedVersion));
        }),
      ),
    )
    .handle("remove", ({ params, headers, payload }) =>
      posts((service, caller) =>
        Effect.gen(function* () {
          const id = params.id;
          yield* service.remove(caller, id, yield* expectedVersionOf(headers["if-match"], payload.expectedVersion));
          return { ok: true as const, message: "Post deleted successfully!" };
        }),
      ),
    )
    .handle("publish", ({ params, headers, payload }) =>
      posts((service, caller) =>
        Effect.gen(function* () {
          const id = params.id;
          return yield* service.publishNow(caller, id, yield* expectedVersionOf(headers["if-match"], payload.expectedVersion));
        }),
      ),
    )
    .handle("approve", ({ params, headers, payload }) =>
      posts((service, caller) =>
        Effect.gen(function* () {
          const id = params.id;
          const expectedVersion = yield* expectedVersionOf(headers["if-match"], payload.expectedVersion);
          return yield* service.approve(yield* inPostWorkspace(id), id, { publishNow: payload.publishNow, expectedVersion });
        }),
      ),
    )
    .handle("requestChanges", ({ params, headers, payload }) =>
      posts((service, caller) =>
        Effect.gen(function* () {
          const id = params.id;
          const there = yield* inPostWorkspace(id);
          return yield* service.requestChanges(there, id, payload.comment, yield* expectedVersionOf(headers["if-match"], payload.expectedVersion));
        }),
      ),
    )
    .handle("bulk", ({ payload }) =>
      posts((service, caller) => {
        const read = payload.posts.map((raw, index) => ({ row: bulkRowNumber(raw, index), ...readBulkRow(raw) }));
        const rows: BulkRow[] = read.flatMap((r) => (r.ok ? [{ row: r.row, input: postInputOf(r.post, payload.timeZone ?? null) }] : []));
        return Effect.map(service.createMany(caller, rows), (outcomes) => {
          const failed = [
            ...read.flatMap((r) => (r.ok ? [] : [{ row: r.row, message: r.message }])),
            ...outcomes.flatMap((o) => (o.ok ? [] : [{ row: o.row, message: o.message }])),
          ];
          return {
            successful: outcomes.flatMap((o) => (o.ok ? [{ row: o.row, postId: o.postId, scheduledAt: o.scheduledAt }] : [])),
            failed: failed.sort((a, b) => a.row - b.row),
          };
        });
      }),
    );

/** The dashboard's reads (./api.ts), in the person's time zone. */
export const dashboardHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof DashboardApi>) =>
  handlers
    .handle("stats", () => withCaller((caller) => dashboardStats(caller.workspaceId, new Date(), caller.timeZone || "UTC")))
    .handle("overview", () => withCaller((caller) => periodFigures(caller.workspaceId, new Date(), PERIODS)));
