import { Effect } from "effect";
import { Conflict, type Decider, InvalidInput, NotFound } from "../shared";
import type { CategoryChanges, CategoryEvent } from "./events";
import { type CategoryColor, checkCategoryFields, DEFAULT_CATEGORY_COLOR } from "./rules";

export interface CategoryState {
  /** Created and not deleted. */
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly workspaceId: string;
  readonly name: string;
  readonly description: string;
  readonly color: CategoryColor;
  readonly isDefault: boolean;
  readonly platforms: ReadonlyArray<string>;
}

export const categoryDecider: Decider<CategoryState, CategoryEvent> = {
  initialState: () => ({
    exists: false,
    deleted: false,
    workspaceId: "",
    name: "",
    description: "",
    color: DEFAULT_CATEGORY_COLOR,
    isDefault: false,
    platforms: [],
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case "CategoryCreated": {
        const d = event.data;
        return {
          exists: true,
          deleted: false,
          workspaceId: d.workspaceId,
          name: d.name,
          description: d.description,
          color: d.color,
          isDefault: d.isDefault,
          platforms: d.platforms,
        };
      }
      case "CategoryUpdated":
        return { ...state, ...event.data };
      case "CategoryMadeDefault":
        return { ...state, isDefault: true };
      case "CategoryDefaultRemoved":
        return { ...state, isDefault: false };
      case "CategoryDeleted":
        return { ...state, exists: false, deleted: true, isDefault: false };
    }
  },
};

const invalid = (errors: Record<string, string>) =>
  new InvalidInput({ message: Object.values(errors)[0] ?? "Please check the form.", fields: errors });

/** A command for a category of another workspace reads like one for a category that does not exist. */
const inWorkspace = <E>(
  state: CategoryState,
  workspaceId: string,
  decide: () => Effect.Effect<ReadonlyArray<CategoryEvent>, E>,
): Effect.Effect<ReadonlyArray<CategoryEvent>, E | NotFound> =>
  state.exists && state.workspaceId === workspaceId ? decide() : Effect.fail(new NotFound({ what: "category" }));

export interface CreateCategory {
  readonly categoryId: string;
  readonly workspaceId: string;
  readonly userId: string;
  readonly name: string;
  readonly description?: string;
  readonly color?: string;
  readonly isDefault?: boolean;
  readonly platforms?: ReadonlyArray<string>;
}

/** Name required and trimmed; colour blue unless chosen (spec engagement §5); platforms known ids. */
type Decision<E> = Effect.Effect<ReadonlyArray<CategoryEvent>, E>;

export const createCategory = (command: CreateCategory) => (state: CategoryState): Decision<Conflict | InvalidInput> => {
  if (state.exists || state.deleted) return Effect.fail(new Conflict({ message: "This category already exists." }));
  const checked = checkCategoryFields({
    name: command.name,
    description: command.description ?? "",
    color: command.color ?? DEFAULT_CATEGORY_COLOR,
    platforms: command.platforms ?? [],
  });
  if (!checked.ok) return Effect.fail(invalid(checked.errors));
  const f = checked.fields;
  return Effect.succeed<ReadonlyArray<CategoryEvent>>([
    {
      type: "CategoryCreated",
      data: {
        categoryId: command.categoryId,
        workspaceId: command.workspaceId,
        userId: command.userId,
        name: f.name!,
        description: f.description!,
        color: f.color!,
        isDefault: command.isDefault ?? false,
        platforms: f.platforms!,
      },
    },
  ]);
};

export interface UpdateCategory {
  readonly workspaceId: string;
  readonly name?: string;
  readonly description?: string;
  readonly color?: string;
  readonly platforms?: ReadonlyArray<string>;
}

const samePlatforms = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((p, i) => p === b[i]);

/** Records only what changed; nothing when nothing did. */
export const updateCategory = (command: UpdateCategory) => (state: CategoryState): Decision<InvalidInput | NotFound> =>
  inWorkspace(state, command.workspaceId, (): Decision<InvalidInput> => {
    const checked = checkCategoryFields(command);
    if (!checked.ok) return Effect.fail(invalid(checked.errors));
    const f = checked.fields;
    const changes: { -readonly [K in keyof CategoryChanges]: CategoryChanges[K] } = {};
    if (f.name !== undefined && f.name !== state.name) changes.name = f.name;
    if (f.description !== undefined && f.description !== state.description) changes.description = f.description;
    if (f.color !== undefined && f.color !== state.color) changes.color = f.color;
    if (f.platforms !== undefined && !samePlatforms(f.platforms, state.platforms)) changes.platforms = f.platforms;
    return Effect.succeed<ReadonlyArray<CategoryEvent>>(
      Object.keys(changes).length === 0 ? [] : [{ type: "CategoryUpdated", data: changes }],
    );
  });

export const makeDefaultCategory = (command: { readonly workspaceId: string }) => (state: CategoryState) =>
  inWorkspace(state, command.workspaceId, () =>
    Effect.succeed<ReadonlyArray<CategoryEvent>>(state.isDefault ? [] : [{ type: "CategoryMadeDefault", data: {} }]),
  );

/** `replacedBy`: the category becoming the workspace's default instead (one default per workspace). */
export const removeDefaultCategory =
  (command: { readonly workspaceId: string; readonly replacedBy: string | null }) => (state: CategoryState) =>
    inWorkspace(state, command.workspaceId, () =>
      Effect.succeed<ReadonlyArray<CategoryEvent>>(
        state.isDefault ? [{ type: "CategoryDefaultRemoved", data: { replacedBy: command.replacedBy } }] : [],
      ),
    );

export const deleteCategory = (command: { readonly workspaceId: string }) => (state: CategoryState) =>
  inWorkspace(state, command.workspaceId, () => Effect.succeed<ReadonlyArray<CategoryEvent>>([{ type: "CategoryDeleted", data: {} }]));
