import { describe, expect, it } from "vitest";
import { contentDisposition, parseRange } from "./http.server";

describe("byte ranges", () => {
  it.each([
    [null, { kind: "full" }],
    ["bytes=0-99", { kind: "partial", start: 0, end: 99 }],
    ["bytes=100-", { kind: "partial", start: 100, end: 999 }],
    ["bytes=-100", { kind: "partial", start: 900, end: 999 }],
    ["bytes=900-5000", { kind: "partial", start: 900, end: 999 }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=50-10", { kind: "unsatisfiable" }],
    ["bytes=0-1,5-6", { kind: "full" }],
    ["items=0-1", { kind: "full" }],
  ])("%s of 1000 bytes", (header, answer) => expect(parseRange(header, 1000)).toEqual(answer));
});

it("names the original file for saving", () => {
  expect(contentDisposition('été "1".jpg')).toBe(`inline; filename="_t_ _1_.jpg"; filename*=UTF-8''%C3%A9t%C3%A9%20%221%22.jpg`);
});
