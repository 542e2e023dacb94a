import { Context, Effect, Layer } from "effect";
import type { PlanId, Tier } from "../../domain/plans";
import { NotFound, type Role } from "../../domain/shared";
import type { CurrentUser } from "./current-user";
import { Database, type Sql, type SqlError } from "../db/Database";
import { TeamMemberships, type TeamMembershipsShape } from "./ports";

interface UserRow {
  id: string;
  workspace_id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  company: string;
  subscription_tier: Tier;
  selected_plan: PlanId;
  subscription_status: string;
  is_trial_active: boolean;
  trial_ends_at: Date | null;
  /** Whether they own the workspace they work in (else their role is the team's). */
  owns: boolean;
  time_zone: string;
  is_operator: boolean;
  onboarded_at: Date | null;
}

const toCurrentUser = (row: UserRow, teamRole: Role): CurrentUser => ({
  id: row.id,
  workspaceId: row.workspace_id,
  email: row.email,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  company: row.company,
  subscriptionTier: row.subscription_tier,
  selectedPlan: row.selected_plan,
  subscriptionStatus: row.subscription_status,
  isTrialActive: row.is_trial_active,
  trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
  teamRole,
  timeZone: row.time_zone,
  isOperator: row.is_operator,
  onboardedAt: row.onboarded_at?.toISOString() ?? null,
});

/**
 * The one query of a user with their workspace's subscription (an agency's client works on the
 * agency's) and whether they own the workspace they work in. Plain, so that the API's fast lane
 * (infra/identity/fast-lane.ts) reads users exactly as the service does.
 */
export const selectUserWhere = (sql: Sql, where: ReturnType<Sql>, workspace: ReturnType<Sql> = sql`w.id = u.workspace_id`) => sql<UserRow[]>`
  select u.id, w.id as workspace_id, u.email, u.username, u.first_name, u.last_name, u.company, s.subscription_tier, u.selected_plan,
         s.subscription_status, s.is_trial_active, s.trial_ends_at, w.owner_id = u.id as owns,
         u.time_zone, u.is_operator, u.onboarded_at
  from users u join workspaces w on ${workspace}
  join workspaces s on s.id = coalesce(w.parent_workspace_id, w.id)
  where ${where}`;

/**
 * The first row as the user with their role: the owner's, or the one the team gives them (asked
 * only of those who do not own it: a second statement for members alone). Null for no row, or for
 * someone no longer in the team of the workspace they worked in: a person removed from the team is
 * no user any more, their sessions end.
 */
export const userOf = async (sql: Sql, rows: ReadonlyArray<UserRow>, team: TeamMembershipsShape): Promise<CurrentUser | null> => {
  const row = rows[0];
  if (!row) return null;
  const role = row.owns ? "owner" : await team.roleIn(sql, row.workspace_id, row.id);
  return role ? toCurrentUser(row, role) : null;
};

/** Reading users (people who sign in), each with their workspace's subscription. Social accounts are `SocialAccounts`. */
export class Users extends Context.Service<
  Users,
  {
    readonly findById: (userId: string) => Effect.Effect<CurrentUser | null, SqlError>;
    readonly findByEmail: (email: string) => Effect.Effect<CurrentUser | null, SqlError>;
    /**
     * The person as they would be working in `workspaceId` (its plan, their role there), whichever
     * workspace they are in now; null when they are not in its team (an API key acts so for its creator).
     */
    readonly findInWorkspace: (userId: string, workspaceId: string) => Effect.Effect<CurrentUser | null, SqlError>;
    /** `findById`, or NotFound. */
    readonly getById: (userId: string) => Effect.Effect<CurrentUser, NotFound | SqlError>;
    /** `findByEmail`, or NotFound naming the email. */
    readonly getByEmail: (email: string) => Effect.Effect<CurrentUser, NotFound | SqlError>;
  }
>()("app/Users") {
  static layer = Layer.effect(
    Users,
    Effect.gen(function* () {
      const db = yield* Database;
      const team = yield* TeamMemberships;

      const selectUser = (where: (sql: Sql) => ReturnType<Sql>) => db.query(async (sql) => userOf(sql, await selectUserWhere(sql, where(sql)), team));

      const findById = Effect.fn("Users.findById")(function* (userId: string) {
        return yield* selectUser((sql) => sql`u.id = ${userId}`);
      });
      const findByEmail = Effect.fn("Users.findByEmail")(function* (email: string) {
        return yield* selectUser((sql) => sql`lower(u.email) = ${email.trim().toLowerCase()}`);
      });

      return {
        findById,
        findByEmail,
        findInWorkspace: Effect.fn("Users.findInWorkspace")(function* (userId: string, workspaceId: string) {
          return yield* db.query(async (sql) => userOf(sql, await selectUserWhere(sql, sql`u.id = ${userId}`, sql`w.id = ${workspaceId}`), team));
        }),
        getById: Effect.fn("Users.getById")(function* (userId: string) {
          const user = yield* findById(userId);
          return user ?? (yield* new NotFound({ what: "user" }));
        }),
        getByEmail: Effect.fn("Users.getByEmail")(function* (email: string) {
          const user = yield* findByEmail(email);
          return user ?? (yield* new NotFound({ what: `an account with the email ${email}` }));
        }),
      };
    }),
  );
}
