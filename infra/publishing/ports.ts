import { Context, type Effect } from "effect";
import type { SqlError } from "../db/Database";

/**
 * What publishing asks of the modules above it, which import publishing and so may not be imported
 * by it: each question is a port declared here, answered by the module that owns the data (its
 * `ports` in module.ts) and provided by the composition root (infra/modules.ts).
 */

/** The team's answer: whether members' posts in the workspace go to the owners and admins for approval first. */
export class PostApprovalRule extends Context.Service<
  PostApprovalRule,
  { readonly approvalRequired: (workspaceId: string) => Effect.Effect<boolean, SqlError> }
>()("app/publishing/PostApprovalRule") {}

/** The categories' answer: whether a category is one of the workspace's (a post may be filed under it). */
export class PostCategories extends Context.Service<
  PostCategories,
  { readonly isWorkspaceCategory: (workspaceId: string, categoryId: string) => Effect.Effect<boolean, SqlError> }
>()("app/publishing/PostCategories") {}
