import { describe, expect, it } from "vitest";
import { derivedToken } from "./tokens";

const key = Buffer.alloc(32, 7);
const otherKey = Buffer.alloc(32, 8);

describe("a link's token derived from its id under the server's key", () => {
  it("given the same purpose, id and key, then the same token; another id, purpose or key gives another", () => {
    const token = derivedToken("invite", "0b9f7c3e-3f0a-4a51-9d1e-5d2c8b7a6f10", key);
    expect(derivedToken("invite", "0b9f7c3e-3f0a-4a51-9d1e-5d2c8b7a6f10", key)).toBe(token);
    expect(derivedToken("invite", "0b9f7c3e-3f0a-4a51-9d1e-5d2c8b7a6f11", key)).not.toBe(token);
    expect(derivedToken("approval-link", "0b9f7c3e-3f0a-4a51-9d1e-5d2c8b7a6f10", key)).not.toBe(token);
    expect(derivedToken("invite", "0b9f7c3e-3f0a-4a51-9d1e-5d2c8b7a6f10", otherKey)).not.toBe(token);
    // The shape of a random token (32 base32 characters): the links' addresses keep their form.
    expect(token).toMatch(/^[a-z2-7]{32}$/);
  });
});
