import { Effect } from "effect";
import { type Tier, trialEndsAtFrom } from "../plans";
import { Conflict, type Decider, InvalidInput, isHttpsAddress, NotFound } from "../shared";
import type { WorkspaceEvent } from "./events";

/** The workspace as the subscriber: its plan and its trial (spec core §6, §9). */
export interface WorkspaceState {
  readonly exists: boolean;
  readonly tier: Tier;
  readonly isTrialActive: boolean;
  readonly trialEndsAt: Date | null;
  readonly ownerId: string;
  /** An agency's client: the agency's workspace. */
  readonly parentWorkspaceId: string | null;
  readonly name: string;
  readonly logoUrl: string | null;
}

export const workspaceDecider: Decider<WorkspaceState, WorkspaceEvent> = {
  initialState: () => ({
    exists: false,
    tier: "trial",
    isTrialActive: false,
    trialEndsAt: null,
    ownerId: "",
    parentWorkspaceId: null,
    name: "",
    logoUrl: null,
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case "WorkspaceCreated":
        return { ...state, exists: true, ownerId: event.data.ownerId, parentWorkspaceId: event.data.parentWorkspaceId ?? null, name: event.data.name };
      case "WorkspaceOwnerChanged":
        return { ...state, ownerId: event.data.ownerId };
      case "ClientDetailsChanged":
        return { ...state, name: event.data.name, logoUrl: event.data.logoUrl };
      case "TrialStarted":
        return { ...state, tier: "trial", isTrialActive: true, trialEndsAt: new Date(event.data.endsAt) };
      case "TrialExpired":
        return { ...state, isTrialActive: false };
      case "PlanChanged":
        return { ...state, tier: event.data.tier as Tier, isTrialActive: event.data.tier === "trial" && state.isTrialActive };
    }
  },
};

export interface CreateWorkspace {
  readonly workspaceId: string;
  readonly name: string;
  readonly ownerId: string;
  readonly isDemo: boolean;
  readonly selectedPlan: string;
  readonly trialDays: number;
  readonly now: Date;
}

/** A workspace starts with its owner's registration, and its trial with it (spec core §4: the trial begins at registration). */
export const createWorkspace = (command: CreateWorkspace) => (state: WorkspaceState) =>
  state.exists
    ? Effect.fail(new Conflict({ message: "This workspace already exists." }))
    : Effect.succeed<ReadonlyArray<WorkspaceEvent>>([
        { type: "WorkspaceCreated", data: { workspaceId: command.workspaceId, name: command.name, ownerId: command.ownerId, isDemo: command.isDemo } },
        {
          type: "TrialStarted",
          data: { workspaceId: command.workspaceId, plan: command.selectedPlan, endsAt: trialEndsAtFrom(command.now, command.trialDays).toISOString() },
        },
      ]);

/** Ends the trial once its time is up; nothing to do otherwise (the job may run twice). */
export const expireTrial = (command: { readonly workspaceId: string; readonly now: Date }) => (state: WorkspaceState) =>
  Effect.succeed<ReadonlyArray<WorkspaceEvent>>(
    state.exists && state.tier === "trial" && state.isTrialActive && state.trialEndsAt !== null && state.trialEndsAt.getTime() <= command.now.getTime()
      ? [{ type: "TrialExpired", data: { workspaceId: command.workspaceId, endedAt: command.now.toISOString() } }]
      : [],
  );

export const changePlan = (command: { readonly workspaceId: string; readonly tier: Tier; readonly reason: string }) => (state: WorkspaceState) =>
  state.exists
    ? Effect.succeed<ReadonlyArray<WorkspaceEvent>>(
        state.tier === command.tier
          ? []
          : [{ type: "PlanChanged", data: { workspaceId: command.workspaceId, tier: command.tier, previousTier: state.tier, reason: command.reason } }],
      )
    : Effect.fail(new NotFound({ what: "workspace" }));

/**
 * A paid subscription ended (canceled at the period's end, or never paid): the workspace returns to
 * an expired trial, with its data kept. Nothing when it is on an expired trial already.
 */
export const endPaidPlan = (command: { readonly workspaceId: string; readonly reason: string; readonly now: Date }) => (state: WorkspaceState) => {
  if (!state.exists) return Effect.fail(new NotFound({ what: "workspace" }));
  if (state.tier === "trial" && !state.isTrialActive) return Effect.succeed<ReadonlyArray<WorkspaceEvent>>([]);
  return Effect.succeed<ReadonlyArray<WorkspaceEvent>>([
    ...(state.tier === "trial"
      ? []
      : [{ type: "PlanChanged" as const, data: { workspaceId: command.workspaceId, tier: "trial", previousTier: state.tier, reason: command.reason } }]),
    { type: "TrialExpired", data: { workspaceId: command.workspaceId, endedAt: command.now.toISOString() } },
  ]);
};

