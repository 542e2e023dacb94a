import { Effect } from "effect";
import { Conflict, type Decider, InvalidInput, NotFound } from "../shared";
import type { CategoryChanges, CategoryEvent } from "./events";
import { checkEvergreenSettings, daysInMs, EVERGREEN_DEFAULTS, type EvergreenSettings, nextRepeatAfter } from "./evergreen";
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
  readonly evergreen: EvergreenState;
}

export interface EvergreenState {
  readonly enabled: boolean;
  /** Kept while it is off, for when it is made evergreen again. */
  readonly settings: EvergreenSettings;
  /** When the next post is due to be re-queued (null: never made evergreen). */
  readonly nextRepeatAt: string | null;
  readonly lastRecycledAt: string | null;
}

const notEvergreen: EvergreenState = { enabled: false, settings: EVERGREEN_DEFAULTS, nextRepeatAt: null, lastRecycledAt: null };

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
    evergreen: notEvergreen,
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
          evergreen: notEvergreen,
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
      case "CategoryMadeEvergreen": {
        const { nextRepeatAt, ...settings } = event.data;
        return { ...state, evergreen: { ...state.evergreen, enabled: true, settings, nextRepeatAt } };
      }
      case "CategoryEvergreenChanged": {
        const { nextRepeatAt, ...changes } = event.data;
        return { ...state, evergreen: { ...state.evergreen, settings: { ...state.evergreen.settings, ...changes }, nextRepeatAt } };
      }
      case "CategoryEvergreenStopped":
        return { ...state, evergreen: { ...state.evergreen, enabled: false } };
      case "CategoryPostRecycled":
        return { ...state, evergreen: { ...state.evergreen, nextRepeatAt: event.data.nextRepeatAt, lastRecycledAt: event.data.recycledAt } };
    }
  },
};

const invalid = (errors: Record<string, string>) => new InvalidInput({ message: Object.values(errors)[0] ?? "Please check the form.", fields: errors });

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

export const createCategory =
  (command: CreateCategory) =>
  (state: CategoryState): Decision<Conflict | InvalidInput> => {
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
export const updateCategory =
  (command: UpdateCategory) =>
  (state: CategoryState): Decision<InvalidInput | NotFound> =>
    inWorkspace(state, command.workspaceId, (): Decision<InvalidInput> => {
      const checked = checkCategoryFields(command);
      if (!checked.ok) return Effect.fail(invalid(checked.errors));
      const f = checked.fields;
      const changes: { -readonly [K in keyof CategoryChanges]: CategoryChanges[K] } = {};
      if (f.name !== undefined && f.name !== state.name) changes.name = f.name;
      if (f.description !== undefined && f.description !== state.description) changes.description = f.description;
      if (f.color !== undefined && f.color !== state.color) changes.color = f.color;
      if (f.platforms !== undefined && !samePlatforms(f.platforms, state.platforms)) changes.platforms = f.platforms;
      return Effect.succeed<ReadonlyArray<CategoryEvent>>(Object.keys(changes).length === 0 ? [] : [{ type: "CategoryUpdated", data: changes }]);
    });

export const makeDefaultCategory = (command: { readonly workspaceId: string }) => (state: CategoryState) =>
  inWorkspace(state, command.workspaceId, () =>
    Effect.succeed<ReadonlyArray<CategoryEvent>>(state.isDefault ? [] : [{ type: "CategoryMadeDefault", data: {} }]),
  );

/** `replacedBy`: the category becoming the workspace's default instead (one default per workspace). */
export const removeDefaultCategory = (command: { readonly workspaceId: string; readonly replacedBy: string | null }) => (state: CategoryState) =>
  inWorkspace(state, command.workspaceId, () =>
    Effect.succeed<ReadonlyArray<CategoryEvent>>(state.isDefault ? [{ type: "CategoryDefaultRemoved", data: { replacedBy: command.replacedBy } }] : []),
  );

export const deleteCategory = (command: { readonly workspaceId: string }) => (state: CategoryState) =>
  inWorkspace(state, command.workspaceId, () => Effect.succeed<ReadonlyArray<CategoryEvent>>([{ type: "CategoryDeleted", data: {} }]));

export interface SetEvergreen extends Partial<EvergreenSettings> {
  readonly workspaceId: string;
  readonly enabled: boolean;
  readonly now: Date;
}

/**
 * Turns evergreen recycling on (settings not given: those kept, or the defaults), changes its settings,
 * or stops it. The first repeat is due at once, unless one went out less than a cadence ago: stopping
 * and starting again, or a shorter cadence, never brings a repeat sooner than the cadence allows.
 */
export const setEvergreen =
  (command: SetEvergreen) =>
  (state: CategoryState): Decision<InvalidInput | NotFound> =>
    inWorkspace(state, command.workspaceId, (): Decision<InvalidInput> => {
      const current = state.evergreen;
      if (!command.enabled) return Effect.succeed(current.enabled ? [{ type: "CategoryEvergreenStopped", data: {} }] : []);
      const checked = checkEvergreenSettings(command, current.settings);
      if (!checked.ok) return Effect.fail(invalid(checked.errors));
      const settings = checked.settings;
      const dueAfterLast = (everyDays: number) =>
        current.lastRecycledAt === null
          ? command.now
          : new Date(Math.max(command.now.getTime(), new Date(current.lastRecycledAt).getTime() + daysInMs(everyDays)));
      if (!current.enabled) {
        return Effect.succeed([{ type: "CategoryMadeEvergreen", data: { ...settings, nextRepeatAt: dueAfterLast(settings.everyDays).toISOString() } }]);
      }
      const changes = Object.fromEntries(
        (Object.keys(settings) as Array<keyof EvergreenSettings>).filter((key) => settings[key] !== current.settings[key]).map((key) => [key, settings[key]]),
      ) as Partial<EvergreenSettings>;
      if (Object.keys(changes).length === 0) return Effect.succeed([]);
      const nextRepeatAt =
        changes.everyDays !== undefined ? dueAfterLast(changes.everyDays).toISOString() : (current.nextRepeatAt ?? command.now.toISOString());
      return Effect.succeed([{ type: "CategoryEvergreenChanged", data: { ...changes, nextRepeatAt } }]);
    });

/**
 * The cadence's repeat: `postId` (its `repeat`-th) is re-queued. Nothing when the category is not
 * evergreen or the repeat is not due yet: a job run twice in one period re-queues one post.
 */
export const recycleEvergreenPost =
  (command: { readonly workspaceId: string; readonly postId: string; readonly repeat: number; readonly now: Date }) => (state: CategoryState) =>
    inWorkspace(state, command.workspaceId, (): Decision<never> => {
      const { enabled, nextRepeatAt, settings } = state.evergreen;
      if (!enabled || nextRepeatAt === null || new Date(nextRepeatAt).getTime() > command.now.getTime()) return Effect.succeed([]);
      return Effect.succeed([
        {
          type: "CategoryPostRecycled",
          data: {
            postId: command.postId,
            repeat: command.repeat,
            recycledAt: command.now.toISOString(),
            nextRepeatAt: nextRepeatAfter(new Date(nextRepeatAt), command.now, settings.everyDays).toISOString(),
          },
        },
      ]);
    });
