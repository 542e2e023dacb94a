import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Secrets at rest (OAuth and Bluesky tokens): AES-256-GCM with a random 12-byte IV, written as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. The version prefix leaves room for another key or
 * algorithm later without guessing what an old value is.
 *
 * The key is TOKEN_ENCRYPTION_KEY (32 bytes: 64 hex characters or base64) when set. Otherwise one
 * is generated once into DATA_DIR/token-encryption.key (mode 0600) and reused, so the embedded
 * set-up needs no configuration; that file must then be backed up with the database.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE_NAME = "token-encryption.key";

export class SecretKeyError extends Error {
  override readonly name = "SecretKeyError";
}

export class SecretDecryptionError extends Error {
  override readonly name = "SecretDecryptionError";
}

const KEY_FORMAT_HINT = "32 bytes written as 64 hex characters or as base64 (for example the output of `openssl rand -hex 32`)";

/** 64 hex characters, or base64/base64url of exactly 32 bytes. */
export const parseKey = (text: string, source: string): Buffer => {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) {
    const bytes = Buffer.from(t.replaceAll("-", "+").replaceAll("_", "/"), "base64");
    if (bytes.length === 32) return bytes;
  }
  throw new SecretKeyError(`${source} must be ${KEY_FORMAT_HINT}.`);
};

/** The key file is created atomically (write aside, then hard-link), so a web server and a worker starting together agree on one key. */
const keyFromFile = (file: string): Buffer => {
  try {
    return parseKey(readFileSync(file, "utf8"), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(aside, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(aside);
  }
  return parseKey(readFileSync(file, "utf8"), file);
};

const cache = new Map<string, Buffer>();

/** The current key, looked up on each call (cheap after the first) so a changed environment is honoured. */
export const secretKey = (env: NodeJS.ProcessEnv = process.env): Buffer => {
  const fromEnv = env.TOKEN_ENCRYPTION_KEY?.trim();
  const source = fromEnv ? `env:${fromEnv}` : `file:${path.resolve(env.DATA_DIR?.trim() || ".data", KEY_FILE_NAME)}`;
  let key = cache.get(source);
  if (!key) {
    key = fromEnv ? parseKey(fromEnv, "TOKEN_ENCRYPTION_KEY") : keyFromFile(source.slice("file:".length));
    cache.set(source, key);
  }
  return key;
};

export const encryptSecret = (plain: string, key: Buffer = secretKey()): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(".");
};

export const decryptSecret = (ciphertext: string, key: Buffer = secretKey()): string => {
  const parts = ciphertext.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new SecretDecryptionError("Not an encrypted secret: expected v1.<iv>.<tag>.<data>.");
  }
  const [, iv, tag, data] = parts.map((p) => Buffer.from(p, "base64url"));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretDecryptionError("Not an encrypted secret: its IV or authentication tag has the wrong length.");
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError(
      "A stored secret could not be decrypted: it was altered, or it was encrypted with another key than the current TOKEN_ENCRYPTION_KEY (or DATA_DIR/token-encryption.key).",
    );
  }
};
