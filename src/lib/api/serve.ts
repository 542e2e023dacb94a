import { Context, Layer } from "effect";
import { HttpRouter, HttpServer } from "effect/http";
import { HttpApiBuilder, HttpApiScalar } from "effect/http-api";
import type { Categories } from "../../../infra/categories/Categories";
import { categoriesHandlers } from "../../../infra/categories/api-handlers";
import { SocialDeskApi } from "../../../infra/web/api/app-api";
import { EdgeRequest, Guard, InvalidRequest, isCrossSiteWrite } from "../../../infra/web/api/guard";
import { runtime } from "../../runtime";

/**
 * The declared API as one web handler, built once per process: the operations of every module
 * (their handlers listed here), `GET /api/openapi.json` and the reference page `GET /api/docs`
 * (Scalar's bundled script, no CDN). The services come, per request, from the app's one runtime.
 */
const api = HttpRouter.toWebHandler(
  Layer.mergeAll(
    HttpApiBuilder.layer(SocialDeskApi, { openapiPath: "/api/openapi.json" }),
    HttpApiScalar.layer(SocialDeskApi, { path: "/api/docs", scalar: { withDefaultFonts: false } as never }),
  ).pipe(
    Layer.provide(categoriesHandlers),
    Layer.provide([Guard.layer, InvalidRequest.layer]),
    Layer.provide(HttpServer.layerServices),
  ) as Layer.Layer<never, never, HttpRouter.HttpRouter | HttpRouter.Request<"Requires", EdgeRequest | Categories>>,
  { disableLogger: true },
);

/** Answers a request with the declared API, as the edge (the Astro middleware) read it. */
export const serveApi = async (request: Request, locals: App.Locals, origin: string): Promise<Response> => {
  const edge = EdgeRequest.of({
    user: locals.user,
    demo: locals.demo,
    crossSite: isCrossSiteWrite(request, origin),
    correlationId: request.headers.get("x-request-id") ?? crypto.randomUUID(),
  });
  const services = Context.add(await runtime.context(), EdgeRequest, edge);
  return api.handler(request, services as never);
};
