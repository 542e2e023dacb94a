import { Context, Layer } from "effect";
import { HttpRouter, HttpServer } from "effect/http";
import { HttpApiBuilder } from "effect/http-api";
import { SocialDeskApi } from "../../../infra/app-api";
import type { SharedServices } from "../../../infra/module";
import { moduleApis, type ModuleServices } from "../../../infra/modules";
import { EdgeRequest, Guard, InvalidRequest, isCrossSiteWrite, PublicEdge } from "../../../infra/web/api/guard";
import { runtime } from "../../runtime";

/**
 * The declared API as one web handler, built once per process: the operations of every module
 * and `GET /api/openapi.json`. The reference page (`GET /api/docs`,
 * HttpApiScalar) waits: its 3 MB page of inline scripts breaks under the app's Content Security
 * Policy and needs its bundle served as a file first. The services come, per request, from the
 * app's one runtime.
 */
/** Each module's handlers (`api` in its `defineModule`), typed against its own group there. */
const handlerLayers = moduleApis.map((module) => HttpApiBuilder.group(SocialDeskApi, module.group.identifier as never, module.handlers as never));

const api = HttpRouter.toWebHandler(
  HttpApiBuilder.layer(SocialDeskApi, { openapiPath: "/api/openapi.json" }).pipe(
    Layer.provide(Layer.mergeAll(...(handlerLayers as unknown as [Layer.Layer<never>]))),
    Layer.provide([Guard.layer, PublicEdge.layer, InvalidRequest.layer]),
    Layer.provide(HttpServer.layerServices),
  ) as Layer.Layer<never, never, HttpRouter.HttpRouter | HttpRouter.Request<"Requires", EdgeRequest | ModuleServices | SharedServices>>,
  { disableLogger: true },
);

/** Answers a request with the declared API, as the edge (the Astro middleware) read it. */
export const serveApi = async (request: Request, locals: App.Locals, origin: string, clientAddress?: string): Promise<Response> => {
  const edge = EdgeRequest.of({
    clientAddress: clientAddress ?? null,
    user: locals.user,
    sessionId: locals.sessionId,
    demo: locals.demo,
    crossSite: isCrossSiteWrite(request, origin),
    correlationId: request.headers.get("x-request-id") ?? crypto.randomUUID(),
  });
  const services = Context.add(await runtime.context(), EdgeRequest, edge);
  return api.handler(request, services as never);
};
