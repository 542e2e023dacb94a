import { Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import { type Caller, InvalidInput, NotFound } from "../../domain/shared";
import { withCaller } from "../web/api/handlers";
import type { InboxApi, ReplyTemplatesApi } from "./api";
import { InboxArrivals } from "./arrivals";
import { eventStreamResponse } from "../web/event-streams";
import { Inbox } from "./Inbox";
import { InboxQueries } from "./InboxQueries";
import { callerForItem, reachableWorkspaces } from "../identity/reach";
import { ReplyTemplates } from "./ReplyTemplates";
import { READ_INBOX } from "./schemas";

const ASSIGN_WHOM = "Choose someone of your team, or nobody.";

/**
 * The workspaces a read covers: the caller's own, or with `workspaces=all` every one of their agency
 * they may read the inbox of; `workspace` narrows it to one of those (any other is 404, as if it did not exist).
 */
const workspacesRead = (caller: Caller, across: { readonly workspaces?: string; readonly workspace?: string }) =>
  Effect.gen(function* () {
    const reached = across.workspaces === "all" || across.workspace ? yield* reachableWorkspaces(caller, READ_INBOX) : [{ id: caller.workspaceId }];
    if (!across.workspace) return reached.map((w) => w.id);
    if (!reached.some((w) => w.id === across.workspace)) return yield* new NotFound({ what: "workspace" });
    return [across.workspace];
  });

/** The caller as they are in the message's own workspace, the operation's requirement checked there (callerForItem). */
const inMessageWorkspace = (messageId: string) =>
  Effect.gen(function* () {
    return yield* callerForItem(yield* (yield* InboxQueries).workspaceOfMessage(messageId), "message");
  });

/** The inbox's operations (./api.ts): commands on Inbox, the answers read back through InboxQueries. */
export const inboxHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof InboxApi>) =>
  handlers
    .handle("list", ({ query: { cursor, limit, workspaces, workspace, ...filter } }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          const ids = yield* workspacesRead(caller, { workspaces, workspace });
          return yield* (yield* InboxQueries).list(ids, filter, { cursor, limit });
        }),
      ),
    )
    .handle("counts", () => withCaller((caller) => InboxQueries.use((queries) => queries.counts(caller.workspaceId))))
    .handle("events", ({ query }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          const workspaceIds = yield* workspacesRead(caller, query);
          const arrivals = yield* InboxArrivals;
          // `arrived` {id, type, workspaceId} for each message that reaches one of the workspaces read.
          return yield* eventStreamResponse(caller, (send) => Effect.runPromise(arrivals.subscribe(workspaceIds, (arrival) => send("arrived", arrival))));
        }),
      ),
    )
    .handle("open", ({ params }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          const there = yield* inMessageWorkspace(params.id);
          return yield* (yield* InboxQueries).open(there.workspaceId, params.id);
        }),
      ),
    )
    .handle("change", ({ params, payload }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          const there = yield* inMessageWorkspace(params.id);
          yield* (yield* Inbox).change(there, params.id, payload);
          return yield* (yield* InboxQueries).message(there.workspaceId, params.id);
        }),
      ),
    )
    .handle("status", ({ params, payload }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          const there = yield* inMessageWorkspace(params.id);
          yield* (yield* Inbox).mark(there, params.id, payload.status === "read");
          return yield* (yield* InboxQueries).message(there.workspaceId, params.id);
        }),
      ),
    )
    .handle("reply", ({ params, payload }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          const there = yield* inMessageWorkspace(params.id);
          const replyId = yield* (yield* Inbox).reply(there, params.id, payload);
          return yield* (yield* InboxQueries).reply(there.workspaceId, params.id, replyId).pipe(Effect.orDie);
        }),
      ),
    )
    .handle("bulk", ({ payload: { ids, action, assigneeId } }) =>
      withCaller((caller) =>
        Effect.gen(function* () {
          if (action === "assign" && assigneeId === undefined) return yield* new InvalidInput({ message: ASSIGN_WHOM, fields: { assigneeId: ASSIGN_WHOM } });
          const chosen = action === "assign" ? ({ action, userId: assigneeId ?? null } as const) : { action };
          // Each message in its own workspace with the caller's role there; every one reached is checked before any changes.
          const byWorkspace = new Map<string, string[]>();
          for (const id of new Set(ids)) {
            const workspaceId = (yield* (yield* InboxQueries).workspaceOfMessage(id)) ?? caller.workspaceId;
            byWorkspace.set(workspaceId, [...(byWorkspace.get(workspaceId) ?? []), id]);
          }
          const groups = [];
          for (const [workspaceId, group] of byWorkspace) groups.push({ there: yield* callerForItem(workspaceId, "message"), group });
          let updated = 0;
          for (const { there, group } of groups) updated += yield* (yield* Inbox).bulk(there, group, chosen);
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
