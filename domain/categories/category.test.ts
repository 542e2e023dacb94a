import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import { categoryDecider, createCategory, deleteCategory, makeDefaultCategory, removeDefaultCategory, updateCategory } from "./category";
import type { CategoryEvent } from "./events";
import { categoriesProjection } from "./projection";
import { CATEGORY_MESSAGES, checkCategoryFields, normalizeCategoryPlatforms } from "./rules";

const spec = DeciderSpecification(categoryDecider);

const created: CategoryEvent = {
  type: "CategoryCreated",
  data: {
    categoryId: "c1",
    workspaceId: "w1",
    userId: "u1",
    name: "Promotions",
    description: "Sales and offers",
    color: "green",
    isDefault: false,
    platforms: ["facebook", "instagram"],
  },
};

describe("a category", () => {
  it("when created with a name only, then it is blue, not the default, with no description and no platform limit", () =>
    spec
      .given([])
      .when(createCategory({ categoryId: "c1", workspaceId: "w1", userId: "u1", name: "  Tips   and tricks " }))
      .then([
        {
          type: "CategoryCreated",
          data: {
            categoryId: "c1",
            workspaceId: "w1",
            userId: "u1",
            name: "Tips and tricks",
            description: "",
            color: "blue",
            isDefault: false,
            platforms: [],
          },
        },
      ]));

  it("when created with platforms, then they are known ids, x read as twitter, each once, in the catalogue's order", () =>
    spec
      .given([])
      .when(
        createCategory({
          categoryId: "c1",
          workspaceId: "w1",
          userId: "u1",
          name: "Promotions",
          description: " Sales and offers ",
          color: "green",
          platforms: ["x", "facebook", "twitter", "Bluesky"],
        }),
      )
      .then([
        {
          type: "CategoryCreated",
          data: { ...created.data, platforms: ["facebook", "twitter", "bluesky"] } as typeof created.data,
        },
      ]));

  const base = { categoryId: "c1", workspaceId: "w1", userId: "u1" };

  it("when created with a blank name, then it is refused with the spec's message", () =>
    spec
      .given([])
      .when(createCategory({ ...base, name: "   " }))
      .thenFails("InvalidInput", "Category name is required"));

  it("when created with a colour not of the six, then it is refused", () =>
    spec
      .given([])
      .when(createCategory({ ...base, name: "A", color: "teal" }))
      .thenFails("InvalidInput", "Choose one of the colors: blue, green, purple, orange, red, pink"));

  it("when created with an unknown platform, then it is refused naming it", () =>
    spec
      .given([])
      .when(createCategory({ ...base, name: "A", platforms: ["myspace"] }))
      .thenFails("InvalidInput", "Unknown platform: myspace"));

  it("when created with a name over 50 characters, then it is refused", () =>
    spec
      .given([])
      .when(createCategory({ ...base, name: "x".repeat(51) }))
      .thenFails("InvalidInput", "Category name must be at most 50 characters"));

  it("given a category, when created again, then it is a conflict", () =>
    spec
      .given([created])
      .when(createCategory({ categoryId: "c1", workspaceId: "w1", userId: "u1", name: "Again" }))
      .thenFails("Conflict", "This category already exists."));

  it("given a category, an update records only the fields that changed", () =>
    spec
      .given([created])
      .when(updateCategory({ workspaceId: "w1", name: "Promotions", color: "red", platforms: ["instagram", "facebook"] }))
      .then([{ type: "CategoryUpdated", data: { color: "red" } }]));

  it("given a category, an update that changes nothing records nothing", () =>
    spec
      .given([created])
      .when(updateCategory({ workspaceId: "w1", description: "Sales and offers " }))
      .thenNothingHappens());

  it("given a category, when updated with a blank name, then it is refused with the spec's message", () =>
    spec
      .given([created])
      .when(updateCategory({ workspaceId: "w1", name: "" }))
      .thenFails("InvalidInput", "Category name is required"));

  it("given a category of another workspace, when updated, then the category is not found", () =>
    spec
      .given([created])
      .when(updateCategory({ workspaceId: "w2", name: "Mine now" }))
      .thenFails("NotFound", "This category does not exist, or was deleted."));

  it("given a category of another workspace, when made the default, then the category is not found", () =>
    spec
      .given([created])
      .when(makeDefaultCategory({ workspaceId: "w2" }))
      .thenFails("NotFound", "This category does not exist, or was deleted."));

  it("given a category of another workspace, when deleted, then the category is not found", () =>
    spec
      .given([created])
      .when(deleteCategory({ workspaceId: "w2" }))
      .thenFails("NotFound", "This category does not exist, or was deleted."));

  it("given no category, when updated, then the category is not found", () =>
    spec
      .given([])
      .when(updateCategory({ workspaceId: "w1", name: "X" }))
      .thenFails("NotFound", "This category does not exist, or was deleted."));

  it("given no category, when deleted, then the category is not found", () =>
    spec
      .given([])
      .when(deleteCategory({ workspaceId: "w1" }))
      .thenFails("NotFound", "This category does not exist, or was deleted."));

  it("given a category, when made the default, then CategoryMadeDefault is recorded", () =>
    spec
      .given([created])
      .when(makeDefaultCategory({ workspaceId: "w1" }))
      .then([{ type: "CategoryMadeDefault", data: {} }]));

  it("given the default category, when made the default again, then nothing happens", () =>
    spec
      .given([created, { type: "CategoryMadeDefault", data: {} }])
      .when(makeDefaultCategory({ workspaceId: "w1" }))
      .thenNothingHappens());

  it("given the default category, when another replaces it, then CategoryDefaultRemoved names the new default", () =>
    spec
      .given([created, { type: "CategoryMadeDefault", data: {} }])
      .when(removeDefaultCategory({ workspaceId: "w1", replacedBy: "c2" }))
      .then([{ type: "CategoryDefaultRemoved", data: { replacedBy: "c2" } }]));

  it("given a category that is not the default, when its default is removed, then nothing happens", () =>
    spec
      .given([created])
      .when(removeDefaultCategory({ workspaceId: "w1", replacedBy: null }))
      .thenNothingHappens());

  it("given a category, when deleted, then CategoryDeleted is recorded", () =>
    spec
      .given([created])
      .when(deleteCategory({ workspaceId: "w1" }))
      .then([{ type: "CategoryDeleted", data: {} }]));

  const deleted: CategoryEvent[] = [created, { type: "CategoryDeleted", data: {} }];

  it("given a deleted category, when deleted again, then the category is not found", () =>
    spec
      .given(deleted)
      .when(deleteCategory({ workspaceId: "w1" }))
      .thenFails("NotFound", "This category does not exist, or was deleted."));

  it("given a deleted category, when updated, then the category is not found", () =>
    spec
      .given(deleted)
      .when(updateCategory({ workspaceId: "w1", name: "Back" }))
      .thenFails("NotFound", "This category does not exist, or was deleted."));

  it("given a deleted category, when created again with its id, then it is a conflict", () =>
    spec
      .given(deleted)
      .when(createCategory({ categoryId: "c1", workspaceId: "w1", userId: "u1", name: "Back" }))
      .thenFails("Conflict", "This category already exists."));
});

