import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** 160 random bits, printable: session cookies, reset links, team invitations and clients' approval links. */
export const generateToken = (): string => {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
};

/** Tokens are stored only as their SHA-256: a leaked table opens no session. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
