import { Effect } from "effect";
import { Database } from "../../../infra/db/Database";
import { logger } from "../../../infra/log";
import { onRuntimeDisposed, runtime } from "../../runtime";

/** What an open inbox is told: a message arrived in its workspace. */
export interface InboxArrival {
  readonly id: string;
  readonly type: string;
}

type Listener = (arrival: InboxArrival) => void;

const listeners = new Map<string, Set<Listener>>();
let listening: Promise<unknown> | null = null;
// The LISTEN ends with the runtime's database pool: a runtime built afterwards listens anew.
onRuntimeDisposed(() => {
  listening = null;
});

/**
 * The web server's one LISTEN on the database's `inbox_message` channel (a trigger on inbox_messages
 * announces each new row), fanned out to the inboxes open in each workspace.
 */
const listen = () =>
  (listening ??= runtime
    .runPromise(
      Database.use((db) =>
        Effect.promise(() =>
          db.pool.listen("inbox_message", (payload) => {
            try {
              const { workspaceId, id, type } = JSON.parse(payload) as { workspaceId: string; id: string; type: string };
              for (const listener of listeners.get(workspaceId) ?? []) listener({ id, type });
            } catch (error) {
              logger.warn({ err: error }, "Inbox events: an announcement could not be read");
            }
          }),
        ),
      ),
    )
    .catch((error: unknown) => {
      listening = null;
      logger.warn({ err: error }, "Inbox events: could not listen to the database");
    }));

/** Calls `listener` for each message arriving in the workspace until the returned function is called. */
export const onInboxArrival = async (workspaceId: string, listener: Listener) => {
  await listen();
  const set = listeners.get(workspaceId) ?? new Set();
  set.add(listener);
  listeners.set(workspaceId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(workspaceId);
  };
};
