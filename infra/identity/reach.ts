import { Effect, Layer } from "effect";
import { Database } from "../db/Database";
import { refusalOf, type Requirement } from "../../domain/access";
import { type Caller, NotFound } from "../../domain/shared";
import { agencyWorkspaceIds, workspacesOf } from "./queries";
import { callerOf } from "./current-user";
import { Users } from "./Users";
import { CurrentCaller, CurrentRequirement, Reach, refused } from "../web/api/guard";

/** A workspace the caller may work in from here, with the caller as they are there (its plan, their role in it). */
export interface ReachedWorkspace {
  readonly id: string;
  readonly name: string;
  readonly caller: Caller;
}

/**
 * The caller as they are in `workspaceId`: the same caller for their own workspace; for another of
 * their agency's workspaces (the agency's own, or a client's) whose team they are in, their role
 * there and its plan. Null for anything else: a workspace of another agency, one whose team they
 * are not in, or any other than its own for an API key (a key is given for one workspace).
 */
export const callerIn = (caller: Caller, workspaceId: string) =>
  Effect.gen(function* () {
    // Their agency's workspaces are read only when another workspace is asked for by a person.
    const elsewhere = workspaceId !== caller.workspaceId && caller.actor.kind === "person";
    return yield* callerAmong(caller, workspaceId, elsewhere ? yield* agencyWorkspaceIds(caller.workspaceId) : []);
  });

/** `callerIn` with the caller's agency's workspaces already read (`agencyIds`). */
const callerAmong = (caller: Caller, workspaceId: string, agencyIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    if (workspaceId === caller.workspaceId) return caller;
    if (caller.actor.kind !== "person" || !agencyIds.includes(workspaceId)) return null;
    const there = yield* (yield* Users).findInWorkspace(caller.actor.userId, workspaceId);
    return there ? { ...callerOf(there, caller), actor: caller.actor } : null;
  });

/**
 * The workspaces of the caller's agency they may read with `requirement` met there (their own
 * first, then by name): what `?workspaces=all` reads. A person with no agency reaches only theirs.
 */
export const reachableWorkspaces = (caller: Caller, requirement: Requirement) =>
  Effect.gen(function* () {
    const ids = caller.actor.kind === "person" ? yield* agencyWorkspaceIds(caller.workspaceId) : [caller.workspaceId];
    const facts = yield* workspacesOf(ids);
    const reached: ReachedWorkspace[] = [];
    for (const workspace of facts) {
      const there = yield* callerAmong(caller, workspace.id, ids);
      if (there && !refusalOf(there, requirement)) reached.push({ id: workspace.id, name: workspace.name, caller: there });
    }
    return reached.sort((a, b) => Number(b.id === caller.workspaceId) - Number(a.id === caller.workspaceId) || a.name.localeCompare(b.name));
  });

/**
 * The caller as they are in the workspace of the item an operation acts on (`InItsWorkspace` in
 * infra/web/api/guard.ts), with the operation's `Requires` checked there: 403 where their role there
 * does not allow it. An item they may not reach (none, another agency's, a client not given to them)
 * is 404 (`what`), as one that does not exist: never a hint it exists. (The guard has refused, before
 * anything was read, one who may do this nowhere: `Reach`.)
 */
export const callerForItem = (workspaceId: string | null, what: string) =>
  Effect.gen(function* () {
    const there = workspaceId ? yield* callerIn(yield* CurrentCaller, workspaceId) : null;
    if (!there) return yield* new NotFound({ what });
    yield* refused(there, yield* CurrentRequirement);
    return there;
  });

/** The guard's `Reach`: whether the caller meets a requirement in any workspace they may reach. */
export const reachLayer = Layer.effect(
  Reach,
  Effect.map(Effect.context<Users | Database>(), (services) => ({
    anywhere: (caller: Caller, requirement: Requirement) =>
      reachableWorkspaces(caller, requirement).pipe(
        Effect.map((reached) => reached.length > 0),
        Effect.provide(services),
        Effect.orDie,
      ),
  })),
);
