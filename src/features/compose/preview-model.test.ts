import { describe, expect, it } from "vitest";
import { feedCut, handleOf, SEE_MORE_AFTER, textRuns } from "./preview-model";

describe("the preview's text runs", () => {
  it("given links, mentions and hashtags, then each is its own run and nothing is lost", () => {
    const text = "Book at https://leedental.example/book. Thanks @dr_lee! #smile #dental";
    const runs = textRuns(text);
    expect(runs.map((r) => r.text).join("")).toBe(text);
    expect(runs.filter((r) => r.kind !== "text")).toEqual([
      { kind: "link", text: "https://leedental.example/book" },
      { kind: "mention", text: "@dr_lee" },
      { kind: "hashtag", text: "#smile" },
      { kind: "hashtag", text: "#dental" },
    ]);
  });
  it("given an e-mail address or a # inside a word, then no mention or hashtag", () => {
    expect(textRuns("mail info@leedental.example or call #1a x#2").filter((r) => r.kind !== "text")).toEqual([{ kind: "hashtag", text: "#1a" }]);
  });
  it("given a # before a number (Dental tip #5), then it is text, not a hashtag", () => {
    const text = "Dental tip #5 of #2024: floss #daily";
    const runs = textRuns(text);
    expect(runs.map((r) => r.text).join("")).toBe(text);
    expect(runs.filter((r) => r.kind !== "text")).toEqual([{ kind: "hashtag", text: "#daily" }]);
  });
  it("given hashtags in other scripts, then they are hashtags too", () => {
    expect(
      textRuns("Bonne année #santé #歯科")
        .filter((r) => r.kind === "hashtag")
        .map((r) => r.text),
    ).toEqual(["#santé", "#歯科"]);
  });
});

describe("where a feed cuts the text", () => {
  it("given Instagram past 125 characters, then it cuts at a word and says see more", () => {
    const text = `${"word ".repeat(30)}end`;
    const { shown, cut } = feedCut(text, "instagram");
    expect(cut).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(125);
    expect(shown.endsWith("word")).toBe(true);
  });
  it("given the same 300 characters, then LinkedIn cuts them and Facebook shows them whole", () => {
    const text = "Bright smiles start with a check-up. ".repeat(8).trim();
    expect(feedCut(text, "linkedin").cut).toBe(true);
    expect(feedCut(text, "linkedin").shown.length).toBeLessThanOrEqual(SEE_MORE_AFTER.linkedin!);
    expect(feedCut(text, "facebook")).toEqual({ shown: text, cut: false });
  });
  it("given X or a short post, then all of it", () => {
    expect(feedCut("x ".repeat(200), "twitter").cut).toBe(false);
    expect(feedCut("Short and sweet", "linkedin")).toEqual({ shown: "Short and sweet", cut: false });
  });
  it("names the account by its handle, else the network", () => {
    expect(handleOf("leedental", "Instagram")).toBe("@leedental");
    expect(handleOf(null, "Facebook")).toBe("Facebook");
  });
});
