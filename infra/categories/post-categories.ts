import { Effect, Layer } from "effect";
import { isUuid } from "../../domain/shared";
import { Database } from "../db/Database";
import { PostCategories } from "../publishing/ports";

/** The categories' answer to publishing's question (its port): is this category one of the workspace's? */
export const postCategoriesLayer = Layer.effect(
  PostCategories,
  Effect.gen(function* () {
    const db = yield* Database;
    return {
      isWorkspaceCategory: (workspaceId: string, categoryId: string) =>
        isUuid(categoryId)
          ? Effect.map(
              db.query((sql) => sql<{ id: string }[]>`select id from categories where id = ${categoryId} and workspace_id = ${workspaceId}`),
              (rows) => rows.length > 0,
            )
          : Effect.succeed(false),
    };
  }),
);
