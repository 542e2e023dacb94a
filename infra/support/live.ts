import { Context, Effect, Layer } from "effect";
import { Database } from "../db/Database";
import { channelSubscription } from "../db/channel";

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
      const subscribe = channelSubscription<SupportArrival>(yield* Database, "support_message", "Support events");
      return { subscribe: (wanted, listener) => subscribe((arrival) => wanted(arrival) && listener(arrival)) };
    }),
  );
}
