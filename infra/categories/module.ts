import { Effect } from "effect";
import { categoriesProjection, categoryEvents } from "../../domain/categories";
import { defineModule, moduleApi } from "../module";
import { CategoriesApi } from "./api";
import { categoriesHandlers } from "./api-handlers";
import { Categories } from "./Categories";
import { postCategoriesLayer } from "./post-categories";
import { recycleEvergreen } from "./recycle";
import { ensureDemoCategories } from "./demo";

const evergreenSettings = (d: { everyDays?: number; minGapDays?: number; maxRepeats?: number }) =>
  [
    d.everyDays !== undefined ? `a post every ${d.everyDays} days` : null,
    d.minGapDays !== undefined ? `at least ${d.minGapDays} days between repeats of a post` : null,
    d.maxRepeats !== undefined ? `at most ${d.maxRepeats} repeats per post` : null,
  ]
    .filter(Boolean)
    .join(", ");

/** Content categories, and the evergreen recycling of their published posts. */
export const categoriesModule = defineModule({
  name: "categories",
  events: categoryEvents,
  auditKinds: [{ id: "categories", label: "Categories" }],
  layer: Categories.layer,
  api: [moduleApi(CategoriesApi, categoriesHandlers)],
  projections: [categoriesProjection],
  ports: [postCategoriesLayer],
  tasks: {
    recycle_evergreen: (_payload, job) =>
      Effect.map(recycleEvergreen(job.now), (r) => (r.recycled > 0 ? `Evergreen: ${r.recycled} post(s) re-queued` : undefined)),
  },
  cron: ["* * * * * recycle_evergreen"],
  processes: ["evergreen"],
  demo: (seed) => ensureDemoCategories(seed.caller),
  auditSummaries: {
    CategoryCreated: (d) => `Category "${d.name}" created`,
    CategoryUpdated: (d) => (d.name ? `Category renamed to "${d.name}"` : "Category updated"),
    CategoryMadeDefault: () => "Category made the default",
    CategoryDefaultRemoved: () => "Category no longer the default",
    CategoryDeleted: () => "Category deleted",
    CategoryMadeEvergreen: (d) => `Category made evergreen: ${evergreenSettings(d)}`,
    CategoryEvergreenChanged: (d) => `Evergreen settings changed: ${evergreenSettings(d)}`,
    CategoryEvergreenStopped: () => "Category no longer evergreen",
    CategoryPostRecycled: (d) => `Post re-queued (its repeat ${d.repeat}); the next repeat is due ${d.nextRepeatAt}`,
  },
});
