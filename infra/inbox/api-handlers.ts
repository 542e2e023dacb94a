import { Effect } from "effect";
import { HttpServerRequest, HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { actorIdOf, InvalidInput } from "../../domain/shared";
import { withCaller } from "../web/api/handlers";
import type { InboxApi, ReplyTemplatesApi } from "./api";
import { arrivalEvents, InboxArrivals } from "./arrivals";
import { Inbox } from "./Inbox";
import { InboxQueries } from "./InboxQueries";
import { ReplyTemplates } from "./ReplyTemplates";

const ASSIGN_WHOM = "Choose someone of your team, or nobody.";

/** The inbox's operations (./api.ts): commands on Inbox, the answers read back through InboxQueries. */
export const inboxHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof InboxApi>) =>
  handlers
    .handle("list", ({ query: { cursor, limit, ...filter } }) =>
      withCaller((caller) => InboxQueries.use((queries) => queries.list(caller.workspaceId, filter, { cursor, limit }))),
    )
    .handle("counts", () => withCaller((caller) => InboxQueries.use((queries) => queries.counts(caller.workspaceId))))
    .handle("events", () =>
      withCaller((caller) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest;
          const source = request.source as Partial<Request>;
          const body = arrivalEvents(
            yield* InboxArrivals,
            { personId: actorIdOf(caller.actor) ?? caller.workspaceId, workspaceId: caller.workspaceId },
            source.signal,
          );
          return HttpServerResponse.raw(body, { contentType: "text/event-stream", headers: { "cache-control": "no-store", connection: "keep-alive" } });
        }),
      ),
    )
    .handle("open", ({ params }) => withCaller((caller) => InboxQueries.use((queries) => queries.open(caller.workspaceId, params.id))))
    .handle("change", ({ params, payload }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          yield* (yield* Inbox).change(caller, params.id, payload);
          return yield* (yield* InboxQueries).message(caller.workspaceId, params.id);
        }),
      ),
    )
    .handle("status", ({ params, payload }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          yield* (yield* Inbox).mark(caller, params.id, payload.status === "read");
          return yield* (yield* InboxQueries).message(caller.workspaceId, params.id);
        }),
      ),
    )
    .handle("reply", ({ params, payload }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          const replyId = yield* (yield* Inbox).reply(caller, params.id, payload);
          return yield* (yield* InboxQueries).reply(caller.workspaceId, params.id, replyId).pipe(Effect.orDie);
        }),
      ),
    )
    .handle("bulk", ({ payload: { ids, action, assigneeId } }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          if (action === "assign" && assigneeId === undefined) return yield* new InvalidInput({ message: ASSIGN_WHOM, fields: { assigneeId: ASSIGN_WHOM } });
          const updated = yield* (yield* Inbox).bulk(caller, ids, action === "assign" ? { action, userId: assigneeId ?? null } : { action });
          return { updated };
        }),
      ),
    )
    .handle("startConversation", ({ payload }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          const messageId = yield* (yield* Inbox).startConversation(caller, payload);
          return yield* (yield* InboxQueries).open(caller.workspaceId, messageId).pipe(Effect.orDie);
        }),
      ),
    );

/** The reply templates' operations (./api.ts) on the ReplyTemplates service. */
export const replyTemplatesHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ReplyTemplatesApi>) =>
  handlers
    .handle("list", () => withCaller((caller) => ReplyTemplates.use((templates) => templates.list(caller.workspaceId))))
    .handle("create", ({ payload }) => withCaller((caller) => ReplyTemplates.use((templates) => templates.create(caller, payload))))
    .handle("update", ({ params, payload }) => withCaller((caller) => ReplyTemplates.use((templates) => templates.update(caller, params.id, payload))))
    .handle("remove", ({ params }) => withCaller((caller) => ReplyTemplates.use((templates) => templates.remove(caller, params.id))));
