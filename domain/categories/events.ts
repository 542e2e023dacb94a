import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { CATEGORY_COLORS } from "./rules";

const CategoryColor = Schema.Literals(CATEGORY_COLORS);

/** Events of a category's stream (`category-{id}`). */
export const CategoryCreatedData = Schema.Struct({
  categoryId: Schema.String,
  workspaceId: Schema.String,
  /** Who created it (spec core §3: Category.userId). */
  userId: Schema.String,
  name: Schema.String,
  description: Schema.String,
  color: CategoryColor,
  isDefault: Schema.Boolean,
  /** Platform ids the category limits the composer's accounts to; empty means any. */
  platforms: Schema.Array(Schema.String),
});
export type CategoryCreatedData = typeof CategoryCreatedData.Type;

/** Only the fields that changed. */
export const CategoryChanges = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.String),
  color: Schema.optionalKey(CategoryColor),
  platforms: Schema.optionalKey(Schema.Array(Schema.String)),
});
export type CategoryChanges = typeof CategoryChanges.Type;

const EvergreenSettingsData = {
  everyDays: Schema.Number,
  minGapDays: Schema.Number,
  maxRepeats: Schema.Number,
};

export const categoryEvents = defineEvents({
  CategoryCreated: CategoryCreatedData,
  CategoryUpdated: CategoryChanges,
  CategoryMadeDefault: Schema.Struct({}),
  /** `replacedBy`: the category that became the default instead, or null when it was simply unset. */
  CategoryDefaultRemoved: Schema.Struct({ replacedBy: Schema.NullOr(Schema.String) }),
  CategoryDeleted: Schema.Struct({}),
  /** Its published posts are re-queued from `nextRepeatAt` on (see ./evergreen). */
  CategoryMadeEvergreen: Schema.Struct({ ...EvergreenSettingsData, nextRepeatAt: Schema.String }),
  /** Only the settings that changed; `nextRepeatAt` follows a new cadence. */
  CategoryEvergreenChanged: Schema.Struct({
    everyDays: Schema.optionalKey(Schema.Number),
    minGapDays: Schema.optionalKey(Schema.Number),
    maxRepeats: Schema.optionalKey(Schema.Number),
    nextRepeatAt: Schema.String,
  }),
  /** No more repeats; the settings are kept for when it is made evergreen again. */
  CategoryEvergreenStopped: Schema.Struct({}),
  /** The repeat due at the cadence's time: `postId` re-queued (its stream has PostRecycled), the next one due at `nextRepeatAt`. */
  CategoryPostRecycled: Schema.Struct({ postId: Schema.String, repeat: Schema.Number, recycledAt: Schema.String, nextRepeatAt: Schema.String }),
});

export type CategoryEvent = EventOf<typeof categoryEvents.schemas>;

export const categoryStreamId = (categoryId: string) => `category-${categoryId}`;
export const categoryIdOfStream = (streamId: string) => streamId.slice("category-".length);
