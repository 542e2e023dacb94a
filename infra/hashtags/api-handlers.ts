import { Effect } from "effect";
import { HttpApiBuilder } from "effect/http-api";
import { onService } from "../web/api/handlers";
import type { AllDeclared, Undeclared } from "../web/api/declared";
import type { HashtagGroupSchema, HashtagSearchSchema, HashtagsApi, RecentSchema, TrendingSchema } from "./api";
import { type HashtagGroup, type HashtagSearch, Hashtags } from "./Hashtags";

const asCaller = onService(Hashtags);


/** The hashtags operations (./api.ts) on the Hashtags service. */
export const hashtagsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof HashtagsApi>) =>
  handlers
    .handle("recent", () => asCaller((hashtags, caller) => hashtags.recent(caller.workspaceId, caller.now)))
    .handle("trending", ({ query }) => asCaller((hashtags, caller) => hashtags.trending(caller.workspaceId, query.platform, caller.now)))
    .handle("search", ({ payload }) => asCaller((hashtags, caller) => hashtags.search(caller.workspaceId, payload, caller.now)))
    .handle("groups", () => asCaller((hashtags, caller) => hashtags.groups(caller.workspaceId)))
    .handle("saveGroup", ({ payload }) => asCaller((hashtags, caller) => hashtags.saveGroup(caller, payload)))
    .handle("changeGroup", ({ params, payload }) =>
      asCaller((hashtags, caller) => hashtags.changeGroup(caller, params.id, payload)),
    )
    .handle("removeGroup", ({ params }) => asCaller((hashtags, caller) => hashtags.removeGroup(caller, params.id)));

// Every field the service answers is declared (the encoder would drop the others).
export type Declared = AllDeclared<
  | Undeclared<typeof HashtagSearchSchema.Type, HashtagSearch>
  | Undeclared<typeof HashtagGroupSchema.Type, HashtagGroup>
  | Undeclared<typeof TrendingSchema.Type, Effect.Success<ReturnType<Hashtags["Service"]["trending"]>>>
  | Undeclared<typeof RecentSchema.Type, Effect.Success<ReturnType<Hashtags["Service"]["recent"]>>>
>;
