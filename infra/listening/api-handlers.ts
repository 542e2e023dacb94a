import { Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import { withCaller } from "../web/api/handlers";
import type { ListeningApi } from "./api";
import { Listening } from "./Listening";
import { addToInbox, replyToPost } from "./to-inbox";

/** Social listening's operations (./api.ts) on the Listening service and the inbox. */
export const listeningHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ListeningApi>) =>
  handlers
    .handle("monitors", () => withCaller((caller) => Listening.use((listening) => listening.monitors(caller.workspaceId, caller.now))))
    .handle("create", ({ payload }) => withCaller((caller) => Listening.use((listening) => listening.create(caller, payload))))
    .handle("change", ({ params, payload: { isActive, ...fields } }) =>
      withCaller((caller) =>
        Listening.use((listening) => listening.change(caller, params.id, { ...fields, ...(isActive === undefined ? {} : { active: isActive }) })),
      ),
    )
    .handle("remove", ({ params }) => withCaller((caller) => Listening.use((listening) => listening.remove(caller, params.id))))
    .handle("posts", ({ params, query: { cursor, limit, ...filter } }) =>
      withCaller((caller) => Listening.use((listening) => listening.posts(caller.workspaceId, params.id, filter, { cursor, limit }))),
    )
    .handle("volume", ({ params, query }) =>
      withCaller((caller) => Listening.use((listening) => listening.volume(caller.workspaceId, params.id, query.days, caller.now))),
    )
    .handle("toInbox", ({ params, payload }) => withCaller((caller) => addToInbox(caller, params.id, payload.accountId)))
    .handle("reply", ({ params, payload }) => withCaller((caller) => replyToPost(caller, params.id, payload)));
