import { Cause, Context, Layer } from "effect";
import { HttpRouter, HttpServer } from "effect/http";
import { HttpApiBuilder } from "effect/http-api";
import { authenticateKey } from "../../../infra/api-access/ApiKeys";
import { withApiLimits } from "../../../infra/api-access/edge";
import { SocialDeskApi } from "../../../infra/app-api";
import { logger } from "../../../infra/log";
import type { SharedServices } from "../../../infra/module";
import { moduleApis, type ModuleServices } from "../../../infra/modules";
import { referenceLayer } from "../../../infra/web/api/reference";
import {
  EdgeRequest,
  Guard,
  InvalidRequest,
  isCrossSiteWrite,
  PublicEdge,
  RequestBody,
  type RequestBodyRule,
  SERVER_ERROR_MESSAGE,
} from "../../../infra/web/api/guard";
import { problemResponse } from "../../../infra/web/api/problems";
import { runtime } from "../../runtime";

/**
 * The declared API as one web handler, built once per process: the operations of every module,
 * `GET /api/openapi.json` and the reference page reading it (`GET /api/docs`). The services come, per request, from the
 * app's one runtime.
 */
/** Each module's handlers (`api` in its `defineModule`), typed against its own group there. */
const handlerLayers = moduleApis.map((module) => HttpApiBuilder.group(SocialDeskApi, module.group.identifier as never, module.handlers as never));

const api = HttpRouter.toWebHandler(
  HttpApiBuilder.layer(SocialDeskApi, { openapiPath: "/api/openapi.json" }).pipe(
    Layer.provide(Layer.mergeAll(...(handlerLayers as unknown as [Layer.Layer<never>]))),
    Layer.provide([Guard.layer, PublicEdge.layer, InvalidRequest.layer]),
    Layer.provide(HttpServer.layerServices),
    Layer.merge(referenceLayer),
  ) as Layer.Layer<never, never, HttpRouter.HttpRouter | HttpRouter.Request<"Requires", EdgeRequest | ModuleServices | SharedServices>>,
  { disableLogger: true },
);

/** Each declared operation's path as a pattern, with how its body is read; static paths before those with parameters. */
const bodyRules = Object.values(SocialDeskApi.groups)
  .flatMap((group) => Object.values(group.endpoints))
  .map((endpoint) => ({
    method: endpoint.method,
    pattern: new RegExp(`^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`),
    parameters: (endpoint.path.match(/:\w+/g) ?? []).length,
    rule: Context.get(endpoint.annotations, RequestBody),
  }))
  .sort((a, b) => a.parameters - b.parameters);

/** How the one route reads the body of `method path` (the operation's `RequestBody`; the JSON defaults for no declared operation). */
export const bodyRuleOf = (method: string, path: string): RequestBodyRule =>
  bodyRules.find((rule) => rule.method === method && rule.pattern.test(path))?.rule ?? {};

/** The key of `Authorization: Bearer <key>`, or null for a request without one. */
export const bearerOf = (request: Request): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return match ? match[1]! : null;
};

/**
 * Who a request is: with `Authorization: Bearer <key>`, the key's creator in its workspace with the
 * key's cap (no cookie, demo mode or Origin rule: a browser never sends the header on its own, so
 * another site cannot borrow it); otherwise the session the middleware read.
 */
const whoIs = async (request: Request, locals: App.Locals, origin: string) => {
  const bearer = bearerOf(request);
  if (bearer === null)
    return {
      user: locals.user,
      sessionId: locals.sessionId,
      demo: locals.demo,
      crossSite: isCrossSiteWrite(request, origin),
      apiKey: null,
      keyRefusal: null,
      requests: null,
    };
  const found = await runtime.runPromise(authenticateKey(bearer, new Date()));
  return found.ok
    ? { user: found.user, sessionId: null, demo: false, crossSite: false, apiKey: found.key, keyRefusal: null, requests: found.requests }
    : { user: null, sessionId: null, demo: false, crossSite: false, apiKey: null, keyRefusal: found.message, requests: null };
};

/**
 * Answers a request with the declared API, as the edge (the Astro middleware) read it, under the
 * API's rules on requests as a whole (infra/api-access/edge.ts): a key's rate limit, and
 * Idempotency-Key on POSTs from anyone acting in a workspace (a session or a key; not demo mode,
 * not a cross-site write, which the guard refuses).
 */
export const serveApi = async (request: Request, locals: App.Locals, origin: string, clientAddress?: string): Promise<Response> => {
  const { requests, ...who } = await whoIs(request, locals, origin);
  const edge = EdgeRequest.of({
    ...who,
    clientAddress: clientAddress ?? null,
    correlationId: request.headers.get("x-request-id") ?? crypto.randomUUID(),
  });
  const services = Context.add(await runtime.context(), EdgeRequest, edge);
  const response =
    !edge.apiKey && !request.headers.has("idempotency-key")
      ? await api.handler(request, services as never)
      : await runtime
          .runPromise(
            withApiLimits(
              request,
              {
                workspaceId: edge.apiKey?.workspaceId ?? (edge.user && !edge.demo && !edge.crossSite ? edge.user.workspaceId : null),
                apiKey: edge.apiKey,
                requests,
                tier: edge.user?.subscriptionTier ?? null,
              },
              (request) => api.handler(request, services as never),
            ),
          )
          .catch((error: unknown) => {
            logger.error({ cause: Cause.pretty(Cause.die(error)) }, "Request failed");
            return problemResponse(500, "server_error", SERVER_ERROR_MESSAGE);
          });
  // RFC 6750: a refused bearer token is named as such, so a client knows to get a new key.
  if (edge.keyRefusal && response.status === 401) response.headers.set("www-authenticate", 'Bearer error="invalid_token"');
  return response;
};
