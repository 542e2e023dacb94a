import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, KEY_FILE_NAME, parseKey, SecretDecryptionError, SecretKeyError, secretKey } from "./crypto";

let dataDir: string;
const saved = { key: process.env.TOKEN_ENCRYPTION_KEY, dataDir: process.env.DATA_DIR };

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "socialdesk-crypto-"));
  delete process.env.TOKEN_ENCRYPTION_KEY;
  process.env.DATA_DIR = dataDir;
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  if (saved.key === undefined) delete process.env.TOKEN_ENCRYPTION_KEY;
  else process.env.TOKEN_ENCRYPTION_KEY = saved.key;
  if (saved.dataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved.dataDir;
});

describe("encryptSecret / decryptSecret", () => {
  it("round-trips any text, with a fresh IV each time", () => {
    for (const plain of ["access-token-123", "", "ünïcödé ✓ 🔑", "x".repeat(10_000)]) {
      const sealed = encryptSecret(plain);
      expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
      expect(sealed).not.toContain(plain || "\u0000");
      expect(decryptSecret(sealed)).toBe(plain);
    }
    expect(encryptSecret("same")).not.toBe(encryptSecret("same"));
  });

  it("detects tampering with the data, the tag or the IV", () => {
    const sealed = encryptSecret("refresh-token-456");
    const [version, iv, tag, data] = sealed.split(".");
    const flip = (part: string) => {
      const bytes = Buffer.from(part, "base64url");
      bytes[0] ^= 1;
      return bytes.toString("base64url");
    };
    for (const altered of [
      [version, iv, tag, flip(data)],
      [version, iv, flip(tag), data],
      [version, flip(iv), tag, data],
    ]) {
      expect(() => decryptSecret(altered.join("."))).toThrow(SecretDecryptionError);
      expect(() => decryptSecret(altered.join("."))).toThrow(/altered, or it was encrypted with another key/);
    }
  });

  it("refuses text that is not an encrypted secret", () => {
    for (const text of ["plain-token", "v2.a.b.c", "v1.a.b", "v1.AAAA.BBBB.CCCC"]) {
      expect(() => decryptSecret(text)).toThrow(SecretDecryptionError);
    }
    expect(() => decryptSecret("plain-token")).toThrow("Not an encrypted secret: expected v1.<iv>.<tag>.<data>.");
  });

  it("a secret sealed with another key does not open", () => {
    const sealed = encryptSecret("token", randomBytes(32));
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow(SecretDecryptionError);
  });
});

describe("the key", () => {
  it("is generated once into DATA_DIR/token-encryption.key (mode 0600) and reused", () => {
    const sealed = encryptSecret("token");
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(readFileSync(file, "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(decryptSecret(sealed)).toBe("token");
    // Reading the key again (as the worker process would) finds the same one.
    expect(secretKey({ DATA_DIR: dataDir }).equals(parseKey(readFileSync(file, "utf8"), file))).toBe(true);
  });

  it("an existing key file is used as it is", () => {
    const hex = randomBytes(32).toString("hex");
    writeFileSync(path.join(dataDir, KEY_FILE_NAME), `${hex}\n`, { mode: 0o600 });
    expect(secretKey().toString("hex")).toBe(hex);
  });

  it("comes from TOKEN_ENCRYPTION_KEY, as hex or base64, when set", () => {
    const key = randomBytes(32);
    process.env.TOKEN_ENCRYPTION_KEY = key.toString("hex");
    const sealed = encryptSecret("token");
    expect(decryptSecret(sealed, key)).toBe("token");
    process.env.TOKEN_ENCRYPTION_KEY = key.toString("base64");
    expect(decryptSecret(sealed)).toBe("token");
    process.env.TOKEN_ENCRYPTION_KEY = key.toString("base64url");
    expect(decryptSecret(sealed)).toBe("token");
    // No key file was written.
    expect(() => statSync(path.join(dataDir, KEY_FILE_NAME))).toThrow();
    // A different key does not open it.
    process.env.TOKEN_ENCRYPTION_KEY = randomBytes(32).toString("hex");
    expect(() => decryptSecret(sealed)).toThrow(SecretDecryptionError);
  });

  it("a malformed TOKEN_ENCRYPTION_KEY is a clear error", () => {
    for (const bad of ["short", "z".repeat(64), randomBytes(16).toString("hex"), randomBytes(31).toString("base64")]) {
      process.env.TOKEN_ENCRYPTION_KEY = bad;
      expect(() => encryptSecret("token")).toThrow(SecretKeyError);
      expect(() => encryptSecret("token")).toThrow(/TOKEN_ENCRYPTION_KEY must be 32 bytes written as 64 hex characters or as base64/);
    }
  });
});