/** The workspace's owner hands it over (the team checks that the new owner is a member); nothing when it is theirs already. */
export const changeOwner = (command: { readonly workspaceId: string; readonly ownerId: string }) => (state: WorkspaceState) =>
  state.exists
    ? Effect.succeed<ReadonlyArray<WorkspaceEvent>>(
        state.ownerId === command.ownerId
          ? []
          : [{ type: "WorkspaceOwnerChanged", data: { workspaceId: command.workspaceId, ownerId: command.ownerId, previousOwnerId: state.ownerId } }],
      )
    : Effect.fail(new NotFound({ what: "workspace" }));

/**
 * An agency's client workspace: owned by the agency's owner, on the agency's plan (no trial of its
 * own), with a logo if given, and a name none of the agency's current clients has.
 */
export const createClientWorkspace =
  (command: {
    readonly workspaceId: string;
    readonly name: string;
    readonly logoUrl?: string | null;
    readonly ownerId: string;
    readonly parentWorkspaceId: string;
    /** The names of the agency's clients now. */
    readonly otherClientNames: ReadonlyArray<string>;
  }) =>
  (state: WorkspaceState): Effect.Effect<ReadonlyArray<WorkspaceEvent>, Conflict | InvalidInput> => {
    if (state.exists) return Effect.fail(new Conflict({ message: "This workspace already exists." }));
    return Effect.map(Effect.flatMap(clientDetails(command), nameFreeAmong(command.otherClientNames)), ({ name, logoUrl }): ReadonlyArray<WorkspaceEvent> => [
      {
        type: "WorkspaceCreated",
        data: { workspaceId: command.workspaceId, name, ownerId: command.ownerId, isDemo: false, parentWorkspaceId: command.parentWorkspaceId },
      },
      ...(logoUrl ? [{ type: "ClientDetailsChanged" as const, data: { workspaceId: command.workspaceId, name, logoUrl } }] : []),
    ]);
  };

/** A client's name (2 to 100 characters) and logo (an https:// address or none), tidied, or why not. */
const clientDetails = (input: { readonly name: string; readonly logoUrl?: string | null }) => {
  const name = input.name.trim();
  const logoUrl = input.logoUrl?.trim() || null;
  const fields: Record<string, string> = {};
  if (name.length < 2 || name.length > 100) fields.name = CLIENT_NAME_MESSAGE;
  if (logoUrl !== null && !isHttpsAddress(logoUrl)) fields.logoUrl = CLIENT_LOGO_MESSAGE;
  return Object.keys(fields).length > 0 ? Effect.fail(new InvalidInput({ message: Object.values(fields)[0]!, fields })) : Effect.succeed({ name, logoUrl });
};

/** Two clients of one agency never share a name: compared trimmed and whatever the case, the sentence names the one there is. */
const nameFreeAmong =
  (otherClientNames: ReadonlyArray<string>) =>
  <A extends { readonly name: string }>(details: A): Effect.Effect<A, Conflict> => {
    const clash = otherClientNames.find((other) => other.trim().toLowerCase() === details.name.toLowerCase());
    return clash === undefined ? Effect.succeed(details) : Effect.fail(new Conflict({ message: clientNameTakenMessage(clash.trim()) }));
  };

export const clientNameTakenMessage = (name: string) => `A client named "${name}" already exists.`;
export const CLIENT_NAME_MESSAGE = "Name the client in 2 to 100 characters.";
export const CLIENT_LOGO_MESSAGE = "The logo is an https:// address of an image, or nothing.";

/** The agency renames its client (to a name none of its other clients has) or changes its logo; nothing when both stay as they are. */
export const changeClientDetails =
  (command: {
    readonly workspaceId: string;
    readonly agencyId: string;
    readonly name: string;
    readonly logoUrl: string | null;
    /** The names of the agency's other clients now (not this one's). */
    readonly otherClientNames: ReadonlyArray<string>;
  }) =>
  (state: WorkspaceState): Effect.Effect<ReadonlyArray<WorkspaceEvent>, NotFound | InvalidInput | Conflict> =>
    !state.exists || state.parentWorkspaceId !== command.agencyId
      ? Effect.fail(new NotFound({ what: "client" }))
      : Effect.map(Effect.flatMap(clientDetails(command), nameFreeAmong(command.otherClientNames)), ({ name, logoUrl }): ReadonlyArray<WorkspaceEvent> =>
          name === state.name && logoUrl === state.logoUrl ? [] : [{ type: "ClientDetailsChanged", data: { workspaceId: command.workspaceId, name, logoUrl } }],
        );
