import { Effect } from "effect";
import { Conflict, type Decider, InvalidInput, NotFound } from "../shared";
import type { ApiKeyEvent } from "./events";
import { API_KEY_MESSAGES, API_KEY_NAME_MAX, type ApiKeyAccess } from "./rules";

export interface ApiKeyState {
  readonly exists: boolean;
  readonly revoked: boolean;
  readonly workspaceId: string;
}

export const apiKeyDecider: Decider<ApiKeyState, ApiKeyEvent> = {
  initialState: () => ({ exists: false, revoked: false, workspaceId: "" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "ApiKeyCreated":
        return {
          exists: true,
          revoked: false,
          workspaceId: event.data.workspaceId,
        };
      case "ApiKeyRevoked":
        return { ...state, revoked: true };
    }
  },
};

type Decision<E> = Effect.Effect<ReadonlyArray<ApiKeyEvent>, E>;

export interface CreateApiKey {
  readonly keyId: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly access: ApiKeyAccess;
  readonly requireApproval: boolean;
  readonly expiresAt: Date | null;
  readonly keyHash: string;
  readonly lastFour: string;
  readonly createdBy: string;
  readonly now: Date;
}

/** A key named (trimmed, 1–100 characters), expiring in the future or never. */
export const createApiKey =
  (command: CreateApiKey) =>
  (state: ApiKeyState): Decision<Conflict | InvalidInput> => {
    if (state.exists) return Effect.fail(new Conflict({ message: "This API key already exists." }));
    const name = command.name.trim();
    if (name.length === 0)
      return Effect.fail(
        new InvalidInput({
          message: API_KEY_MESSAGES.nameRequired,
          fields: { name: API_KEY_MESSAGES.nameRequired },
        }),
      );
    if (name.length > API_KEY_NAME_MAX)
      return Effect.fail(
        new InvalidInput({
          message: API_KEY_MESSAGES.nameTooLong,
          fields: { name: API_KEY_MESSAGES.nameTooLong },
        }),
      );
    if (command.expiresAt && command.expiresAt.getTime() <= command.now.getTime())
      return Effect.fail(
        new InvalidInput({
          message: API_KEY_MESSAGES.expiresInPast,
          fields: { expiresAt: API_KEY_MESSAGES.expiresInPast },
        }),
      );
    return Effect.succeed([
      {
        type: "ApiKeyCreated",
        data: {
          keyId: command.keyId,
          workspaceId: command.workspaceId,
          name,
          access: command.access,
          requireApproval: command.requireApproval,
          expiresAt: command.expiresAt?.toISOString() ?? null,
          keyHash: command.keyHash,
          lastFour: command.lastFour,
          createdBy: command.createdBy,
        },
      },
    ]);
  };

/** Revoked at once; a key of another workspace reads like none, and revoking twice is told. */
export const revokeApiKey =
  (command: { readonly workspaceId: string }) =>
  (state: ApiKeyState): Decision<NotFound | Conflict> => {
    if (!state.exists || state.workspaceId !== command.workspaceId) return Effect.fail(new NotFound({ what: "API key" }));
    if (state.revoked) return Effect.fail(new Conflict({ message: API_KEY_MESSAGES.alreadyRevoked }));
    return Effect.succeed([{ type: "ApiKeyRevoked", data: {} }]);
  };
