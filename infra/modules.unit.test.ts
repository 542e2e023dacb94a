import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { defineEvents } from "../domain/shared";
import { defineModule, moduleGaps } from "./module";
import { MODULES } from "./modules";

describe("the registered modules", () => {
  it("leave nothing undone: every event has a read model and an audit line, every cron line a task", () => {
    expect(moduleGaps(MODULES)).toEqual([]);
  });

  it("given a module whose new event has no projection case and no audit summary, the check names both", () => {
    const reviews = defineModule({
      name: "reviews",
      events: defineEvents({ ReviewReceived: Schema.Struct({ rating: Schema.Number }) }),
      cron: ["*/5 * * * * poll_reviews"],
      ioTasks: ["respond_to_review"],
    });
    expect(moduleGaps([...MODULES, reviews])).toEqual([
      "reviews: no projection handles ReviewReceived",
      "reviews: no audit summary for ReviewReceived",
      "reviews: I/O task respond_to_review is not one of its tasks",
      'reviews: cron line "*/5 * * * * poll_reviews" names no task of the module',
    ]);
  });
});
