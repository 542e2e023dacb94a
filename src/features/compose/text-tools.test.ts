import { describe, expect, it } from "vitest";
import { applyFont, applyFormat, changeSelection, frequentHashtags, insertAtCaret, toPlain } from "./text-tools";

describe("compose text tools", () => {
  it("styles letters and digits with Unicode fonts, and back to plain", () => {
    expect(applyFont("Hello 2026!", "bold")).toBe("𝐇𝐞𝐥𝐥𝐨 𝟐𝟎𝟐𝟔!");
    expect(applyFont("hot", "italic")).toBe("ℎ𝑜𝑡");
    expect(applyFont("Ab 1", "monospace")).toBe("𝙰𝚋 𝟷");
    expect(applyFont(applyFont("Switch", "bold"), "sansBold")).toBe(applyFont("Switch", "sansBold"));
    expect(toPlain(applyFont("Keep #tags & café", "boldItalic"))).toBe("Keep #tags & café");
  });

  it("changes letter case, keeping hashtags, mentions and links in title case", () => {
    expect(applyFormat("Spring Sale", "upper")).toBe("SPRING SALE");
    expect(applyFormat("SPRING Sale", "lower")).toBe("spring sale");
    expect(applyFormat("spring sale at #LeeDental with @dana https://ex.com/A", "title")).toBe("Spring Sale At #LeeDental With @dana https://ex.com/A");
    expect(applyFormat("BIG NEWS. we are open! come by", "sentence")).toBe("Big news. We are open! Come by");
    expect(applyFormat(applyFont("loud", "bold"), "upper")).toBe("LOUD");
  });

  it("works on the selection, or the whole text when nothing is selected", () => {
    expect(changeSelection("make this bold", { start: 5, end: 9 }, (p) => p.toUpperCase())).toEqual({ text: "make THIS bold", selection: { start: 5, end: 9 } });
    expect(changeSelection("all of it", { start: 3, end: 3 }, (p) => p.toUpperCase())).toEqual({ text: "ALL OF IT", selection: { start: 0, end: 9 } });
    const bold = changeSelection("ab", { start: 0, end: 2 }, (p) => applyFont(p, "bold"));
    expect(bold.selection).toEqual({ start: 0, end: 4 });
  });

  it("inserts at the caret, spaced from a word when asked", () => {
    expect(insertAtCaret("Hello world", { start: 5, end: 5 }, "😀")).toEqual({ text: "Hello😀 world", selection: { start: 7, end: 7 } });
    expect(insertAtCaret("Great day", { start: 9, end: 9 }, "#sunny", true)).toEqual({ text: "Great day #sunny", selection: { start: 16, end: 16 } });
    expect(insertAtCaret("", { start: 0, end: 0 }, "#", true)).toEqual({ text: "#", selection: { start: 1, end: 1 } });
    expect(insertAtCaret("replace me", { start: 8, end: 10 }, "you")).toEqual({ text: "replace you", selection: { start: 11, end: 11 } });
  });

  it("ranks hashtags by use, in any letter case, first seen first", () => {
    expect(frequentHashtags(["#Dental #smile", "#dental care", "#spring #smile #Dental"])).toEqual(["#Dental", "#smile", "#spring"]);
    expect(frequentHashtags(["no tags here"])).toEqual([]);
    expect(frequentHashtags(["Dental tip #5 #floss", "Tip #6 #floss", "#2024 x#tag"])).toEqual(["#floss"]);
  });
});
