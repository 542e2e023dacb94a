import type { HttpApiBuilder } from "effect/http-api";
import { onService } from "../web/api/handlers";
import type { ContentTemplatesApi } from "./api";
import { ContentTemplates, readerOf } from "./ContentTemplates";

const asCaller = onService(ContentTemplates);

/** The content templates' operations (./api.ts) on the ContentTemplates service. */
export const contentTemplatesHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ContentTemplatesApi>) =>
  handlers
    .handle("list", () => asCaller((templates, caller) => templates.list(readerOf(caller))))
    .handle("get", ({ params }) => asCaller((templates, caller) => templates.get(readerOf(caller), params.id)))
    .handle("create", ({ payload }) => asCaller((templates, caller) => templates.create(caller, payload)))
    .handle("update", ({ params, payload }) => asCaller((templates, caller) => templates.update(caller, params.id, payload)))
    .handle("remove", ({ params }) => asCaller((templates, caller) => templates.remove(caller, params.id)))
    .handle("use", ({ params }) => asCaller((templates, caller) => templates.use(caller, params.id)));
