import { Effect } from "effect";
import { type Decider, InvalidInput, NotFound } from "../shared";
import type { ReplyTemplateEvent } from "./events";
import { TEMPLATE_CATEGORIES, TEMPLATE_CONTENT_MAX, TEMPLATE_MESSAGES, TEMPLATE_TITLE_MAX, type TemplateCategory } from "./rules";

export interface TemplateState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly title: string;
  readonly content: string;
  readonly category: TemplateCategory;
}

export const templateDecider: Decider<TemplateState, ReplyTemplateEvent> = {
  initialState: () => ({ exists: false, deleted: false, title: "", content: "", category: "gratitude" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "ReplyTemplateCreated":
      case "ReplyTemplateUpdated":
        return { ...state, exists: true, title: event.data.title, content: event.data.content, category: event.data.category };
      case "ReplyTemplateDeleted":
        return { ...state, deleted: true };
    }
  },
};

export interface TemplateInput {
  readonly title: string;
  readonly content: string;
  readonly category: string;
}

/** The template's fields tidied, or the sentences refusing them, by field. */
const checked = (input: TemplateInput): Effect.Effect<{ title: string; content: string; category: TemplateCategory }, InvalidInput> => {
  const title = input.title.trim();
  const content = input.content.trim();
  const fields: Record<string, string> = {};
  if (title.length < 1 || title.length > TEMPLATE_TITLE_MAX) fields.title = TEMPLATE_MESSAGES.title;
  if (content.length < 1 || content.length > TEMPLATE_CONTENT_MAX) fields.content = TEMPLATE_MESSAGES.content;
  if (!(TEMPLATE_CATEGORIES as ReadonlyArray<string>).includes(input.category)) fields.category = TEMPLATE_MESSAGES.category;
  return Object.keys(fields).length > 0
    ? Effect.fail(new InvalidInput({ message: Object.values(fields)[0]!, fields }))
    : Effect.succeed({ title, content, category: input.category as TemplateCategory });
};

export const createTemplate =
  (command: TemplateInput & { readonly templateId: string; readonly workspaceId: string }) =>
  (state: TemplateState): Effect.Effect<ReadonlyArray<ReplyTemplateEvent>, InvalidInput> =>
    state.exists
      ? Effect.succeed([])
      : Effect.map(checked(command), (fields): ReadonlyArray<ReplyTemplateEvent> => [
          { type: "ReplyTemplateCreated", data: { templateId: command.templateId, workspaceId: command.workspaceId, ...fields } },
        ]);

const live = (state: TemplateState) => (state.exists && !state.deleted ? Effect.succeed(state) : Effect.fail(new NotFound({ what: "template" })));

export const updateTemplate = (command: TemplateInput) => (state: TemplateState): Effect.Effect<ReadonlyArray<ReplyTemplateEvent>, InvalidInput | NotFound> =>
  Effect.flatMap(live(state), () =>
    Effect.map(checked(command), (fields): ReadonlyArray<ReplyTemplateEvent> =>
      fields.title === state.title && fields.content === state.content && fields.category === state.category ? [] : [{ type: "ReplyTemplateUpdated", data: fields }],
    ),
  );

export const deleteTemplate = () => (state: TemplateState): Effect.Effect<ReadonlyArray<ReplyTemplateEvent>, NotFound> =>
  Effect.map(live(state), (): ReadonlyArray<ReplyTemplateEvent> => [{ type: "ReplyTemplateDeleted", data: {} }]);
