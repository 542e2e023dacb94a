import { describe, expect, it } from "vitest";
import { sameJson } from "./same-json";

describe("sameJson", () => {
  it("ignores key order and undefined keys, not array order or values", () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: "x", e: null }] } }, { b: { c: [1, { e: null, d: "x" }] }, a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: "1" })).toBe(false);
    expect(sameJson({ a: null }, {})).toBe(false);
    expect(sameJson({ a: [] }, { a: {} })).toBe(false);
  });
});
