import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv";

describe("CSV", () => {
  it("quotes what holds a comma, a quote or a line break, and defuses a leading formula sign", () => {
    expect(csvRow(["plain", 3, null, undefined])).toBe("plain,3,,");
    expect(csvField('Said "hi", twice\nthen left')).toBe('"Said ""hi"", twice\nthen left"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("-5 posts")).toBe("'-5 posts");
    expect(csvField(-5)).toBe("-5");
  });
});
