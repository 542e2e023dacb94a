import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  CATEGORY_MESSAGES,
  type CategoryColor,
  categoryDecider,
  type CategoryEvent,
  type CategoryState,
  categoryStreamId,
  checkCategoryFields,
  createCategory,
  deleteCategory,
  makeDefaultCategory,
  removeDefaultCategory,
  setEvergreen,
  updateCategory,
  daysInMs,
  EVERGREEN_DEFAULTS,
  type EvergreenSettings,
} from "../../domain/categories";
import { actorIdOf, type Caller, type ConcurrencyConflict, Conflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, SqlError, UNIQUE_VIOLATION } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { postsToRepeatOf } from "../publishing/queries";

/** A category as the API answers it (spec core §3, engagement §3). */
export interface Category {
  readonly id: string;
  /** Who created it (spec core §3). */
  readonly userId: string;
  readonly name: string;
  readonly description: string;
  readonly color: CategoryColor;
  readonly isDefault: boolean;
  readonly platforms: ReadonlyArray<string>;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The stream version: send it back with an edit to have a stale copy refused (409). */
  readonly version: number;
  readonly evergreen: Evergreen;
}

/** A category's evergreen recycling (its settings are the defaults until it is first made evergreen). */
export interface Evergreen extends EvergreenSettings {
  readonly enabled: boolean;
  /**
   * When the next post is re-queued (into the first free time slot from then): the cadence's due time,
   * or later when no post is past its minimum gap by then; null when not evergreen or no post has repeats left.
   */
  readonly nextRepeatAt: string | null;
  readonly lastRepeatAt: string | null;
  /** Its published posts that have repeats left. */
  readonly postsToRepeat: number;
}

export interface EvergreenInput extends Partial<EvergreenSettings> {
  readonly enabled: boolean;
  readonly version?: number;
}

export interface NewCategory {
  readonly name: string;
  readonly description?: string;
  readonly color?: string;
  readonly isDefault?: boolean;
  readonly platforms?: ReadonlyArray<string>;
}

export interface CategoryPatch {
  readonly name?: string;
  readonly description?: string;
  readonly color?: string;
  readonly isDefault?: boolean;
  readonly platforms?: ReadonlyArray<string>;
  /** The version the client last saw; another one answers 409 instead of overwriting. */
  readonly version?: number;
}

/** Enough for any real use; keeps the list one quick page. */
export const MAX_CATEGORIES_PER_WORKSPACE = 200;
export const TOO_MANY_CATEGORIES_MESSAGE = `A workspace can have at most ${MAX_CATEGORIES_PER_WORKSPACE} categories.`;

interface CategoryRow {
  id: string;
  user_id: string;
  name: string;
  description: string;
  color: CategoryColor;
  is_default: boolean;
  platforms: string[];
  created_at: Date;
  updated_at: Date;
  version: number;
  evergreen: boolean;
  evergreen_every_days: number | null;
  evergreen_min_gap_days: number | null;
  evergreen_max_repeats: number | null;
  evergreen_next_at: Date | null;
  evergreen_last_at: Date | null;
  posts_to_repeat: number;
  /** The last publication of the post that waited longest, of those with repeats left. */
  longest_waiting: Date | null;
}

const nextRepeatOf = (row: CategoryRow): string | null => {
  if (!row.evergreen || !row.evergreen_next_at || !row.longest_waiting) return null;
  const pastGap = row.longest_waiting.getTime() + daysInMs(row.evergreen_min_gap_days ?? EVERGREEN_DEFAULTS.minGapDays);
  return new Date(Math.max(row.evergreen_next_at.getTime(), pastGap)).toISOString();
};

const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  description: row.description,
  color: row.color,
  isDefault: row.is_default,
  platforms: row.platforms,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  version: row.version,
  evergreen: {
    enabled: row.evergreen,
    everyDays: row.evergreen_every_days ?? EVERGREEN_DEFAULTS.everyDays,
    minGapDays: row.evergreen_min_gap_days ?? EVERGREEN_DEFAULTS.minGapDays,
    maxRepeats: row.evergreen_max_repeats ?? EVERGREEN_DEFAULTS.maxRepeats,
    nextRepeatAt: nextRepeatOf(row),
    lastRepeatAt: row.evergreen_last_at?.toISOString() ?? null,
    postsToRepeat: row.posts_to_repeat,
  },
});

type CategoryError = SqlError | ConcurrencyConflict;

