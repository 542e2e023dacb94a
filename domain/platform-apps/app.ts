import { Effect } from "effect";
import type { PlatformId } from "../accounts/platforms";
import { type Decider, InvalidInput } from "../shared";
import type { PlatformAppEvent } from "./events";
import { PLATFORM_APP_MESSAGES, PLATFORM_APP_VALUE_MAX, platformAppFields } from "./rules";

export interface PlatformAppState {
  readonly configured: boolean;
  readonly clientId: string;
  readonly secretEncrypted: string;
  readonly extras: Readonly<Record<string, string>>;
}

export const platformAppDecider: Decider<PlatformAppState, PlatformAppEvent> = {
  initialState: () => ({ configured: false, clientId: "", secretEncrypted: "", extras: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case "PlatformAppConfigured":
        return { configured: true, clientId: event.data.clientId, secretEncrypted: event.data.secretEncrypted, extras: event.data.extras };
      case "PlatformAppCleared":
        return { configured: false, clientId: "", secretEncrypted: "", extras: {} };
    }
  },
};

/** What an operator typed: empty secrets keep the saved ones. */
export interface PlatformAppInput {
  readonly clientId?: string | undefined;
  readonly clientSecret?: string | undefined;
  readonly extras: Readonly<Record<string, string | undefined>>;
}

/** A value as typed, trimmed; the sentence that refuses it, if any. */
const problemOf = (value: string): string | null =>
  value.length > PLATFORM_APP_VALUE_MAX ? PLATFORM_APP_MESSAGES.tooLong : /\s/.test(value) ? PLATFORM_APP_MESSAGES.spaces : null;

/**
 * The input checked field by field, every refusal with its sentence: a client id always, a client
 * secret unless one is saved (an empty one keeps it), extra fields optional.
 */
export const checkPlatformAppInput = (platform: PlatformId, input: PlatformAppInput, state: PlatformAppState): Effect.Effect<PlatformAppInput, InvalidInput> => {
  const fields: Record<string, string> = {};
  const clientId = input.clientId?.trim() ?? "";
  const clientSecret = input.clientSecret?.trim() ?? "";
  if (!clientId) fields.clientId = PLATFORM_APP_MESSAGES.clientIdRequired;
  else if (problemOf(clientId)) fields.clientId = problemOf(clientId)!;
  if (!clientSecret && !state.configured) fields.clientSecret = PLATFORM_APP_MESSAGES.clientSecretRequired;
  else if (clientSecret && problemOf(clientSecret)) fields.clientSecret = problemOf(clientSecret)!;
  const extras: Record<string, string> = {};
  for (const field of platformAppFields(platform)) {
    const value = input.extras[field.name]?.trim() ?? "";
    if (value && problemOf(value)) fields[field.name] = problemOf(value)!;
    else if (value) extras[field.name] = value;
  }
  const names = Object.keys(fields);
  if (names.length > 0) return Effect.fail(new InvalidInput({ message: fields[names[0]!]!, fields }));
  return Effect.succeed({ clientId, clientSecret: clientSecret || undefined, extras });
};

/** The secrets of a save, already encrypted by the caller (the domain never sees a key); undefined keeps the saved one. */
export interface ConfigurePlatformApp {
  readonly platform: PlatformId;
  readonly clientId: string;
  readonly secretEncrypted: string | undefined;
  readonly extras: Readonly<Record<string, string>>;
}

export const configurePlatformApp =
  (command: ConfigurePlatformApp) =>
  (state: PlatformAppState): Effect.Effect<ReadonlyArray<PlatformAppEvent>> => {
    const secretEncrypted = command.secretEncrypted ?? state.secretEncrypted;
    const extras = { ...(state.configured ? state.extras : {}), ...command.extras };
    const changed = [
      ...(state.clientId !== command.clientId ? ["clientId"] : []),
      ...(command.secretEncrypted !== undefined ? ["clientSecret"] : []),
      ...Object.keys(command.extras),
    ];
    return Effect.succeed([{ type: "PlatformAppConfigured", data: { platform: command.platform, clientId: command.clientId, secretEncrypted, extras, changed } }]);
  };

/** Clearing what is not saved changes nothing (a repeated DELETE is not an error). */
export const clearPlatformApp =
  (platform: PlatformId) =>
  (state: PlatformAppState): Effect.Effect<ReadonlyArray<PlatformAppEvent>> =>
    Effect.succeed(state.configured ? [{ type: "PlatformAppCleared", data: { platform } }] : []);
