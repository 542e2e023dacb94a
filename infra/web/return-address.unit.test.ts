import { describe, expect, it } from "vitest";
import { safeNext } from "./return-address";

const ORIGIN = "http://app.example:4321";
const HOME = "/app/dashboard";

describe("safeNext: the one gate of return addresses (next, back)", () => {
  it.each<[string, unknown, string]>([
    ["a path of the app", "/app/calendar", "/app/calendar"],
    ["a path with its query and fragment", "/app/calendar?view=week#today", "/app/calendar?view=week#today"],
    ["an absolute address on the app's own origin", `${ORIGIN}/app/queue?x=1`, "/app/queue?x=1"],
    ["a path with a percent-encoded tab (kept encoded: a browser does not drop it)", "/%09/evil.example/", "/%09/evil.example/"],
    ["non-ASCII, percent-encoded so that a Location header can carry it", "/。/x", "/%E3%80%82/x"],
    ["a NUL, percent-encoded", "/app/x\u0000y", "/app/x%00y"],
    ["a vertical tab, percent-encoded", "/app/x\u000By", "/app/x%0By"],
    ["a path without its leading slash, resolved from the root", "app/calendar", "/app/calendar"],
  ])("given %s, then it answers the same-origin path", (_name, value, expected) => {
    expect(safeNext(value, HOME, ORIGIN)).toBe(expected);
  });

  it.each<[string, unknown]>([
    ["a protocol-relative address", "//evil.example/"],
    ["three slashes", "///evil.example"],
    ["a tab between the slashes (browsers drop it)", "/\t/evil.example/"],
    ["a newline between the slashes", "/\n/evil.example/"],
    ["a carriage return between the slashes", "/\r/evil.example/"],
    ["a backslash after the slash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["a slash and a backslash with a tab", "/\t\\evil.example"],
    ["a dot segment that normalises to two slashes", "/.//evil.example"],
    ["a parent segment that normalises to two slashes", "/a/..//evil.example"],
    ["another scheme's relative form", "https:evil.example"],
    ["an absolute address on another origin", "https://evil.example/app"],
    ["the app's host on another port", "http://app.example:9999/app"],
    ["the app's host over another scheme", "https://app.example:4321/app"],
    ["a javascript: address", "javascript:alert(document.cookie)"],
    ["a javascript: address with a leading space and capitals", " JavaScript:alert(1)"],
    ["a data: address", "data:text/html,<script>alert(1)</script>"],
    ["a very long path", `/app/${"a".repeat(5000)}`],
    ["an empty value", ""],
    ["only a newline", "\n"],
    ["only spaces and a tab", "  \t "],
    ["no value", null],
    ["not a string", { toString: () => "//evil.example" }],
    ["a number", 42],
  ])("given %s, then it answers the fallback", (_name, value) => {
    expect(safeNext(value, HOME, ORIGIN)).toBe(HOME);
  });

  it("given any value, then it never throws and answers a path a Location header can carry", () => {
    const hostile = ["/\u0000", "/\u2028", "/\uD800", "\u0000", "http://[::1", "http://%", "/%", "?\u00FF", "#\uFFFF", "/x\u0085y"];
    for (const value of hostile) {
      const next = safeNext(value, HOME, ORIGIN);
      expect(next.startsWith("/") && !next.startsWith("//")).toBe(true);
      expect(() => new Headers({ location: next })).not.toThrow();
    }
  });

  it("given a broken origin, then it answers the fallback instead of throwing", () => {
    expect(safeNext("/app/calendar", HOME, "not a url")).toBe(HOME);
  });

  it("given no origin, then it resolves against the configured public address", () => {
    expect(safeNext("/app/calendar")).toBe("/app/calendar");
    expect(safeNext("//evil.example")).toBe(HOME);
  });
});
