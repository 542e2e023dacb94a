import { describe, expect, it } from "vitest";
import { fieldErrors } from "../web/http-fields";
import { createCategorySchema, evergreenSchema, updateCategorySchema } from "./schemas";

const errorsOf = (schema: typeof createCategorySchema | typeof updateCategorySchema | typeof evergreenSchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("category payloads", () => {
  it("require a name with the spec's message, whatever is wrong with it", () => {
    for (const input of [{}, { name: "" }, { name: "   " }, { name: null }, { name: 7 }]) {
      expect(errorsOf(createCategorySchema, input)).toEqual({ name: "Category name is required" });
    }
    expect(errorsOf(createCategorySchema, { name: "n".repeat(51) })).toEqual({ name: "Category name must be at most 50 characters" });
  });

  it("take one of the six colours, a boolean default and a list of platform names", () => {
    expect(errorsOf(createCategorySchema, { name: "A", color: "teal", isDefault: "yes", platforms: "facebook" })).toEqual({
      color: "Choose one of the colors: blue, green, purple, orange, red, pink",
      isDefault: "isDefault must be true or false",
      platforms: "Choose platforms from the list",
    });
    expect(createCategorySchema.parse({ name: " Tips ", color: null, description: null, platforms: null })).toEqual({ name: "Tips" });
    expect(createCategorySchema.parse({ name: "Tips", color: "pink", isDefault: true, platforms: ["x"] })).toEqual({
      name: "Tips",
      color: "pink",
      isDefault: true,
      platforms: ["x"],
    });
  });

  it("let an edit give any subset, and a whole positive version", () => {
    expect(updateCategorySchema.parse({})).toEqual({});
    expect(updateCategorySchema.parse({ description: "New", version: 3 })).toEqual({ description: "New", version: 3 });
    expect(errorsOf(updateCategorySchema, { name: "" })).toEqual({ name: "Category name is required" });
    expect(Object.keys(errorsOf(updateCategorySchema, { version: 1.5 }))).toEqual(["version"]);
  });

  it("make a category evergreen with whole numbers in range, each wrong one with its sentence", () => {
    expect(evergreenSchema.parse({ enabled: true })).toEqual({ enabled: true });
    expect(evergreenSchema.parse({ enabled: true, everyDays: 3, minGapDays: 14, maxRepeats: 50 })).toEqual({
      enabled: true,
      everyDays: 3,
      minGapDays: 14,
      maxRepeats: 50,
    });
    expect(errorsOf(evergreenSchema, { enabled: "yes", everyDays: 0, minGapDays: 1.5, maxRepeats: 51 })).toEqual({
      enabled: "Say whether the category is evergreen: enabled must be true or false.",
      everyDays: "Re-queue a post every 1 to 90 days (a whole number).",
      minGapDays: "Leave 1 to 365 days (a whole number) between two repeats of the same post.",
      maxRepeats: "Repeat each post 1 to 50 times (a whole number).",
    });
    expect(errorsOf(evergreenSchema, { enabled: true, everyDays: "7" })).toEqual({ everyDays: "Re-queue a post every 1 to 90 days (a whole number)." });
  });
});
