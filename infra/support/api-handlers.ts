import { Effect } from "effect";
import { HttpServerRequest, HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { actorIdOf, type Caller } from "../../domain/shared";
import { config } from "../config";
import { onService, withCaller } from "../web/api/handlers";
import type { SupportAdminApi, SupportApi } from "./api";
import { type SupportArrival, SupportLive, supportEventStream } from "./live";
import { Support } from "./Support";

const asCaller = onService(Support);

/** A stream of support events for the caller, for as long as the request lasts. */
const eventsFor = (caller: Caller, event: string, wanted: (arrival: SupportArrival) => boolean) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest;
    const body = supportEventStream(yield* SupportLive, { personId: actorIdOf(caller.actor) ?? caller.workspaceId, event, wanted }, (request.source as Partial<Request>).signal);
    return HttpServerResponse.raw(body, { contentType: "text/event-stream", headers: { "cache-control": "no-store", connection: "keep-alive" } });
  });

/** The customers' operations (./api.ts) on the Support service. */
export const supportHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof SupportApi>) =>
  handlers
    .handle("conversation", () => asCaller((support, caller) => support.conversation(caller, config().SUPPORT_EMAIL)))
    .handle("send", ({ payload }) => asCaller((support, caller) => support.send(caller, payload)))
    .handle("events", () =>
      withCaller((caller) => eventsFor(caller, "reply", (arrival) => arrival.side === "operator" && arrival.conversationId === caller.workspaceId)),
    )
    .handle("email", ({ payload }) => asCaller((support, caller) => support.email(caller, payload)));

/** The operators' operations (./api.ts) on the Support service. */
export const supportAdminHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof SupportAdminApi>) =>
  handlers
    .handle("list", () => asCaller((support, caller) => support.list(caller.now)))
    .handle("events", () => withCaller((caller) => eventsFor(caller, "message", (arrival) => arrival.side === "customer")))
    .handle("thread", ({ params }) => asCaller((support, caller) => support.thread(caller, params.id)))
    .handle("reply", ({ params, payload }) => asCaller((support, caller) => support.reply(caller, params.id, payload.content)));
