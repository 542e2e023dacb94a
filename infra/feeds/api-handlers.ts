import { Effect } from "effect";
import { HttpApiBuilder } from "effect/http-api";
import type { AllDeclared, Undeclared } from "../web/api/declared";
import { onService } from "../web/api/handlers";
import type { FeedsApi, RssFeedSchema, RssItemSchema } from "./api";
import { Feeds, type RssFeed, type RssItem } from "./Feeds";

const asCaller = onService(Feeds);

/** The RSS feeds operations (./api.ts) on the Feeds service. */
export const feedsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof FeedsApi>) =>
  handlers
    .handle("list", () => asCaller((feeds, caller) => feeds.list(caller.workspaceId)))
    .handle("add", ({ payload }) => asCaller((feeds, caller) => feeds.add(caller, payload)))
    .handle("get", ({ params }) =>
      asCaller((feeds, caller) =>
        Effect.map(Effect.all({ feed: feeds.get(caller.workspaceId, params.id), items: feeds.items(caller.workspaceId, params.id) }), ({ feed, items }) => ({
          ...feed,
          items,
        })),
      ),
    )
    .handle("edit", ({ params, payload }) => asCaller((feeds, caller) => feeds.edit(caller, params.id, payload)))
    .handle("remove", ({ params }) => asCaller((feeds, caller) => feeds.remove(caller, params.id)));

// Every field the service answers is declared (the encoder would drop the others).
export type Declared = AllDeclared<Undeclared<typeof RssFeedSchema.Type, RssFeed> | Undeclared<typeof RssItemSchema.Type, RssItem>>;
