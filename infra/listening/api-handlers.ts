import { Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import { asCaller } from "../web/api/as-caller";
import type { ListeningApi } from "./api";
import { Listening } from "./Listening";
import { addToInbox, replyToPost } from "./to-inbox";

/** Social listening's operations (./api.ts) on the Listening service and the inbox. */
export const listeningHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ListeningApi>) =>
  handlers
    .handle("monitors", () => asCaller((caller) => Listening.use((listening) => listening.monitors(caller.workspaceId, caller.now))))
    .handle("create", ({ payload }) => asCaller((caller) => Listening.use((listening) => listening.create(caller, payload))))
    .handle("change", ({ params, payload: { isActive, ...fields } }) =>
      asCaller((caller) =>
        Listening.use((listening) => listening.change(caller, params.id, { ...fields, ...(isActive === undefined ? {} : { active: isActive }) })),
      ),
    )
    .handle("remove", ({ params }) => asCaller((caller) => Listening.use((listening) => listening.remove(caller, params.id))))
    .handle("posts", ({ params, query: { cursor, limit, ...filter } }) =>
      asCaller((caller) => Listening.use((listening) => listening.posts(caller.workspaceId, params.id, filter, { cursor, limit }))),
    )
    .handle("volume", ({ params, query }) =>
      asCaller((caller) => Listening.use((listening) => listening.volume(caller.workspaceId, params.id, query.days, caller.now))),
    )
    .handle("toInbox", ({ params, payload }) => asCaller((caller) => addToInbox(caller, params.id, payload.accountId)))
    .handle("reply", ({ params, payload }) => asCaller((caller) => replyToPost(caller, params.id, payload)));
