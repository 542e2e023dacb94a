import { categoriesProjection, categoryEvents } from "../../domain/categories";
import { defineModule } from "../module";
import { Categories } from "./Categories";

/** Content categories. */
export const categoriesModule = defineModule({
  name: "categories",
  events: categoryEvents,
  layer: Categories.layer,
  projections: [categoriesProjection],
  auditSummaries: {
    CategoryCreated: (d) => `Category "${d.name}" created`,
    CategoryUpdated: (d) => (d.name ? `Category renamed to "${d.name}"` : "Category updated"),
    CategoryMadeDefault: () => "Category made the default",
    CategoryDefaultRemoved: () => "Category no longer the default",
    CategoryDeleted: () => "Category deleted",
  },
});