describe("category fields", () => {
  it("answer the spec's and our messages", () => {
    expect(checkCategoryFields({ name: " " })).toEqual({ ok: false, errors: { name: "Category name is required" } });
    expect(checkCategoryFields({ name: "n".repeat(51), description: "d".repeat(501), color: "teal", platforms: ["friendster"] })).toEqual({
      ok: false,
      errors: {
        name: "Category name must be at most 50 characters",
        description: "Description must be at most 500 characters",
        color: "Choose one of the colors: blue, green, purple, orange, red, pink",
        platforms: "Unknown platform: friendster",
      },
    });
    expect(checkCategoryFields({ name: "n".repeat(50), color: "pink" })).toEqual({ ok: true, fields: { name: "n".repeat(50), color: "pink" } });
    expect(CATEGORY_MESSAGES.nameTaken("Tips")).toBe('A category named "Tips" already exists.');
  });

  it("platforms accept x for twitter and any letter case", () => {
    expect(normalizeCategoryPlatforms(["X", "google_business", "x"])).toEqual({ ok: true, platforms: ["twitter", "google_business"] });
    expect(normalizeCategoryPlatforms([])).toEqual({ ok: true, platforms: [] });
  });
});

describe("the categories projection", () => {
  const recorded = (event: CategoryEvent, streamVersion: number) => ({
    ...event,
    globalPosition: streamVersion,
    streamId: "category-c1",
    streamVersion,
    metadata: { actorId: "u1", workspaceId: "w1", correlationId: "r", causationId: null },
    createdAt: new Date("2026-05-01T10:00:00Z"),
  });

  it("inserts a row on creation, updates only the changed columns with the version, deletes on deletion", () => {
    expect(categoriesProjection.project(recorded(created, 1))).toEqual([
      {
        table: "categories",
        insert: {
          id: "c1",
          workspace_id: "w1",
          user_id: "u1",
          name: "Promotions",
          description: "Sales and offers",
          color: "green",
          is_default: false,
          platforms: ["facebook", "instagram"],
          version: 1,
          created_at: new Date("2026-05-01T10:00:00Z"),
          updated_at: new Date("2026-05-01T10:00:00Z"),
        },
      },
    ]);
    expect(categoriesProjection.project(recorded({ type: "CategoryUpdated", data: { color: "red" } }, 2))).toEqual([
      { table: "categories", update: { id: "c1" }, set: { color: "red", version: 2, updated_at: new Date("2026-05-01T10:00:00Z") } },
    ]);
    expect(categoriesProjection.project(recorded({ type: "CategoryMadeDefault", data: {} }, 3))[0]).toMatchObject({ set: { is_default: true } });
    expect(categoriesProjection.project(recorded({ type: "CategoryDeleted", data: {} }, 4))).toEqual([{ table: "categories", delete: { id: "c1" } }]);
  });
});
