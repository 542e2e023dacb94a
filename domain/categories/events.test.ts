import { describe, expect, it } from "vitest";
import { eventDecoder, eventTypesOf } from "../shared";
import { type CategoryEvent, categoryEvents } from "./events";

const decoder = eventDecoder([categoryEvents]);
const envelope = {
  streamId: "category-c1",
  metadata: { actorId: "u1", workspaceId: "w1", correlationId: "c1", causationId: null },
};

/** One realistic sample of each category event's data (the compiler asks for every type). */
const samples: { readonly [E in CategoryEvent as E["type"]]: E["data"] } = {
  CategoryCreated: {
    categoryId: "c1",
    workspaceId: "w1",
    userId: "u1",
    name: "Promotions",
    description: "Sales and offers",
    color: "green",
    isDefault: false,
    platforms: ["facebook", "instagram"],
  },
  CategoryUpdated: { name: "Offers", description: "", color: "red", platforms: ["facebook", "twitter", "bluesky"] },
  CategoryMadeDefault: {},
  CategoryDefaultRemoved: { replacedBy: "c2" },
  CategoryDeleted: {},
  CategoryMadeEvergreen: { everyDays: 7, minGapDays: 30, maxRepeats: 5, nextRepeatAt: "2026-05-01T10:00:00.000Z" },
  CategoryEvergreenChanged: { maxRepeats: 3, nextRepeatAt: "2026-05-01T10:00:00.000Z" },
  CategoryEvergreenStopped: {},
  CategoryPostRecycled: { postId: "p1", repeat: 2, recycledAt: "2026-05-01T10:00:20.000Z", nextRepeatAt: "2026-05-08T10:00:00.000Z" },
};

describe("the category events, decoded", () => {
  it("the catalogue declares every category event type", () => {
    expect([...eventTypesOf(categoryEvents)].sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.entries(samples))("given a %s, when read, then every key of its data is kept", (type, data) => {
    expect(decoder.decode(type, 1, data, envelope)).toStrictEqual(data);
  });

  it.each([
    ["only the colour changed", "CategoryUpdated", { color: "red" }],
    ["the default simply unset", "CategoryDefaultRemoved", { replacedBy: null }],
  ])("given %s, when read, then it is kept as is", (_, type, data) => {
    expect(decoder.decode(type, 1, data, envelope)).toStrictEqual(data);
  });

  it("given a colour not in the palette, when read, then it fails loudly with the type", () => {
    expect(() => decoder.decode("CategoryUpdated", 1, { color: "teal" }, envelope)).toThrow(/CategoryUpdated/);
  });
});
