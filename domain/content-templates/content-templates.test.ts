import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { ContentTemplateCreated, ContentTemplateEvent } from "./events";
import { addHashtag, checkTemplateFields, composeTextOf, hashtagOf } from "./rules";
import { contentTemplateDecider, createContentTemplate, deleteContentTemplate, editContentTemplate, useContentTemplate } from "./template";

const spec = DeciderSpecification(contentTemplateDecider);
const template: ContentTemplateCreated = {
  templateId: "t1",
  workspaceId: "w1",
  authorId: "ann",
  name: "Flu season",
  content: "Book your flu shot today.",
  platforms: ["facebook", "instagram"],
  hashtags: ["#health", "#flu"],
  mediaUrls: [],
  isPublic: false,
};
const created: ContentTemplateEvent = { type: "ContentTemplateCreated", data: template };
const shared: ContentTemplateEvent = { type: "ContentTemplateShared", data: {} };
const ann = { workspaceId: "w1", userId: "ann", role: "member" } as const;
const bob = { workspaceId: "w1", userId: "bob", role: "member" } as const;
const admin = { workspaceId: "w1", userId: "cho", role: "admin" } as const;
const outsider = { workspaceId: "w2", userId: "ann", role: "owner" } as const;

describe("a content template", () => {
  it("given nothing, is created with its fields tidied: hashtags each once with their #, platforms as known ids", () => {
    spec
      .given([])
      .when(
        createContentTemplate({
          templateId: "t1",
          workspaceId: "w1",
          authorId: "ann",
          name: "  Flu   season ",
          content: " Book your flu shot today. ",
          platforms: ["instagram", "facebook", "facebook"],
          hashtags: ["health", "#flu", "#Health", "  "],
        }),
      )
      .then([created]);
  });

  it("is refused without a name or content, with each field's sentence", () => {
    spec
      .given([])
      .when(createContentTemplate({ templateId: "t1", workspaceId: "w1", authorId: "ann", name: " ", content: "" }))
      .thenFails("InvalidInput", "Template name is required");
    spec
      .given([])
      .when(createContentTemplate({ templateId: "t1", workspaceId: "w1", authorId: "ann", name: "A", content: "  " }))
      .thenFails("InvalidInput", "Template content is required");
    spec
      .given([])
      .when(createContentTemplate({ templateId: "t1", workspaceId: "w1", authorId: "ann", name: "A", content: "B", platforms: ["myspace"] }))
      .thenFails("InvalidInput", "Unknown platform: myspace");
    spec
      .given([])
      .when(createContentTemplate({ templateId: "t1", workspaceId: "w1", authorId: "ann", name: "A", content: "B", hashtags: ["#no spaces"] }))
      .thenFails("InvalidInput", /is not a hashtag/);
  });

  it("is edited in part by its author: only what changed is recorded, sharing apart, nothing when nothing changed", () => {
    spec
      .given([created])
      .when(editContentTemplate({ reader: ann, changes: { content: "Flu shots are in!", hashtags: ["#health", "#flu"], isPublic: true } }))
      .then([{ type: "ContentTemplateEdited", data: { content: "Flu shots are in!" } }, shared]);
    spec
      .given([created, shared])
      .when(editContentTemplate({ reader: ann, changes: { isPublic: false } }))
      .then([{ type: "ContentTemplateUnshared", data: {} }]);
    spec
      .given([created])
      .when(editContentTemplate({ reader: ann, changes: { name: "Flu season", platforms: ["facebook", "instagram"] } }))
      .thenNothingHappens();
    spec
      .given([created])
      .when(editContentTemplate({ reader: ann, changes: { name: "" } }))
      .thenFails("InvalidInput", "Template name is required");
  });

  it("while private, is seen by its author alone: anyone else, an admin too, is told it does not exist", () => {
    for (const reader of [bob, admin, outsider]) {
      spec.given([created]).when(useContentTemplate({ reader })).thenFails("NotFound", "This template does not exist, or was deleted.");
      spec
        .given([created])
        .when(editContentTemplate({ reader, changes: { name: "X" } }))
        .thenFails("NotFound", "This template does not exist, or was deleted.");
      spec.given([created]).when(deleteContentTemplate({ reader })).thenFails("NotFound", "This template does not exist, or was deleted.");
    }
  });

  it("shared with the team, is used by anyone of the workspace, but changed only by its author, an owner or an admin", () => {
    spec
      .given([created, shared])
      .when(useContentTemplate({ reader: bob }))
      .then([{ type: "ContentTemplateUsed", data: { usageCount: 1 } }]);
    spec
      .given([created, shared])
      .when(editContentTemplate({ reader: bob, changes: { name: "Mine now" } }))
      .thenFails("Forbidden", "Only the template's author, an owner or an admin can change a team template.");
    spec
      .given([created, shared])
      .when(deleteContentTemplate({ reader: bob }))
      .thenFails("Forbidden", /Only the template's author/);
    spec
      .given([created, shared])
      .when(editContentTemplate({ reader: admin, changes: { name: "Flu shots" } }))
      .then([{ type: "ContentTemplateEdited", data: { name: "Flu shots" } }]);
    spec
      .given([created, shared])
      .when(deleteContentTemplate({ reader: { ...bob, role: "owner" } }))
      .then([{ type: "ContentTemplateDeleted", data: {} }]);
    spec
      .given([created, shared])
      .when(useContentTemplate({ reader: outsider }))
      .thenFails("NotFound", /does not exist/);
  });

  it("counts each use; once deleted, it is gone for everyone", () => {
    spec
      .given([created, { type: "ContentTemplateUsed", data: { usageCount: 1 } }])
      .when(useContentTemplate({ reader: ann }))
      .then([{ type: "ContentTemplateUsed", data: { usageCount: 2 } }]);
    const deleted: ContentTemplateEvent = { type: "ContentTemplateDeleted", data: {} };
    spec
      .given([created, deleted])
      .when(useContentTemplate({ reader: ann }))
      .thenFails("NotFound", /does not exist/);
    spec
      .given([created, deleted])
      .when(deleteContentTemplate({ reader: ann }))
      .thenFails("NotFound", /does not exist/);
  });
});

describe("content templates' rules", () => {
  it("adds a hashtag on Enter: # prepended when missing, an empty or duplicate one ignored (letter case aside)", () => {
    expect(hashtagOf("dental")).toBe("#dental");
    expect(hashtagOf(" ##dental ")).toBe("#dental");
    expect(hashtagOf("#")).toBeNull();
    expect(hashtagOf("sonrisa_sana2")).toBe("#sonrisa_sana2");
    expect(hashtagOf("two words")).toEqual({ invalid: "two words" });
    expect(hashtagOf("#2024")).toEqual({ invalid: "#2024" });
    expect(hashtagOf("東京")).toBe("#東京");
    expect(addHashtag([], "smile")).toEqual({ hashtags: ["#smile"] });
    expect(addHashtag(["#smile"], "#Smile")).toEqual({ hashtags: ["#smile"] });
    expect(addHashtag(["#smile"], "   ")).toEqual({ hashtags: ["#smile"] });
    expect(addHashtag([], "a-b").error).toMatch(/"a-b" is not a hashtag/);
    expect(
      addHashtag(
        Array.from({ length: 30 }, (_, i) => `#t${i}`),
        "one",
      ).error,
    ).toBe("A template takes at most 30 hashtags.");
  });

  it("checks the fields given and leaves the others absent", () => {
    expect(checkTemplateFields({ mediaUrls: [" /media/a/x.png ", "/media/a/x.png", ""] })).toEqual({ ok: true, fields: { mediaUrls: ["/media/a/x.png"] } });
    expect(checkTemplateFields({ mediaUrls: Array.from({ length: 11 }, (_, i) => `https://x.test/${i}.png`) })).toEqual({
      ok: false,
      errors: { mediaUrls: "A template takes at most 10 media files." },
    });
    expect(checkTemplateFields({ name: "n".repeat(101), content: "c".repeat(63_207) })).toEqual({
      ok: false,
      errors: { name: "Template name must be at most 100 characters", content: "Template content must be at most 63,206 characters" },
    });
  });

  it("puts the content and then the hashtags in the compose window", () => {
    expect(composeTextOf({ content: "Hello", hashtags: ["#a", "#b"] })).toBe("Hello\n\n#a #b");
    expect(composeTextOf({ content: "Hello", hashtags: [] })).toBe("Hello");
  });
});
