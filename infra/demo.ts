import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import { Database, SqlError } from "./db/Database";
import { callerOf } from "./identity/current-user";
import { DEMO_USER_ID, Registration } from "./identity/Registration";
import { Users } from "./identity/Users";
import { demoSeeders } from "./modules";

/**
 * The made-up user of demo mode, on the professional plan, with a seeded workspace: each module
 * seeds its part (`demo` in its defineModule: sandbox accounts, categories, content templates,
 * sample media, posts and notes around today, sample reviews, a link-in-bio page), in the modules'
 * order, each once (new scheduled posts when the last ones have gone out).
 */
export const ensureDemo = Effect.fn("Demo.ensure")(function* (now: Date) {
  // Several app processes may start at once on one database: one seeds while the others wait on its
  // lock (a session lock on a connection of its own: the seeders commit as they go), then find it done.
  const { pool } = yield* Database;
  yield* Effect.acquireUseRelease(
    Effect.tryPromise({
      try: async () => {
        const connection = await pool.reserve();
        await connection`select pg_advisory_lock(hashtextextended('demo-seed', 0))`.catch((error: unknown) => {
          connection.release();
          throw error;
        });
        return connection;
      },
      catch: (error) => new SqlError({ message: error instanceof Error ? error.message : String(error) }),
    }),
    () => seedDemo(now),
    (connection) =>
      Effect.promise(() =>
        connection`select pg_advisory_unlock(hashtextextended('demo-seed', 0))`.then(
          () => connection.release(),
          () => connection.release(),
        ),
      ),
  );
});

const seedDemo = Effect.fnUntraced(function* (now: Date) {
  yield* (yield* Registration).ensureDemoWorkspace(now);
  const user = yield* (yield* Users).findById(DEMO_USER_ID);
  if (!user) return;
  const caller = callerOf(user, {
    now,
    correlationId: `demo-${randomUUID()}`,
    causationId: null,
  });
  let made: Readonly<Record<string, ReadonlyMap<string, string>>> = {};
  for (const seed of demoSeeders) {
    const more = yield* seed({ caller, userId: user.id, now, made });
    if (more) made = { ...made, ...more };
  }
});
