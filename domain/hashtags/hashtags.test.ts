import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { HashtagGroupEvent } from "./events";
import { changeHashtagGroup, deleteHashtagGroup, hashtagGroupDecider, saveHashtagGroup } from "./group";
import { hashtagResultOf, recentOf, searchKeysOf, tagUsesOf, trendingOf } from "./research";
import { asHashtag, competitionLabel, difficultyLabel, difficultyOf, formatVolume, hashtagsIn, isHashtagBody, risePercent, searchTermOf } from "./rules";

const NOW = new Date("2026-11-25T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe("the formulas and the spec's labels", () => {
  it("difficulty is 25 × log10(1 + volume), at most 100", () => {
    expect([0, 9, 99, 999, 9_999, 1_000_000].map(difficultyOf)).toEqual([0, 25, 50, 75, 100, 100]);
    expect(difficultyOf(-5)).toBe(0);
  });

  it("difficulty: Easy at 30 or less, Medium up to 60, Hard above; competition High above 70, Medium above 40, else Low", () => {
    expect([0, 30, 31, 60, 61, 100].map(difficultyLabel)).toEqual(["Easy", "Easy", "Medium", "Medium", "Hard", "Hard"]);
    expect([40, 41, 70, 71].map(competitionLabel)).toEqual(["Low", "Medium", "Medium", "High"]);
  });

  it("volume is shown as K or M", () => {
    expect([0, 999, 1_000, 1_250, 45_600, 999_999, 1_000_000, 3_450_000].map(formatVolume)).toEqual(["0", "999", "1K", "1.3K", "45.6K", "1M", "1M", "3.5M"]);
  });

  it("a rise is in percent of the 7 days before, null when it is new", () => {
    expect(risePercent({ last7: 3, previous7: 2 })).toBe(50);
    expect(risePercent({ last7: 2, previous7: 0 })).toBeNull();
  });
});

describe("hashtags in texts and searches", () => {
  it("a hashtag starts a word, in any script; each once, as written", () => {
    expect(hashtagsIn("Smile! #Dental #smile x#1 &#39; #dental #café_2")).toEqual(["#Dental", "#smile", "#dental", "#café_2"]);
    expect(hashtagsIn("東京の歯医者 #東京 #歯科 #नमस्ते #cafe\u0301")).toEqual(["#東京", "#歯科", "#नमस्ते", "#cafe\u0301"]);
  });

  it("a hashtag has a letter: #5 in \"Dental tip #5\" and #2024 are numbers; #2024goals and #_x are hashtags", () => {
    expect(hashtagsIn("Dental tip #5")).toEqual([]);
    expect(hashtagsIn("#2024 in review, tip #1_000, #2024goals #_x #5k")).toEqual(["#2024goals", "#_x", "#5k"]);
    expect(isHashtagBody("5")).toBe(false);
    expect(isHashtagBody("_")).toBe(false);
    expect(isHashtagBody("café")).toBe(true);
    expect(isHashtagBody("東京")).toBe(true);
  });

  it("what a person types becomes a hashtag, or is refused", () => {
    expect(asHashtag(" dental ")).toBe("#dental");
    expect(asHashtag("#Été")).toBe("#Été");
    expect(asHashtag("two words")).toBeNull();
    expect(asHashtag("#")).toBeNull();
    expect(asHashtag("#5")).toBeNull();
    expect(asHashtag("2024")).toBeNull();
    expect(asHashtag("#東京")).toBe("#東京");
  });

  it("a search keeps letters and numbers: # and spaces dropped, lower case; blank or punctuation gives nothing", () => {
    expect(searchTermOf(" #Dental Care ")).toBe("dentalcare");
    expect(searchTermOf("   ")).toBeNull();
    expect(searchTermOf("!!!")).toBeNull();
    expect(searchTermOf("#5")).toBeNull();
    expect(searchTermOf("Café 2024")).toBe("café2024");
  });
});

