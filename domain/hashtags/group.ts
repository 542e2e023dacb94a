import { Effect } from "effect";
import { type Decider, InvalidInput, NotFound } from "../shared";
import type { HashtagGroupEvent } from "./events";
import { asHashtag, GROUP_NAME_MAX, GROUP_TAGS_MAX, HASHTAG_MESSAGES, tagKey } from "./rules";

export interface HashtagGroupState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly name: string;
  readonly tags: ReadonlyArray<string>;
}

export const hashtagGroupDecider: Decider<HashtagGroupState, HashtagGroupEvent> = {
  initialState: () => ({ exists: false, deleted: false, name: "", tags: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case "HashtagGroupSaved":
        return { ...state, exists: true, name: event.data.name, tags: event.data.tags };
      case "HashtagGroupChanged":
        return { ...state, name: event.data.name, tags: event.data.tags };
      case "HashtagGroupDeleted":
        return { ...state, deleted: true };
    }
  },
};

export interface HashtagGroupInput {
  readonly name: string;
  /** A list, or one text with the hashtags apart by spaces, commas or new lines. */
  readonly tags: ReadonlyArray<string> | string;
}

/**
 * The group's fields tidied (name trimmed; each hashtag with its #, once whatever its letter case),
 * or the sentences refusing them, by field.
 */
export const checkedGroup = (input: HashtagGroupInput): Effect.Effect<{ name: string; tags: string[] }, InvalidInput> => {
  const name = input.name.trim().replace(/\s+/g, " ");
  const typed = (typeof input.tags === "string" ? input.tags.split(/[\s,]+/) : input.tags).map((t) => t.trim()).filter((t) => t !== "");
  const fields: Record<string, string> = {};
  if (name.length < 1 || name.length > GROUP_NAME_MAX) fields.name = HASHTAG_MESSAGES.groupName;
  const wrong = typed.find((t) => asHashtag(t) === null);
  const seen = new Set<string>();
  const tags = typed.flatMap((t) => {
    const tag = asHashtag(t);
    if (tag === null || seen.has(tagKey(tag))) return [];
    seen.add(tagKey(tag));
    return [tag];
  });
  if (wrong !== undefined) fields.tags = HASHTAG_MESSAGES.notATag(wrong);
  else if (tags.length < 1 || tags.length > GROUP_TAGS_MAX) fields.tags = HASHTAG_MESSAGES.groupTags;
  return Object.keys(fields).length > 0 ? Effect.fail(new InvalidInput({ message: Object.values(fields)[0]!, fields })) : Effect.succeed({ name, tags });
};

type Decision<E> = Effect.Effect<ReadonlyArray<HashtagGroupEvent>, E>;

export const saveHashtagGroup =
  (command: HashtagGroupInput & { readonly groupId: string; readonly workspaceId: string }) =>
  (state: HashtagGroupState): Decision<InvalidInput> =>
    state.exists
      ? Effect.succeed([])
      : Effect.map(checkedGroup(command), (fields): ReadonlyArray<HashtagGroupEvent> => [
          { type: "HashtagGroupSaved", data: { groupId: command.groupId, workspaceId: command.workspaceId, ...fields } },
        ]);

const live = (state: HashtagGroupState) => (state.exists && !state.deleted ? Effect.succeed(state) : Effect.fail(new NotFound({ what: "hashtag group" })));

/** A new name or new hashtags (what is not given stays); unchanged, it records nothing. */
export const changeHashtagGroup =
  (command: Partial<HashtagGroupInput>) =>
  (state: HashtagGroupState): Decision<InvalidInput | NotFound> =>
    Effect.flatMap(live(state), () =>
      Effect.map(checkedGroup({ name: command.name ?? state.name, tags: command.tags ?? state.tags }), (fields): ReadonlyArray<HashtagGroupEvent> =>
        fields.name === state.name && fields.tags.join(" ") === state.tags.join(" ") ? [] : [{ type: "HashtagGroupChanged", data: fields }],
      ),
    );

export const deleteHashtagGroup =
  () =>
  (state: HashtagGroupState): Decision<NotFound> =>
    Effect.map(live(state), (): ReadonlyArray<HashtagGroupEvent> => [{ type: "HashtagGroupDeleted", data: {} }]);
