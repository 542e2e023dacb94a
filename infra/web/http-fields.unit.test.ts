import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validateForm } from "../../src/features/auth/forms";
import { BROKEN_TEXT_MESSAGE, nestsDeeperThan, NUL_MESSAGE, unstorableText } from "./http-fields";

describe("unstorableText", () => {
  it.each<[string, unknown, { path: string; message: string } | null]>([
    ["plain text, emoji too", { a: "b 👍🏽", n: 1, list: ["x"], nested: { ok: true } }, null],
    ["a top-level string", "a\u0000b", { path: "_", message: NUL_MESSAGE }],
    ["a field", { content: "a\u0000b" }, { path: "content", message: NUL_MESSAGE }],
    ["deep in lists and objects", { options: { x: { thread: ["ok", "a\u0000"] } } }, { path: "options.x.thread.1", message: NUL_MESSAGE }],
    ["a key", { ["bad\u0000key"]: 1 }, { path: "badkey", message: NUL_MESSAGE }],
    ["half an emoji", { content: "smile \ud83d" }, { path: "content", message: BROKEN_TEXT_MESSAGE }],
    ["a lone low surrogate", { content: "\udfff" }, { path: "content", message: BROKEN_TEXT_MESSAGE }],
  ])("%s", (_name, value, expected) => expect(unstorableText(value)).toEqual(expected));

  it("a posted form with it gets the message beside the field, before any other check", () => {
    const schema = z.object({ email: z.string().email("Please enter a valid email address") });
    expect(validateForm(schema, { email: "a\u0000@example.com" })).toEqual({ ok: false, errors: { email: NUL_MESSAGE } });
  });
});

describe("unstorableText on a deep body", () => {
  it("walks 100,000 levels without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}"a\\u0000"${"]".repeat(100_000)}`);
    expect(unstorableText(deep)?.message).toBe(NUL_MESSAGE);
  });
});

describe("nestsDeeperThan", () => {
  it("counts lists and objects, not text", () => {
    expect(nestsDeeperThan({ a: [1, { b: "x" }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: ["x"] }] }, 3)).toBe(true);
    expect(nestsDeeperThan("[[[[", 1)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`), 16)).toBe(true);
  });
});
