import type { Tier } from "../plans/catalogue";
import type { EventMetadata } from "./events";

/** A workspace's roles (spec engagement §6, and the FAQ's read-only viewer): the owner has every permission and cannot be changed. */
export const ROLES = ["owner", "admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/**
 * A process that acts on its own (the scheduler, the engagement reader, trials, feeds, ingestion…):
 * each is declared by the module that runs it (`processes` in its defineModule), and
 * infra/modules.unit.test.ts fails on a process no module declares.
 */
export type SystemProcess = string;

/**
 * Who acts: a signed-in person, the system, someone acting through a share link (a client approving
 * a post), a program with an API key its creator made (acting for them, its role capped), or a
 * visitor who is not signed in (registering, resetting a password).
 */
export type Actor =
  | { readonly kind: "person"; readonly userId: string }
  | { readonly kind: "visitor" }
  | { readonly kind: "system"; readonly process: SystemProcess }
  | {
      readonly kind: "share_link";
      readonly linkId: string;
      readonly name: string;
    }
  | {
      readonly kind: "api_key";
      readonly keyId: string;
      /** The person who created the key: what it does is theirs (the audit trail names both). */
      readonly userId: string;
      /** An agent key: the posts it creates or schedules wait for a person's approval. */
      readonly requireApproval: boolean;
    };

/** What every command carries: who, when (commands have no hidden clock), and which request caused it. */
export interface CommandContext {
  readonly actor: Actor;
  readonly now: Date;
  readonly correlationId: string;
  readonly causationId: string | null;
}

/** A command's context in a workspace: the one the caller acts in, with their role and the workspace's plan. */
export interface Caller extends CommandContext {
  readonly workspaceId: string;
  readonly role: Role;
  readonly plan: Tier;
  /** The acting person's time zone (or the workspace owner's for the system): times typed without one are read in it. */
  readonly timeZone: string;
}

export const personActing = (userId: string): Actor => ({
  kind: "person",
  userId,
});

/** The person's id (an API key's creator for the key), or null when the system or a share link acted. */
export const actorIdOf = (actor: Actor): string | null => (actor.kind === "person" || actor.kind === "api_key" ? actor.userId : null);

export const isSystemCaller = (ctx: CommandContext): boolean => ctx.actor.kind === "system";

/** A context for work that no request started (a job, the CLI). */
export const systemContext = (process: SystemProcess, now: Date, correlationId: string, causationId: string | null = null): CommandContext => ({
  actor: { kind: "system", process },
  now,
  correlationId,
  causationId,
});

/** The system acting in a workspace, with the owner's rights and the workspace's plan. */
export const systemCaller = (
  ctx: CommandContext,
  workspace: {
    readonly id: string;
    readonly plan: Tier;
    readonly timeZone: string;
  },
): Caller => ({
  ...ctx,
  workspaceId: workspace.id,
  role: "owner",
  plan: workspace.plan,
  timeZone: workspace.timeZone,
});

/** The audit trail's part of an event: who, in which workspace, under which request. */
export const metadataOf = (ctx: CommandContext, workspaceId: string | null): EventMetadata => ({
  actorId: actorIdOf(ctx.actor),
  workspaceId,
  correlationId: ctx.correlationId,
  causationId: ctx.causationId,
  ...(ctx.actor.kind === "system" ? { via: `system:${ctx.actor.process}` } : {}),
  ...(ctx.actor.kind === "share_link" ? { via: `share_link:${ctx.actor.linkId}` } : {}),
  ...(ctx.actor.kind === "api_key" ? { via: `api_key:${ctx.actor.keyId}` } : {}),
});
