import { Context, Effect, Layer } from "effect";
import { Database } from "../db/Database";
import { channelSubscription } from "../db/channel";

/** What an open inbox is told: a message arrived in its workspace. */
export interface InboxArrival {
  readonly id: string;
  readonly type: string;
  /** Where it arrived: an inbox across an agency's clients hears several. */
  readonly workspaceId: string;
}

type Listener = (arrival: InboxArrival) => void;

/**
 * The web server's one LISTEN on the database's `inbox_message` channel (a trigger on inbox_messages
 * announces each new row), fanned out to the inboxes open on the workspaces it names.
 */
export class InboxArrivals extends Context.Service<
  InboxArrivals,
  {
    /** Calls `listener` for each message arriving in one of the workspaces until the answered function is called. */
    readonly subscribe: (workspaceIds: ReadonlyArray<string>, listener: Listener) => Effect.Effect<() => void>;
  }
>()("app/InboxArrivals") {
  static layer = Layer.effect(
    InboxArrivals,
    Effect.gen(function* () {
      const subscribe = channelSubscription<InboxArrival>(yield* Database, "inbox_message", "Inbox events");
      return {
        subscribe: (workspaceIds, listener) =>
          subscribe(({ id, type, workspaceId }) => {
            if (workspaceIds.includes(workspaceId)) listener({ id, type, workspaceId });
          }),
      };
    }),
  );
}
