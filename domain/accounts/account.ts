import { Effect } from "effect";
import { Conflict, type Decider, NotFound } from "../shared";
import type { AccountEvent, AccountKind, AccountProfile } from "./events";
import type { PlatformId } from "./platforms";

export interface AccountState {
  readonly exists: boolean;
  readonly connected: boolean;
  readonly kind: AccountKind | null;
  readonly isActive: boolean;
  readonly needsReconnect: boolean;
}

export const accountDecider: Decider<AccountState, AccountEvent> = {
  initialState: () => ({ exists: false, connected: false, kind: null, isActive: true, needsReconnect: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case "AccountConnected":
        return { exists: true, connected: true, kind: event.data.kind, isActive: true, needsReconnect: false };
      case "AccountReconnected":
        return { ...state, connected: true, needsReconnect: false };
      case "AccountPaused":
        return { ...state, isActive: false };
      case "AccountResumed":
        return { ...state, isActive: true };
      case "AccountNeedsReconnect":
        return { ...state, needsReconnect: true };
      case "AccountDisconnected":
        return { ...state, connected: false };
      case "AccountTokensRefreshed":
      case "AccountProfileRefreshed":
        return state;
    }
  },
};

const forConnected = (state: AccountState, decide: () => ReadonlyArray<AccountEvent>) =>
  state.exists && state.connected ? Effect.succeed(decide()) : Effect.fail(new NotFound({ what: "account" }));

export const connectAccount =
  (command: {
    readonly accountId: string;
    readonly workspaceId: string;
    readonly platform: PlatformId;
    readonly kind: AccountKind;
    readonly profile: AccountProfile;
    readonly tokenExpiresAt: Date | null;
  }) =>
  (state: AccountState) =>
    state.exists
      ? Effect.fail(new Conflict({ message: "This account is already connected." }))
      : Effect.succeed<ReadonlyArray<AccountEvent>>([
          {
            type: "AccountConnected",
            data: {
              accountId: command.accountId,
              workspaceId: command.workspaceId,
              platform: command.platform,
              kind: command.kind,
              ...command.profile,
              tokenExpiresAt: command.tokenExpiresAt?.toISOString() ?? null,
            },
          },
        ]);

/** Connecting an account that was connected before keeps its id and history. */
export const reconnectAccount =
  (command: { readonly profile: AccountProfile; readonly tokenExpiresAt: Date | null }) => (state: AccountState) =>
    state.exists && state.kind
      ? Effect.succeed<ReadonlyArray<AccountEvent>>([
          {
            type: "AccountReconnected",
            data: { ...command.profile, kind: state.kind, tokenExpiresAt: command.tokenExpiresAt?.toISOString() ?? null },
          },
        ])
      : Effect.fail(new NotFound({ what: "account" }));

export const setAccountActive = (command: { readonly isActive: boolean }) => (state: AccountState) =>
  forConnected(state, () =>
    state.isActive === command.isActive ? [] : [{ type: command.isActive ? "AccountResumed" : "AccountPaused", data: {} }],
  );

export const disconnectAccount = () => (state: AccountState) =>
  forConnected(state, () => [{ type: "AccountDisconnected", data: {} }]);

export const recordTokensRefreshed = (command: { readonly expiresAt: Date | null }) => (state: AccountState) =>
  forConnected(state, () => [{ type: "AccountTokensRefreshed", data: { expiresAt: command.expiresAt?.toISOString() ?? null } }]);

/** A refresh that failed: the account waits for its owner to reconnect it (said once). */
export const requireReconnect = (command: { readonly reason: string }) => (state: AccountState) =>
  forConnected(state, () => (state.needsReconnect ? [] : [{ type: "AccountNeedsReconnect", data: { reason: command.reason } }]));

export const refreshProfile =
  (command: Omit<AccountProfile, "externalId" | "profileUrl" | "metadata">) => (state: AccountState) =>
    forConnected(state, () => [{ type: "AccountProfileRefreshed", data: { ...command } }]);
