import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import { helpVoteOfStream, type HelpVoteEvent } from "./events";

/** The help articles' votes (`help_votes`), one row per person and article: the counts an article shows. */
export const helpVotesProjection: Projection<HelpVoteEvent> = {
  name: "help-votes",
  kind: "inline",
  tables: [{ name: "help_votes", key: ["article_id", "user_id"] }],
  handles: ["HelpArticleVoted", "HelpArticleVoteChanged"],
  project: (event): ReadonlyArray<RowChange> => {
    switch (event.type) {
      case "HelpArticleVoted":
        return [
          insertRow("help_votes", {
            article_id: event.data.articleId,
            user_id: event.data.userId,
            helpful: event.data.helpful,
            voted_at: event.createdAt,
          }),
        ];
      case "HelpArticleVoteChanged": {
        const { userId, articleId } = helpVoteOfStream(event.streamId);
        return [updateRow("help_votes", { article_id: articleId, user_id: userId }, { helpful: event.data.helpful, voted_at: event.createdAt })];
      }
    }
  },
};
