import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";

/**
 * Events of one person's vote on one help article (`help-vote-{userId}-{articleId}`): the articles
 * are files of the repository, so the vote is the only thing of theirs that is stored.
 */
export const helpVoteEvents = defineEvents({
  HelpArticleVoted: Schema.Struct({ articleId: Schema.String, userId: Schema.String, helpful: Schema.Boolean }),
  /** They answered "Was this article helpful?" again, the other way. */
  HelpArticleVoteChanged: Schema.Struct({ helpful: Schema.Boolean }),
});

export type HelpVoteEvent = EventOf<typeof helpVoteEvents.schemas>;

const PREFIX = "help-vote-";
/** A user id is a UUID (36 characters): what follows it is the article's id. */
const USER_ID_LENGTH = 36;

export const helpVoteStreamId = (userId: string, articleId: string) => `${PREFIX}${userId}-${articleId}`;
export const helpVoteOfStream = (streamId: string) => ({
  userId: streamId.slice(PREFIX.length, PREFIX.length + USER_ID_LENGTH),
  articleId: streamId.slice(PREFIX.length + USER_ID_LENGTH + 1),
});
