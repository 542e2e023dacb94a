import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import { categoryDecider, recycleEvergreenPost, setEvergreen } from "./category";
import type { CategoryEvent } from "./events";
import { checkEvergreenSettings, EVERGREEN_DEFAULTS, nextRepeatAfter, recycledLine } from "./evergreen";
import { categoriesProjection } from "./projection";

const spec = DeciderSpecification(categoryDecider);
const now = new Date("2026-05-01T10:00:00.000Z");
const days = (n: number) => n * 86_400_000;
const later = (ms: number) => new Date(now.getTime() + ms);

const created: CategoryEvent = {
  type: "CategoryCreated",
  data: { categoryId: "c1", workspaceId: "w1", userId: "u1", name: "Tips", description: "", color: "green", isDefault: false, platforms: [] },
};
const madeEvergreen: CategoryEvent = {
  type: "CategoryMadeEvergreen",
  data: { everyDays: 7, minGapDays: 30, maxRepeats: 5, nextRepeatAt: now.toISOString() },
};
const recycled = (at: Date, nextRepeatAt: Date): CategoryEvent => ({
  type: "CategoryPostRecycled",
  data: { postId: "p1", repeat: 1, recycledAt: at.toISOString(), nextRepeatAt: nextRepeatAt.toISOString() },
});
const ws = { workspaceId: "w1" };

describe("making a category evergreen", () => {
  it("given a category, when made evergreen with no settings, then the defaults hold and the first repeat is due at once", () =>
    spec
      .given([created])
      .when(setEvergreen({ ...ws, enabled: true, now }))
      .then([{ type: "CategoryMadeEvergreen", data: { ...EVERGREEN_DEFAULTS, nextRepeatAt: now.toISOString() } }]));

  it("given a category, when made evergreen with settings, then they are recorded", () =>
    spec
      .given([created])
      .when(setEvergreen({ ...ws, enabled: true, everyDays: 3, minGapDays: 14, maxRepeats: 2, now }))
      .then([{ type: "CategoryMadeEvergreen", data: { everyDays: 3, minGapDays: 14, maxRepeats: 2, nextRepeatAt: now.toISOString() } }]));

  it("when the settings are out of range, then it is refused with one sentence per field", () =>
    spec
      .given([created])
      .when(setEvergreen({ ...ws, enabled: true, everyDays: 0, maxRepeats: 51, now }))
      .thenFails("InvalidInput", "Re-queue a post every 1 to 90 days (a whole number)."));

  it("given an evergreen category, when only the most repeats change, then only they are recorded, the next repeat as it was", () =>
    spec
      .given([created, madeEvergreen])
      .when(setEvergreen({ ...ws, enabled: true, everyDays: 7, maxRepeats: 3, now: later(days(1)) }))
      .then([{ type: "CategoryEvergreenChanged", data: { maxRepeats: 3, nextRepeatAt: now.toISOString() } }]));

  it("given a repeat two days ago, when the cadence becomes 5 days, then the next repeat is 5 days after that one", () =>
    spec
      .given([created, madeEvergreen, recycled(now, later(days(7)))])
      .when(setEvergreen({ ...ws, enabled: true, everyDays: 5, now: later(days(2)) }))
      .then([{ type: "CategoryEvergreenChanged", data: { everyDays: 5, nextRepeatAt: later(days(5)).toISOString() } }]));

  it("given an evergreen category, when the same settings are sent, then nothing happens", () =>
    spec
      .given([created, madeEvergreen])
      .when(setEvergreen({ ...ws, enabled: true, everyDays: 7, minGapDays: 30, maxRepeats: 5, now }))
      .thenNothingHappens());

  it("given an evergreen category, when stopped, then CategoryEvergreenStopped; stopped again, nothing", () => {
    spec
      .given([created, madeEvergreen])
      .when(setEvergreen({ ...ws, enabled: false, now }))
      .then([{ type: "CategoryEvergreenStopped", data: {} }]);
    spec
      .given([created, madeEvergreen, { type: "CategoryEvergreenStopped", data: {} }])
      .when(setEvergreen({ ...ws, enabled: false, now }))
      .thenNothingHappens();
  });

  it("given a repeat a day ago and a stop, when made evergreen again, then its settings come back and the next repeat waits for the cadence", () =>
    spec
      .given([created, madeEvergreen, recycled(now, later(days(7))), { type: "CategoryEvergreenStopped", data: {} }])
      .when(setEvergreen({ ...ws, enabled: true, now: later(days(1)) }))
      .then([{ type: "CategoryMadeEvergreen", data: { everyDays: 7, minGapDays: 30, maxRepeats: 5, nextRepeatAt: later(days(7)).toISOString() } }]));

  it("given a category of another workspace, when made evergreen, then the category is not found", () =>
    spec
      .given([created])
      .when(setEvergreen({ workspaceId: "w2", enabled: true, now }))
      .thenFails("NotFound", "This category does not exist, or was deleted."));
});

