import { helpVoteEvents, helpVotesProjection } from "../../domain/help";
import { defineModule, moduleApi } from "../module";
import { HelpApi } from "./api";
import { helpHandlers } from "./api-handlers";
import { Help } from "./Help";

/** The help centre's "Was this article helpful?" votes. */
export const helpModule = defineModule({
  name: "help",
  events: helpVoteEvents,
  auditKinds: [{ id: "help", label: "Help article votes" }],
  layer: Help.layer,
  api: [moduleApi(HelpApi, helpHandlers)],
  projections: [helpVotesProjection],
  auditSummaries: {
    HelpArticleVoted: (d) => `Found the help article "${d.articleId}" ${d.helpful ? "helpful" : "not helpful"}`,
    HelpArticleVoteChanged: (d) => `Changed their vote on a help article to ${d.helpful ? "helpful" : "not helpful"}`,
  },
});
