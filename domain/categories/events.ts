import type { DomainEvent } from "../shared";
import type { CategoryColor } from "./rules";

/** Events of a category's stream (`category-{id}`). */
export interface CategoryCreatedData {
  readonly categoryId: string;
  readonly workspaceId: string;
  /** Who created it (spec core §3: Category.userId). */
  readonly userId: string;
  readonly name: string;
  readonly description: string;
  readonly color: CategoryColor;
  readonly isDefault: boolean;
  /** Platform ids the category limits the composer's accounts to; empty means any. */
  readonly platforms: ReadonlyArray<string>;
}

/** Only the fields that changed. */
export interface CategoryChanges {
  readonly name?: string;
  readonly description?: string;
  readonly color?: CategoryColor;
  readonly platforms?: ReadonlyArray<string>;
}

export type CategoryEvent =
  | DomainEvent<"CategoryCreated", CategoryCreatedData>
  | DomainEvent<"CategoryUpdated", CategoryChanges>
  | DomainEvent<"CategoryMadeDefault", Record<string, never>>
  /** `replacedBy`: the category that became the default instead, or null when it was simply unset. */
  | DomainEvent<"CategoryDefaultRemoved", { readonly replacedBy: string | null }>
  | DomainEvent<"CategoryDeleted", Record<string, never>>;

export const categoryStreamId = (categoryId: string) => `category-${categoryId}`;
export const categoryIdOfStream = (streamId: string) => streamId.slice("category-".length);
