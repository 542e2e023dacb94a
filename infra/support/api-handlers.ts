import { Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import type { Caller } from "../../domain/shared";
import { config } from "../config";
import { onService, withCaller } from "../web/api/handlers";
import type { SupportAdminApi, SupportApi } from "./api";
import { eventStreamResponse } from "../web/event-streams";
import { type SupportArrival, SupportLive } from "./live";
import { Support } from "./Support";

const asCaller = onService(Support);

/**
 * Server-sent events of support messages: `event` with the message's {id, conversationId} for each
 * one `wanted` accepts (a customer hears the operators' replies to their workspace, an operator every
 * customer's message).
 */
const eventsFor = (caller: Caller, event: string, wanted: (arrival: SupportArrival) => boolean) =>
  Effect.gen(function* () {
    const live = yield* SupportLive;
    return yield* eventStreamResponse(caller, (send) =>
      Effect.runPromise(live.subscribe(wanted, (arrival) => send(event, { id: arrival.id, conversationId: arrival.conversationId }))),
    );
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
