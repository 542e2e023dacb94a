import { Effect } from "effect";
import { type Decider, Forbidden, InvalidInput, NotFound } from "../shared";
import type { ContentTemplateChanges, ContentTemplateEvent } from "./events";
import { canChangeTemplate, canSeeTemplate, checkTemplateFields, TEMPLATE_MESSAGES, type TemplateFieldsInput, type TemplateReader } from "./rules";

export interface ContentTemplateState {
  /** Created and not deleted. */
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly workspaceId: string;
  readonly authorId: string;
  readonly name: string;
  readonly content: string;
  readonly platforms: ReadonlyArray<string>;
  readonly hashtags: ReadonlyArray<string>;
  readonly mediaUrls: ReadonlyArray<string>;
  readonly isPublic: boolean;
  readonly usageCount: number;
}

export const contentTemplateDecider: Decider<ContentTemplateState, ContentTemplateEvent> = {
  initialState: () => ({
    exists: false,
    deleted: false,
    workspaceId: "",
    authorId: "",
    name: "",
    content: "",
    platforms: [],
    hashtags: [],
    mediaUrls: [],
    isPublic: false,
    usageCount: 0,
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case "ContentTemplateCreated": {
        const { templateId: _, ...d } = event.data;
        return { ...state, ...d, exists: true };
      }
      case "ContentTemplateEdited":
        return { ...state, ...event.data };
      case "ContentTemplateShared":
        return { ...state, isPublic: true };
      case "ContentTemplateUnshared":
        return { ...state, isPublic: false };
      case "ContentTemplateUsed":
        return { ...state, usageCount: event.data.usageCount };
      case "ContentTemplateDeleted":
        return { ...state, exists: false, deleted: true };
    }
  },
};

type Decision<E> = Effect.Effect<ReadonlyArray<ContentTemplateEvent>, E>;

const invalid = (errors: Record<string, string>) => new InvalidInput({ message: Object.values(errors)[0] ?? "Please check the form.", fields: errors });

/** Another workspace's template, a deleted one and another person's private one read alike: not found. */
const seen = (state: ContentTemplateState, reader: TemplateReader) =>
  state.exists && state.workspaceId === reader.workspaceId && canSeeTemplate(state, reader)
    ? Effect.succeed(state)
    : Effect.fail(new NotFound({ what: "template" }));

const changeable = (state: ContentTemplateState, reader: TemplateReader) =>
  Effect.flatMap(seen(state, reader), (template) =>
    canChangeTemplate(template, reader) ? Effect.succeed(template) : Effect.fail(new Forbidden({ message: TEMPLATE_MESSAGES.notYours })),
  );

export interface CreateContentTemplate extends TemplateFieldsInput {
  readonly templateId: string;
  readonly workspaceId: string;
  readonly authorId: string;
  readonly name: string;
  readonly content: string;
  readonly isPublic?: boolean;
}

/** Name and content required (spec §5); platforms known ids, hashtags each once with their #. */
export const createContentTemplate =
  (command: CreateContentTemplate) =>
  (state: ContentTemplateState): Decision<InvalidInput> => {
    if (state.exists || state.deleted) return Effect.succeed([]);
    const checked = checkTemplateFields({
      name: command.name,
      content: command.content,
      platforms: command.platforms ?? [],
      hashtags: command.hashtags ?? [],
      mediaUrls: command.mediaUrls ?? [],
    });
    if (!checked.ok) return Effect.fail(invalid(checked.errors));
    const f = checked.fields;
    return Effect.succeed([
      {
        type: "ContentTemplateCreated",
        data: {
          templateId: command.templateId,
          workspaceId: command.workspaceId,
          authorId: command.authorId,
          name: f.name!,
          content: f.content!,
          platforms: f.platforms!,
          hashtags: f.hashtags!,
          mediaUrls: f.mediaUrls!,
          isPublic: command.isPublic ?? false,
        },
      },
    ]);
  };

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((value, i) => value === b[i]);

/** A partial edit (spec §7 PUT): records only what changed, sharing apart; nothing when nothing did. */
export const editContentTemplate =
  (command: { readonly reader: TemplateReader; readonly changes: TemplateFieldsInput & { readonly isPublic?: boolean } }) =>
  (state: ContentTemplateState): Decision<InvalidInput | NotFound | Forbidden> =>
    Effect.flatMap(changeable(state, command.reader), (): Decision<InvalidInput> => {
      const checked = checkTemplateFields(command.changes);
      if (!checked.ok) return Effect.fail(invalid(checked.errors));
      const f = checked.fields;
      const changes: { -readonly [K in keyof ContentTemplateChanges]: ContentTemplateChanges[K] } = {};
      if (f.name !== undefined && f.name !== state.name) changes.name = f.name;
      if (f.content !== undefined && f.content !== state.content) changes.content = f.content;
      for (const key of ["platforms", "hashtags", "mediaUrls"] as const) {
        const value = f[key];
        if (value !== undefined && !sameList(value, state[key])) changes[key] = value;
      }
      const events: ContentTemplateEvent[] = Object.keys(changes).length > 0 ? [{ type: "ContentTemplateEdited", data: changes }] : [];
      const isPublic = command.changes.isPublic;
      if (isPublic !== undefined && isPublic !== state.isPublic)
        events.push({ type: isPublic ? "ContentTemplateShared" : "ContentTemplateUnshared", data: {} });
      return Effect.succeed(events);
    });

/** Anyone who sees a template may use it: each use is counted. */
export const useContentTemplate =
  (command: { readonly reader: TemplateReader }) =>
  (state: ContentTemplateState): Decision<NotFound> =>
    Effect.map(seen(state, command.reader), (template): ReadonlyArray<ContentTemplateEvent> => [
      { type: "ContentTemplateUsed", data: { usageCount: template.usageCount + 1 } },
    ]);

export const deleteContentTemplate =
  (command: { readonly reader: TemplateReader }) =>
  (state: ContentTemplateState): Decision<NotFound | Forbidden> =>
    Effect.map(changeable(state, command.reader), (): ReadonlyArray<ContentTemplateEvent> => [{ type: "ContentTemplateDeleted", data: {} }]);
