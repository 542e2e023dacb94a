import { randomUUID } from "node:crypto";
import type { AccountProfile } from "../../domain/accounts";

/** A sandbox account's profile: its posts go only to the sandbox timeline inside the app. */
export const sandboxProfile = (accountName: string, followers = 0, metadata: Record<string, unknown> = {}): AccountProfile => ({
  externalId: `sandbox-${randomUUID()}`,
  accountName,
  username: null,
  avatarUrl: null,
  followers,
  profileUrl: null,
  metadata: { ...metadata, sandbox: true },
});
