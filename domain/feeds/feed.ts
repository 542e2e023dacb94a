import { Effect } from "effect";
import { Conflict, type Decider, InvalidInput, NotFound } from "../shared";
import type { FeedEvent, FeedSettings } from "./events";

type RecordedItem = Extract<FeedEvent, { type: "RssItemsFound" }>["data"]["items"][number];
import { FEED_MESSAGES, FEED_NAME_MAX, POST_TEMPLATE_MAX } from "./rules";

export interface FeedState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly active: boolean;
  readonly settings: FeedSettings | null;
  /** Items read and not yet posted or passed over. */
  readonly waiting: ReadonlyArray<string>;
}

export const feedDecider: Decider<FeedState, FeedEvent> = {
  initialState: () => ({ exists: false, deleted: false, active: false, settings: null, waiting: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case "RssFeedAdded": {
        const { feedId: _, workspaceId: __, isActive, ...settings } = event.data;
        return { ...state, exists: true, active: isActive, settings };
      }
      case "RssFeedEdited":
        return { ...state, settings: event.data };
      case "RssFeedPaused":
        return { ...state, active: false };
      case "RssFeedResumed":
        return { ...state, active: true };
      case "RssFeedDeleted":
        return { ...state, deleted: true, active: false };
      case "RssItemsFound": {
        const passed = new Set(event.data.passedOver);
        return { ...state, waiting: [...state.waiting, ...event.data.items.map((i) => i.key).filter((key) => !passed.has(key))] };
      }
      case "RssItemPosted":
        return { ...state, waiting: state.waiting.filter((key) => key !== event.data.key) };
      case "RssItemsPassedOver": {
        const passed = new Set(event.data.keys);
        return { ...state, waiting: state.waiting.filter((key) => !passed.has(key)) };
      }
    }
  },
};

type Decision<E = never> = Effect.Effect<ReadonlyArray<FeedEvent>, E>;
const none: Decision = Effect.succeed([]);
const existing = (state: FeedState) => (state.exists && !state.deleted ? Effect.succeed(state) : Effect.fail(new NotFound({ what: "RSS feed" })));

/** The settings tidied, or the sentences refusing them (per field). */
export const checkFeedSettings = (settings: FeedSettings): Effect.Effect<FeedSettings, InvalidInput> => {
  const fields: Record<string, string> = {};
  const name = settings.name.trim();
  if (name === "") fields.name = FEED_MESSAGES.nameRequired;
  else if (name.length > FEED_NAME_MAX) fields.name = FEED_MESSAGES.nameTooLong;
  const url = settings.url.trim();
  if (url === "") fields.url = FEED_MESSAGES.urlRequired;
  else if (!isWebAddress(url)) fields.url = FEED_MESSAGES.urlInvalid;
  const postTemplate = settings.postTemplate.trim();
  if (postTemplate === "") fields.postTemplate = FEED_MESSAGES.templateBlank;
  else if (postTemplate.length > POST_TEMPLATE_MAX) fields.postTemplate = FEED_MESSAGES.templateTooLong;
  if (settings.platforms.length === 0 && settings.accountIds.length === 0) fields.platforms = FEED_MESSAGES.noTargets;
  const first = Object.values(fields)[0];
  if (first) return Effect.fail(new InvalidInput({ message: first, fields }));
  return Effect.succeed({ ...settings, name, url, postTemplate });
};

const isWebAddress = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};

export const addFeed =
  (command: FeedSettings & { readonly feedId: string; readonly workspaceId: string; readonly isActive: boolean }) =>
  (state: FeedState): Decision<InvalidInput> =>
    state.exists
      ? none
      : Effect.map(checkFeedSettings(command), (settings) => [
          { type: "RssFeedAdded", data: { feedId: command.feedId, workspaceId: command.workspaceId, ...settings, isActive: command.isActive } },
        ]);

/** New settings and, when given, a pause or a resume; what did not change records nothing. */
export const editFeed =
  (changes: Partial<FeedSettings> & { readonly isActive?: boolean }) =>
  (state: FeedState): Decision<InvalidInput | NotFound> =>
    Effect.flatMap(existing(state), ({ settings, active }) => {
      const { isActive, ...given } = changes;
      const merged = { ...settings!, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) } as FeedSettings;
      return Effect.map(checkFeedSettings(merged), (next): ReadonlyArray<FeedEvent> => {
        const events: FeedEvent[] = [];
        if (JSON.stringify(next) !== JSON.stringify(settings)) events.push({ type: "RssFeedEdited", data: next });
        if (isActive === false && active) events.push({ type: "RssFeedPaused", data: {} });
        if (isActive === true && !active) events.push({ type: "RssFeedResumed", data: {} });
        return events;
      });
    });

export const deleteFeed =
  () =>
  (state: FeedState): Decision<NotFound> =>
    Effect.map(existing(state), (): ReadonlyArray<FeedEvent> => [{ type: "RssFeedDeleted", data: {} }]);

/** Items a read brought that the feed has not had before; on its first read only the newest is to be posted. */
export const recordItems =
  (items: ReadonlyArray<RecordedItem>, firstRead: boolean) =>
  (state: FeedState): Decision<NotFound> =>
    Effect.map(existing(state), (): ReadonlyArray<FeedEvent> => {
      if (items.length === 0) return [];
      // Items come newest first; the first read posts only that one.
      const passedOver = firstRead ? items.slice(1).map((i) => i.key) : [];
      return [{ type: "RssItemsFound", data: { items: [...items], passedOver } }];
    });

/**
 * A post was made of a waiting item; the older ones still waiting on a daily or weekly feed are
 * passed over. An item no longer waiting refuses: the post made for it in the same transaction is
 * undone, so an item is never posted twice.
 */
export const recordPost =
  (key: string, postId: string, passOver: ReadonlyArray<string>) =>
  (state: FeedState): Decision<NotFound | Conflict> =>
    Effect.flatMap(existing(state), (): Decision<Conflict> => {
      if (!state.waiting.includes(key)) return Effect.fail(new Conflict({ message: FEED_MESSAGES.alreadyPosted }));
      const events: FeedEvent[] = [{ type: "RssItemPosted", data: { key, postId } }];
      const others = passOver.filter((k) => k !== key && state.waiting.includes(k));
      if (others.length > 0) events.push({ type: "RssItemsPassedOver", data: { keys: others } });
      return Effect.succeed(events);
    });
