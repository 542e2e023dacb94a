import type { HttpApiBuilder } from "effect/http-api";
import { onService } from "../web/api/handlers";
import type { CategoriesApi } from "./api";
import { Categories } from "./Categories";

const asCaller = onService(Categories);

/** The categories operations (./api.ts) on the Categories service; the app's API (infra/app-api.ts) serves them. */
export const categoriesHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof CategoriesApi>) =>
  handlers
    .handle("list", () => asCaller((categories, caller) => categories.list(caller.workspaceId)))
    .handle("get", ({ params }) => asCaller((categories, caller) => categories.get(caller.workspaceId, params.id)))
    .handle("create", ({ payload }) => asCaller((categories, caller) => categories.create(caller, payload)))
    .handle("update", ({ params, payload }) => asCaller((categories, caller) => categories.update(caller, params.id, payload)))
    .handle("remove", ({ params }) => asCaller((categories, caller) => categories.remove(caller, params.id)))
    .handle("evergreen", ({ params, payload }) => asCaller((categories, caller) => categories.setEvergreen(caller, params.id, payload)));
