import { Effect } from "effect";
import type { Caller } from "../../domain/shared";
import { Categories } from "./Categories";

const DEMO_CATEGORIES = [
  { name: "Patient tips", description: "Oral-care advice and how-tos.", color: "blue", isDefault: true, platforms: ["facebook", "instagram", "bluesky"] },
  { name: "Offers", description: "Seasonal offers and whitening promotions.", color: "green", platforms: ["facebook", "instagram", "google_business"] },
  { name: "Team news", description: "New faces, awards and community events.", color: "purple", platforms: ["linkedin", "facebook"] },
];

/**
 * The demo workspace's categories, made once; answers their ids by name (`made.categories`), which
 * the demo posts refer to, so that publishing does not read the categories module.
 */
export const ensureDemoCategories = Effect.fn("Categories.ensureDemo")(function* (caller: Caller) {
  const categories = yield* Categories;
  if ((yield* categories.list(caller.workspaceId)).length === 0) {
    for (const category of DEMO_CATEGORIES) yield* categories.create(caller, category);
  }
  return { categories: new Map((yield* categories.list(caller.workspaceId)).map((c) => [c.name, c.id])) };
});
