import { Effect } from "effect";
import { logger } from "../log";
import type { Database } from "./Database";

/**
 * One LISTEN on a database channel for the whole process, fanned out to its subscribers: a row
 * announced in any process (a trigger's NOTIFY with a JSON payload) reaches the streams open in this
 * one. It listens at the first subscription (the worker, which builds the same layers, never
 * subscribes) and ends with the pool; a payload that cannot be read is logged and skipped.
 */
export const channelSubscription = <T>(db: Database["Service"], channel: string, what: string) => {
  const listeners = new Set<(payload: T) => void>();
  let listening: Promise<unknown> | null = null;
  const listen = () =>
    (listening ??= db.pool
      .listen(channel, (payload) => {
        let read: T;
        try {
          read = JSON.parse(payload) as T;
        } catch (error) {
          logger.warn({ err: error }, `${what}: an announcement could not be read`);
          return;
        }
        for (const listener of listeners) listener(read);
      })
      .catch((error: unknown) => {
        listening = null;
        logger.warn({ err: error }, `${what}: could not listen to the database`);
      }));
  /** Calls `listener` with each announcement until the answered function is called. */
  return (listener: (payload: T) => void): Effect.Effect<() => void> =>
    Effect.promise(async () => {
      await listen();
      listeners.add(listener);
      return () => void listeners.delete(listener);
    });
};
