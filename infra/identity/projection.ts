import { Effect } from "effect";
import type { UserEvent, WorkspaceEvent } from "../../domain/identity";
import type { RecordedEvent } from "../../domain/shared";
import { Database } from "../db/Database";
import type { Projection } from "../eventstore/projections";

type IdentityEvent = RecordedEvent<UserEvent | WorkspaceEvent>;

const userIdOf = (event: RecordedEvent) => event.streamId.slice("user-".length);

/** The users and workspaces read models. Every value comes from the event, so a replay gives the same rows. */
export const identityProjection: Projection = {
  name: "identity",
  kind: "inline",
  tables: ["workspaces", "users", "notification_preferences"],
  handles: [
    "WorkspaceCreated",
    "UserRegistered",
    "TrialStarted",
    "TrialExpired",
    "PlanChanged",
    "ProfileUpdated",
    "PasswordChanged",
    "OperatorGranted",
    "OnboardingCompleted",
  ],
  apply: (recorded) =>
    Effect.gen(function* () {
      const db = yield* Database;
      const event = recorded as IdentityEvent;
      const at = event.createdAt;
      const id = userIdOf(event);
      switch (event.type) {
        case "WorkspaceCreated": {
          const d = event.data;
          yield* db.query(
            (sql) => sql`insert into workspaces (id, name, owner_id, is_demo, created_at)
                         values (${d.workspaceId}, ${d.name}, ${d.ownerId}, ${d.isDemo}, ${at})`,
          );
          return;
        }
        case "UserRegistered": {
          const d = event.data;
          yield* db.query(
            (sql) => sql`
              insert into users (id, workspace_id, email, username, password_hash, first_name, last_name, company,
                                 selected_plan, subscription_tier, subscription_status, trial_ends_at, is_trial_active,
                                 team_role, time_zone, created_at, updated_at)
              values (${d.userId}, ${d.workspaceId}, ${d.email}, ${d.username}, ${d.passwordHash}, ${d.firstName},
                      ${d.lastName}, ${d.company}, ${d.selectedPlan}, 'trial', 'trial', null, false,
                      'owner', ${d.timeZone}, ${at}, ${at})`,
          );
          yield* db.query((sql) => sql`insert into notification_preferences (user_id) values (${d.userId})`);
          return;
        }
        case "TrialStarted":
          yield* db.query(
            (sql) => sql`update users set subscription_tier = 'trial', subscription_status = 'trial',
                           trial_ends_at = ${event.data.endsAt}, is_trial_active = true, updated_at = ${at}
                         where id = ${id}`,
          );
          return;
        case "TrialExpired":
          yield* db.query(
            (sql) => sql`update users set is_trial_active = false, subscription_status = 'expired', updated_at = ${at}
                         where id = ${id}`,
          );
          return;
        case "PlanChanged": {
          const tier = event.data.tier;
          yield* db.query(
            (sql) => sql`update users set subscription_tier = ${tier},
                           subscription_status = ${tier === "trial" ? "trial" : "active"},
                           is_trial_active = ${tier === "trial"} and is_trial_active,
                           updated_at = ${at}
                         where id = ${id}`,
          );
          return;
        }
        case "ProfileUpdated": {
          const d = event.data;
          yield* db.query(
            (sql) => sql`update users set username = ${d.username}, email = ${d.email}, time_zone = ${d.timeZone},
                           updated_at = ${at} where id = ${id}`,
          );
          return;
        }
        case "PasswordChanged":
          yield* db.query(
            (sql) => sql`update users set password_hash = ${event.data.passwordHash}, updated_at = ${at} where id = ${id}`,
          );
          return;
        case "OperatorGranted":
          yield* db.query((sql) => sql`update users set is_operator = true, updated_at = ${at} where id = ${id}`);
          return;
        case "OnboardingCompleted":
          yield* db.query(
            (sql) => sql`update users set onboarded_at = ${at}, time_zone = ${event.data.timeZone}, updated_at = ${at}
                         where id = ${id}`,
          );
          return;
      }
    }),
};
