import type { HttpApiBuilder } from "effect/http-api";
import { onService } from "../web/api/handlers";
import type { ApiKeysApi } from "./api";
import { ApiKeys } from "./ApiKeys";

const asCaller = onService(ApiKeys);

/** The API keys operations (./api.ts) on the ApiKeys service. */
export const apiKeysHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ApiKeysApi>) =>
  handlers
    .handle("list", () => asCaller((keys, caller) => keys.list(caller.workspaceId)))
    .handle("create", ({ payload }) => asCaller((keys, caller) => keys.create(caller, payload)))
    .handle("revoke", ({ params }) => asCaller((keys, caller) => keys.revoke(caller, params.id)));
