import { createHash, createHmac } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { secretKey } from "../platforms/crypto";

/** 160 random bits, printable: session cookies and reset links. */
export const generateToken = (): string => {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
};

/** Tokens are stored only as their SHA-256: a leaked table opens no session. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/**
 * The token of a link an event records only as a hash (a team invitation, a client's approval
 * link): HMAC-SHA256 of "<purpose>:<id>" under the server's key (TOKEN_ENCRYPTION_KEY or the key
 * file in DATA_DIR), so that the reaction that e-mails the link can make it again from the event's
 * random id, while the event, the read model and the outbox's neighbours hold only its hash. The
 * first 160 bits in base32, the shape of `generateToken`, so that addresses keep their form.
 */
export const derivedToken = (purpose: string, id: string, key: Buffer = secretKey()): string =>
  encodeBase32LowerCaseNoPadding(createHmac("sha256", key).update(`${purpose}:${id}`).digest().subarray(0, 20));