export class Categories extends Context.Service<
  Categories,
  {
    readonly list: (workspaceId: string) => Effect.Effect<ReadonlyArray<Category>, SqlError>;
    readonly get: (workspaceId: string, id: string) => Effect.Effect<Category, NotFound | SqlError>;
    readonly create: (caller: Caller, input: NewCategory) => Effect.Effect<Category, InvalidInput | Conflict | NotFound | CategoryError>;
    readonly update: (caller: Caller, id: string, patch: CategoryPatch) => Effect.Effect<Category, InvalidInput | Conflict | NotFound | CategoryError>;
    readonly remove: (caller: Caller, id: string, version?: number) => Effect.Effect<void, NotFound | CategoryError>;
    /** Evergreen recycling on (with its settings), changed, or off; the caller's plan has content_recycling (the edge checks). */
    readonly setEvergreen: (caller: Caller, id: string, input: EvergreenInput) => Effect.Effect<Category, InvalidInput | NotFound | CategoryError>;
  }
>()("app/Categories") {
  static layer = Layer.effect(
    Categories,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      /** The categories with their published posts that have repeats left (publishing counts them). */
      const select = (workspaceId: string, id?: string) =>
        Effect.gen(function* () {
          const rows = yield* db.query(
            (sql) => sql<Omit<CategoryRow, "posts_to_repeat" | "longest_waiting">[]>`
              select c.id, c.user_id, c.name, c.description, c.color, c.is_default, c.platforms, c.created_at, c.updated_at, c.version,
                c.evergreen, c.evergreen_every_days, c.evergreen_min_gap_days, c.evergreen_max_repeats, c.evergreen_next_at, c.evergreen_last_at
              from categories c
              where c.workspace_id = ${workspaceId} ${id ? sql`and c.id = ${id}` : sql``}
              order by c.is_default desc, lower(c.name), c.created_at`,
          );
          const repeats = yield* postsToRepeatOf(rows.map((c) => ({ id: c.id, maxRepeats: c.evergreen_max_repeats ?? EVERGREEN_DEFAULTS.maxRepeats }))).pipe(
            Effect.provideService(Database, db),
          );
          return rows.map(
            (c): CategoryRow => ({ ...c, posts_to_repeat: repeats.get(c.id)?.postsToRepeat ?? 0, longest_waiting: repeats.get(c.id)?.longestWaiting ?? null }),
          );
        });

      const list = (workspaceId: string) => Effect.map(select(workspaceId), (rows) => rows.map(toCategory));

      const get = (workspaceId: string, id: string) =>
        isUuid(id)
          ? Effect.flatMap(select(workspaceId, id), ([row]) => (row ? Effect.succeed(toCategory(row)) : Effect.fail(new NotFound({ what: "category" }))))
          : Effect.fail(new NotFound({ what: "category" }));

      const onCategory = <E>(
        id: string,
        decide: (state: CategoryState) => Effect.Effect<ReadonlyArray<CategoryEvent>, E>,
        caller: Caller,
        expectedVersion?: number,
      ) =>
        handleCommand(categoryStreamId(id), categoryDecider, decide, {
          ctx: caller,
          workspaceId: caller.workspaceId,
          expectedVersion,
        }).pipe(Effect.provideService(EventStore, store));

      /** Category writes of one workspace take turns: the name and default checks then hold until commit. */
      const lockWorkspace = (workspaceId: string) => db.query((sql) => sql`select pg_advisory_xact_lock(hashtextextended(${`categories:${workspaceId}`}, 0))`);

      const ensureNameFree = (workspaceId: string, name: string, exceptId: string | null) =>
        Effect.flatMap(
          db.query(
            (sql) => sql<{ name: string }[]>`
              select name from categories
              where workspace_id = ${workspaceId} and lower(name) = ${name.toLowerCase()}
                ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
          ),
          ([clash]) =>
            clash
              ? Effect.fail(
                  new Conflict({
                    message: CATEGORY_MESSAGES.nameTaken(clash.name),
                  }),
                )
              : Effect.void,
        );

      /** The workspace's other default (if any) stops being it: one default per workspace. */
      const clearOtherDefault = (caller: Caller, newDefaultId: string) =>
        Effect.flatMap(
          db.query(
            (sql) => sql<{ id: string }[]>`
              select id from categories where workspace_id = ${caller.workspaceId} and is_default and id <> ${newDefaultId}`,
          ),
          (rows) =>
            Effect.forEach(
              rows,
              ({ id }) =>
                onCategory(
                  id,
                  removeDefaultCategory({
                    workspaceId: caller.workspaceId,
                    replacedBy: newDefaultId,
                  }),
                  caller,
                ),
              { discard: true },
            ),
        );

      /** Checks the fields first, so the name is compared as it will be kept. */
      const checked = (input: { name?: string; description?: string; color?: string; platforms?: ReadonlyArray<string> }) => {
        const result = checkCategoryFields(input);
        return result.ok ? Effect.succeed(result.fields) : Effect.fail(new InvalidInput({ message: Object.values(result.errors)[0], fields: result.errors }));
      };

      /** A unique index that still refuses (a writer outside the lock): the same 409 as the check. */
      const uniqueAsConflict =
        (name: string | undefined) =>
        <A, E, R>(effect: Effect.Effect<A, E, R>) =>
          Effect.mapError(effect, (error): E | Conflict =>
            error instanceof SqlError && error.code === UNIQUE_VIOLATION
              ? new Conflict({
                  message:
                    error.constraint === "categories_workspace_name" && name
                      ? CATEGORY_MESSAGES.nameTaken(name)
                      : "Another change to your categories came first. Reload and try again.",
                })
              : error,
          );

      const create = Effect.fn("Categories.create")(function* (caller: Caller, input: NewCategory) {
        const fields = yield* checked({
          name: input.name,
          description: input.description,
          color: input.color,
          platforms: input.platforms,
        });
        const id = randomUUID();
        yield* db
          .withTransaction(
            Effect.gen(function* () {
              yield* lockWorkspace(caller.workspaceId);
              const [{ count }] = yield* db.query(
                (sql) => sql<{ count: number }[]>`select count(*)::int as count from categories where workspace_id = ${caller.workspaceId}`,
              );
              if (count >= MAX_CATEGORIES_PER_WORKSPACE) return yield* new Conflict({ message: TOO_MANY_CATEGORIES_MESSAGE });
              yield* ensureNameFree(caller.workspaceId, fields.name!, null);
              if (input.isDefault) yield* clearOtherDefault(caller, id);
              yield* onCategory(
                id,
                createCategory({
                  categoryId: id,
                  workspaceId: caller.workspaceId,
                  userId: actorIdOf(caller.actor) ?? "",
                  name: fields.name!,
                  description: fields.description,
                  color: fields.color,
                  isDefault: input.isDefault ?? false,
                  platforms: fields.platforms,
                }),
                caller,
              );
            }),
          )
          .pipe(uniqueAsConflict(fields.name));
        return yield* get(caller.workspaceId, id).pipe(Effect.catchTag("NotFound", () => Effect.die(new Error("created category not found"))));
      });

      const update = Effect.fn("Categories.update")(function* (caller: Caller, id: string, patch: CategoryPatch) {
        yield* get(caller.workspaceId, id);
        const fields = yield* checked({ name: patch.name, description: patch.description, color: patch.color, platforms: patch.platforms });
        yield* db
          .withTransaction(
            Effect.gen(function* () {
              yield* lockWorkspace(caller.workspaceId);
              if (fields.name !== undefined) yield* ensureNameFree(caller.workspaceId, fields.name, id);
              const ws = { workspaceId: caller.workspaceId };
              yield* onCategory(id, updateCategory({ ...ws, ...fields }), caller, patch.version);
              if (patch.isDefault === true) {
                yield* clearOtherDefault(caller, id);
                yield* onCategory(id, makeDefaultCategory(ws), caller);
              } else if (patch.isDefault === false) {
                yield* onCategory(id, removeDefaultCategory({ ...ws, replacedBy: null }), caller);
              }
            }),
          )
          .pipe(uniqueAsConflict(fields.name));
        return yield* get(caller.workspaceId, id);
      });

      const remove = Effect.fn("Categories.remove")(function* (caller: Caller, id: string, version?: number) {
        yield* get(caller.workspaceId, id);
        yield* onCategory(id, deleteCategory({ workspaceId: caller.workspaceId }), caller, version);
      });

      const setEvergreenOf = Effect.fn("Categories.setEvergreen")(function* (caller: Caller, id: string, input: EvergreenInput) {
        yield* get(caller.workspaceId, id);
        const { version, ...settings } = input;
        yield* onCategory(id, setEvergreen({ ...settings, workspaceId: caller.workspaceId, now: caller.now }), caller, version);
        return yield* get(caller.workspaceId, id);
      });

      return { list, get, create, update, remove, setEvergreen: setEvergreenOf };
    }),
  );
}
