import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validateForm } from "../features/auth/forms";
import { NUL_MESSAGE, pathWithNul } from "./http-fields";

describe("pathWithNul", () => {
  it.each<[string, unknown, string | null]>([
    ["plain text", { a: "b", n: 1, list: ["x"], nested: { ok: true } }, null],
    ["a top-level string", "a\u0000b", "_"],
    ["a field", { content: "a\u0000b" }, "content"],
    ["deep in lists and objects", { options: { x: { thread: ["ok", "a\u0000"] } } }, "options.x.thread.1"],
    ["a key", { ["bad\u0000key"]: 1 }, "badkey"],
  ])("%s", (_name, value, expected) => expect(pathWithNul(value)).toBe(expected));

  it("a posted form with it gets the message beside the field, before any other check", () => {
    const schema = z.object({ email: z.string().email("Please enter a valid email address") });
    expect(validateForm(schema, { email: "a\u0000@example.com" })).toEqual({ ok: false, errors: { email: NUL_MESSAGE } });
  });
});
