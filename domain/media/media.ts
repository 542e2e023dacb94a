import { Effect } from "effect";
import { Conflict, type Decider, NotFound } from "../shared";
import type { MediaEvent, MediaUploadedData } from "./events";
import { normalizeTags, sameTags } from "./tags";

export interface MediaState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly workspaceId: string | null;
  readonly originalName: string;
  readonly tags: ReadonlyArray<string>;
  readonly storageKeys: ReadonlyArray<string>;
}

export const mediaDecider: Decider<MediaState, MediaEvent> = {
  initialState: () => ({ exists: false, deleted: false, workspaceId: null, originalName: "", tags: [], storageKeys: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case "MediaUploaded":
        return {
          ...state,
          exists: true,
          workspaceId: event.data.workspaceId,
          originalName: event.data.originalName,
          tags: event.data.tags,
          storageKeys: event.data.thumbnailKey ? [event.data.storageKey, event.data.thumbnailKey] : [event.data.storageKey],
        };
      case "MediaTagged":
        return { ...state, tags: event.data.tags };
      case "MediaDeleted":
        return { ...state, deleted: true };
    }
  },
};

/** A command for an item of another workspace, a deleted one or none at all: NotFound, the same answer for each. */
const forLiveItemOf = <E>(
  state: MediaState,
  workspaceId: string,
  decide: () => Effect.Effect<ReadonlyArray<MediaEvent>, E>,
): Effect.Effect<ReadonlyArray<MediaEvent>, E | NotFound> =>
  state.exists && !state.deleted && state.workspaceId === workspaceId ? decide() : Effect.fail(new NotFound({ what: "media file" }));

/** Records an upload whose file is already stored; an id is used once. */
export const uploadMedia = (command: MediaUploadedData) => (state: MediaState) =>
  state.exists
    ? Effect.fail(new Conflict({ message: "This media file already exists." }))
    : Effect.succeed<ReadonlyArray<MediaEvent>>([{ type: "MediaUploaded", data: command }]);

/** Replaces the tags; nothing happens when they are the same. */
export const tagMedia = (command: { readonly workspaceId: string; readonly tags: ReadonlyArray<string> }) => (state: MediaState) =>
  forLiveItemOf(state, command.workspaceId, () => {
    const normalized = normalizeTags(command.tags);
    if (!normalized.ok) return Effect.fail(normalized.error);
    return Effect.succeed<ReadonlyArray<MediaEvent>>(
      sameTags(normalized.tags, state.tags) ? [] : [{ type: "MediaTagged", data: { tags: normalized.tags, originalName: state.originalName } }],
    );
  });

/** Deletes the item; the event names the stored files so they can be removed. */
export const deleteMedia = (command: { readonly workspaceId: string }) => (state: MediaState) =>
  forLiveItemOf(state, command.workspaceId, () =>
    Effect.succeed<ReadonlyArray<MediaEvent>>([
      { type: "MediaDeleted", data: { originalName: state.originalName, storageKeys: state.storageKeys } },
    ]),
  );
