import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("an account's initials", () => {
  it("given an account's name, when drawing its avatar, then takes up to two initials and '?' when there is no letter", () => {
    expect(initialsOf("Lee Dental FB")).toBe("LD");
    expect(initialsOf("lee")).toBe("L");
    expect(initialsOf("@lee.dental — clinic")).toBe("LC");
    expect(initialsOf("Élodie Ørsted")).toBe("ÉØ");
    expect(initialsOf("  — ")).toBe("?");
  });
});
