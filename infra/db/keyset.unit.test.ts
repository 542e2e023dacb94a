import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeKeyset, encodeKeyset } from "./keyset";

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("keyset cursors", () => {
  it("reads back what a list wrote", () => {
    const keyset = { at: "2026-11-21T10:00:00.000Z", id: randomUUID() };
    expect(decodeKeyset(encodeKeyset(keyset))).toEqual(keyset);
    expect(decodeKeyset(undefined)).toBeUndefined();
    expect(decodeKeyset("")).toBeUndefined();
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["no id", encode({ at: "2026-11-21T10:00:00.000Z" })],
    ["an id not a uuid", encode({ at: "2026-11-21T10:00:00.000Z", id: "1 or 1=1" })],
    ["a date, not an instant", encode({ at: "yesterday", id: randomUUID() })],
    ["a year the database refuses", encode({ at: "-271821-04-20T00:00:00.000Z", id: randomUUID() })],
    ["a number", encode(42)],
  ])("refuses %s", (_name, cursor) => expect(decodeKeyset(cursor)).toBeNull());
});
