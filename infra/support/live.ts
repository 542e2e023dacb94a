import { Context, Effect, Layer } from "effect";
import { Database } from "../db/Database";
import { logger } from "../log";
import { personEventStream } from "../web/event-streams";

/** A support message just written, as the database announces it (a trigger on support_messages). */
export interface SupportArrival {
  readonly conversationId: string;
  readonly id: string;
  readonly side: "customer" | "operator";
}

type Listener = (arrival: SupportArrival) => void;

/**
 * The web server's one LISTEN on the `support_message` channel, fanned out to the support panels and
 * operators' consoles open in this process: a reply written in any process reaches the customer's
 * panel at once. It listens at the first subscription (the worker never subscribes).
 */
export class SupportLive extends Context.Service<
  SupportLive,
  {
    /** Calls `listener` for each new message `wanted` accepts until the answered function is called. */
    readonly subscribe: (wanted: (arrival: SupportArrival) => boolean, listener: Listener) => Effect.Effect<() => void>;
  }
>()("app/SupportLive") {
  static layer = Layer.effect(
    SupportLive,
    Effect.gen(function* () {
      const db = yield* Database;
      const listeners = new Set<{ wanted: (a: SupportArrival) => boolean; listener: Listener }>();
      let listening: Promise<unknown> | null = null;
      const listen = () =>
        (listening ??= db.pool
          .listen("support_message", (payload) => {
            try {
              const arrival = JSON.parse(payload) as SupportArrival;
              for (const one of listeners) if (one.wanted(arrival)) one.listener(arrival);
            } catch (error) {
              logger.warn({ err: error }, "Support events: an announcement could not be read");
            }
          })
          .catch((error: unknown) => {
            listening = null;
            logger.warn({ err: error }, "Support events: could not listen to the database");
          }));
      return {
        subscribe: (wanted, listener) =>
          Effect.promise(async () => {
            await listen();
            const one = { wanted, listener };
            listeners.add(one);
            return () => void listeners.delete(one);
          }),
      };
    }),
  );
}

/**
 * Server-sent events of support messages: `event` with the message's {id, conversationId} for each
 * one `wanted` accepts (a customer hears the operators' replies to their workspace, an operator every
 * customer's message).
 */
export const supportEventStream = (
  live: SupportLive["Service"],
  who: { readonly personId: string; readonly event: string; readonly wanted: (arrival: SupportArrival) => boolean },
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array> =>
  personEventStream(
    who.personId,
    (send) => Effect.runPromise(live.subscribe(who.wanted, (arrival) => send(who.event, { id: arrival.id, conversationId: arrival.conversationId }))),
    signal,
  );