describe("the figures from the workspace's posts", () => {
  const posts = [
    { content: "Spring smiles #dental #smile", publishedAt: daysAgo(1), engagement: 30 },
    { content: "Cleaning day #Dental #hygiene", publishedAt: daysAgo(2), engagement: 10 },
    { content: "Old news #dental #smile", publishedAt: daysAgo(10), engagement: 5 },
    { content: "Older #hygiene", publishedAt: daysAgo(11), engagement: 0 },
    { content: "Older still #hygiene", publishedAt: daysAgo(12), engagement: 1 },
  ];
  const uses = tagUsesOf(posts, NOW);

  it("counts uses, engagement per post, the 7-day trend and the companions", () => {
    const dental = uses.get("dental")!;
    expect(dental).toMatchObject({ tag: "#dental", uses: 3, engagementTotal: 45, trend: { last7: 2, previous7: 1 } });
    const result = hashtagResultOf("dental", uses, { status: "not_configured" });
    expect(result).toMatchObject({ tag: "#dental", uses: 3, engagement: 15, trending: true, related: ["#smile", "#hygiene"], volume: null, difficulty: null });
    expect(result.basedOn.engagement).toBe("3 posts of yours with it received 45 likes, shares and comments in all.");
    expect(result.basedOn.volume).toBe("Not counted: Bluesky search isn't set up on this server yet. Ask your administrator.");
    expect(hashtagResultOf("hygiene", uses, { status: "not_configured" })).toMatchObject({ trending: false, trend: { yours: { last7: 1, previous7: 2 } } });
  });

  it("with Bluesky's counts: the volume, its difficulty and labels; a public rise is trending too", () => {
    const counts = new Map([["hygiene", { last7: 1_500, previous7: 900, atLeast: false }]]);
    expect(hashtagResultOf("hygiene", uses, { status: "counted", counts })).toMatchObject({
      volume: 1_500,
      volumeLabel: "1.5K",
      difficulty: 79,
      difficultyLabel: "Hard",
      competition: "High",
      trending: true,
      basedOn: { volume: "1500 public Bluesky posts in the last 7 days.", difficulty: "From the volume (1.5K)." },
    });
    const floor = hashtagResultOf("hygiene", uses, { status: "counted", counts: new Map([["hygiene", { last7: 100, previous7: 100, atLeast: true }]]) });
    expect(floor).toMatchObject({ volume: 100, volumeLabel: "100+", difficulty: 50, trending: false });
    expect(floor.basedOn.volume).toBe("At least 100 public Bluesky posts in the last 7 days (the AppView counts no further).");
    expect(floor.basedOn.difficulty).toBe("From the volume (100+): at least this hard.");
    expect(hashtagResultOf("hygiene", uses, { status: "unreachable", reason: "The Bluesky AppView could not be reached." }).basedOn.volume).toBe(
      "Not counted: The Bluesky AppView could not be reached.",
    );
  });

  it("a search gives the typed hashtag first, used or not, then those containing it by use", () => {
    expect(searchKeysOf("den", uses)).toEqual(["den", "dental"]);
    expect(hashtagResultOf("den", uses, { status: "not_configured" })).toMatchObject({ tag: "#den", uses: 0, engagement: null, related: [], trending: false });
  });

  it("the trending list: used more in the last 7 days than the 7 before, biggest rise first; recent: latest first", () => {
    expect(trendingOf(uses)).toEqual([
      { tag: "#dental", last7: 2, previous7: 1, rise: 100, engagement: 15, basedOn: "2 posts of yours in the last 7 days, 1 in the 7 before." },
    ]);
    expect(recentOf(uses).map((r) => r.tag)).toEqual(["#dental", "#smile", "#hygiene"]);
    expect(trendingOf(tagUsesOf([], NOW))).toEqual([]);
  });
});

describe("a saved hashtag group", () => {
  const spec = DeciderSpecification(hashtagGroupDecider);
  const saved: HashtagGroupEvent = { type: "HashtagGroupSaved", data: { groupId: "g1", workspaceId: "w1", name: "Dental", tags: ["#dental", "#smile"] } };

  it("is saved with its hashtags tidied: # prepended, each once whatever the case", () =>
    spec
      .given([])
      .when(saveHashtagGroup({ groupId: "g1", workspaceId: "w1", name: " Dental ", tags: "dental, #smile #Dental" }))
      .then([saved]));

  it("is refused without a name, without hashtags, or with something that is not a hashtag", () => {
    spec
      .given([])
      .when(saveHashtagGroup({ groupId: "g1", workspaceId: "w1", name: "", tags: ["#a"] }))
      .thenFails("InvalidInput", "Give the group a name of 1 to 60 characters.");
    spec
      .given([])
      .when(saveHashtagGroup({ groupId: "g1", workspaceId: "w1", name: "A", tags: [] }))
      .thenFails("InvalidInput", "Add 1 to 30 hashtags to the group.");
    spec
      .given([])
      .when(saveHashtagGroup({ groupId: "g1", workspaceId: "w1", name: "A", tags: ["#ok", "#no-way"] }))
      .thenFails("InvalidInput", /"#no-way" is not a hashtag/);
  });

  it("is renamed or given other hashtags; unchanged it records nothing; deleted it is gone", () => {
    spec
      .given([saved])
      .when(changeHashtagGroup({ name: "Teeth" }))
      .then([{ type: "HashtagGroupChanged", data: { name: "Teeth", tags: ["#dental", "#smile"] } }]);
    spec
      .given([saved])
      .when(changeHashtagGroup({ tags: ["#dental", "smile"] }))
      .thenNothingHappens();
    spec
      .given([saved])
      .when(deleteHashtagGroup())
      .then([{ type: "HashtagGroupDeleted", data: {} }]);
    spec
      .given([saved, { type: "HashtagGroupDeleted", data: {} }])
      .when(changeHashtagGroup({ name: "Back" }))
      .thenFails("NotFound", /hashtag group/);
  });
});