describe("re-queueing a post of an evergreen category", () => {
  it("given the repeat is due, when a post is re-queued, then CategoryPostRecycled names it and the next repeat a cadence later", () =>
    spec
      .given([created, madeEvergreen])
      .when(recycleEvergreenPost({ ...ws, postId: "p1", repeat: 1, now: later(30_000) }))
      .then([recycled(later(30_000), later(days(7)))]));

  it("given a repeat in this period, when the job runs again, then nothing happens (never twice a period)", () =>
    spec
      .given([created, madeEvergreen, recycled(later(30_000), later(days(7)))])
      .when(recycleEvergreenPost({ ...ws, postId: "p2", repeat: 1, now: later(60_000) }))
      .thenNothingHappens());

  it("given a category not evergreen (never, or stopped), when the job runs, then nothing happens", () => {
    spec
      .given([created])
      .when(recycleEvergreenPost({ ...ws, postId: "p1", repeat: 1, now }))
      .thenNothingHappens();
    spec
      .given([created, madeEvergreen, { type: "CategoryEvergreenStopped", data: {} }])
      .when(recycleEvergreenPost({ ...ws, postId: "p1", repeat: 1, now }))
      .thenNothingHappens();
  });

  it("given a deleted category, when the job runs, then the category is not found", () =>
    spec
      .given([created, madeEvergreen, { type: "CategoryDeleted", data: {} }])
      .when(recycleEvergreenPost({ ...ws, postId: "p1", repeat: 1, now }))
      .thenFails("NotFound", "This category does not exist, or was deleted."));
});

describe("the evergreen rules", () => {
  it("say a repeat the same way in the post's history and the audit trail", () => {
    expect(recycledLine({ categoryName: "Tips", repeat: 2, maxRepeats: 5 })).toBe("Re-queued from evergreen category Tips (repeat 2 of 5)");
  });

  it("keep the time of day: the next repeat is whole cadences after the one due, past now", () => {
    expect(nextRepeatAfter(now, later(60_000), 7)).toEqual(later(days(7)));
    // A worker down for 16 days catches up with one repeat, not three.
    expect(nextRepeatAfter(now, later(days(16)), 7)).toEqual(later(days(21)));
  });

  it("check each setting with its sentence, those not given as they were", () => {
    expect(checkEvergreenSettings({ maxRepeats: 50 }, EVERGREEN_DEFAULTS)).toEqual({ ok: true, settings: { ...EVERGREEN_DEFAULTS, maxRepeats: 50 } });
    expect(checkEvergreenSettings({ everyDays: 91, minGapDays: 0, maxRepeats: 2.5 }, EVERGREEN_DEFAULTS)).toEqual({
      ok: false,
      errors: {
        everyDays: "Re-queue a post every 1 to 90 days (a whole number).",
        minGapDays: "Leave 1 to 365 days (a whole number) between two repeats of the same post.",
        maxRepeats: "Repeat each post 1 to 50 times (a whole number).",
      },
    });
  });
});

describe("the categories projection of evergreen events", () => {
  const recorded = (event: CategoryEvent, streamVersion: number) => ({
    ...event,
    globalPosition: streamVersion,
    streamId: "category-c1",
    streamVersion,
    metadata: { actorId: null, workspaceId: "w1", correlationId: "r", causationId: null },
    createdAt: now,
  });

  it("keeps the settings and the next repeat; a re-queue moves the version but not updated_at", () => {
    expect(categoriesProjection.project(recorded(madeEvergreen, 2))).toEqual([
      {
        table: "categories",
        update: { id: "c1" },
        set: {
          evergreen: true,
          evergreen_every_days: 7,
          evergreen_min_gap_days: 30,
          evergreen_max_repeats: 5,
          evergreen_next_at: now,
          version: 2,
          updated_at: now,
        },
      },
    ]);
    expect(categoriesProjection.project(recorded(recycled(now, later(days(7))), 3))).toEqual([
      { table: "categories", update: { id: "c1" }, set: { evergreen_next_at: later(days(7)), evergreen_last_at: now, version: 3 } },
    ]);
    expect(categoriesProjection.project(recorded({ type: "CategoryEvergreenStopped", data: {} }, 4))[0]).toMatchObject({ set: { evergreen: false } });
  });
});
