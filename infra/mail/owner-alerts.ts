import { Effect } from "effect";
import { Database } from "../db/Database";

export interface AlertRecipient {
  readonly email: string;
  readonly firstName: string;
}

/**
 * The workspace owner to e-mail about a failure (a publication, an account to reconnect), or null
 * when their failure alerts are off (they are on by default).
 */
export const ownerToAlert = (workspaceId: string) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const [owner] = yield* db.query(
      (sql) => sql<{ email: string; first_name: string; failure_alerts: boolean }[]>`
        select u.email, u.first_name, coalesce(n.failure_alerts, true) as failure_alerts
        from workspaces w join users u on u.id = w.owner_id left join notification_preferences n on n.user_id = u.id
        where w.id = ${workspaceId}`,
    );
    return owner?.failure_alerts ? ({ email: owner.email, firstName: owner.first_name } satisfies AlertRecipient) : null;
  });
