import { describe, expect, it } from "vitest";
import { hashtagItems } from "./text-actions";

describe("compose's Hashtag menu", () => {
  it("offers # at the caret, then the saved groups (each inserted whole), then the recent hashtags", () => {
    const inserted: string[] = [];
    const items = hashtagItems({ groups: [{ name: "Smiles", tags: ["#smile", "#dental"] }], recent: ["#LeeDental"] }, (text) => inserted.push(text));
    expect(items.map((i) => [i.label, i.hint])).toEqual([
      ["Insert #", "Start a hashtag at the cursor."],
      ["Smiles", "Saved group: #smile #dental"],
      ["#LeeDental", "Used in your posts"],
    ]);
    items[1]!.onSelect!();
    expect(inserted).toEqual(["#smile #dental"]);
  });

  it("says when it is still reading, or when the posts have no hashtags", () => {
    expect(hashtagItems(null, () => {}).map((i) => i.label)).toEqual(["Insert #", "Loading your hashtags…"]);
    expect(hashtagItems({ groups: [], recent: [] }, () => {}).map((i) => [i.label, i.disabled])).toEqual([
      ["Insert #", undefined],
      ["No hashtags in your posts yet", true],
    ]);
  });
});
