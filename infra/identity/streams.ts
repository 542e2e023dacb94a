import { Effect } from "effect";
import {
  type UserEvent,
  type UserState,
  userDecider,
  userStreamId,
  workspaceDecider,
  type WorkspaceEvent,
  type WorkspaceState,
  workspaceStreamId,
} from "../../domain/identity";
import type { CommandContext } from "../../domain/shared";
import type { CurrentUser } from "./current-user";
import { Database } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";

/** The subscription's events, written on the owner's stream until the workspace became the subscriber. */
const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set(["TrialStarted", "TrialExpired", "PlanChanged"]);

/**
 * Commands on a user's and on a workspace's stream, for the identity services (internal to
 * `infra/identity/`): each service builds them once in its layer.
 */
export const identityStreams = Effect.gen(function* () {
  const db = yield* Database;
  const store = yield* EventStore;
  const provide = <A, E>(effect: Effect.Effect<A, E, EventStore | Database>) =>
    effect.pipe(Effect.provideService(EventStore, store), Effect.provideService(Database, db));

  const onUserCommand = <E>(
    user: Pick<CurrentUser, "id" | "workspaceId">,
    decide: (state: UserState) => Effect.Effect<ReadonlyArray<UserEvent>, E>,
    ctx: CommandContext,
    expectedVersion?: number,
  ) => provide(handleCommand(userStreamId(user.id), userDecider, decide, { ctx, workspaceId: user.workspaceId, expectedVersion }));

  /**
   * A command on the workspace's subscription. Workspaces registered before the workspace became
   * the subscriber keep their first trial events on the owner's stream: those are folded in too.
   */
  const onWorkspaceCommand = <E>(
    workspaceId: string,
    decide: (state: WorkspaceState) => Effect.Effect<ReadonlyArray<WorkspaceEvent>, E>,
    ctx: CommandContext,
  ) =>
    Effect.gen(function* () {
      // The creator's stream (the owner may have changed since): its first subscription events.
      const created = (yield* store.readStream(workspaceStreamId(workspaceId))).events.find((e) => e.type === "WorkspaceCreated");
      const [owner] = created ? [] : yield* db.query((sql) => sql<{ owner_id: string }[]>`select owner_id from workspaces where id = ${workspaceId}`);
      const creatorId = (created?.data as { ownerId?: string } | undefined)?.ownerId ?? owner?.owner_id;
      const movedFrom = creatorId ? (yield* store.readStream(userStreamId(creatorId))).events.filter((e) => SUBSCRIPTION_EVENTS.has(e.type)) : [];
      return yield* provide(handleCommand(workspaceStreamId(workspaceId), workspaceDecider, decide, { ctx, workspaceId, movedFrom }));
    });

  /** The command that creates a workspace (registration): no stream, and no owner, before it. */
  const onNewWorkspace = <E>(workspaceId: string, decide: (state: WorkspaceState) => Effect.Effect<ReadonlyArray<WorkspaceEvent>, E>, ctx: CommandContext) =>
    provide(handleCommand(workspaceStreamId(workspaceId), workspaceDecider, decide, { ctx, workspaceId }));

  return { onUserCommand, onWorkspaceCommand, onNewWorkspace };
});
