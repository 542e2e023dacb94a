import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import { helpVoteOfStream, helpVoteStreamId } from "./events";
import { helpVoteDecider, ratingOf, voteOnHelpArticle } from "./vote";

const USER = "3f8c2a4e-9b1d-4c6e-8a2f-1d2e3f4a5b6c";

describe("a vote on a help article", () => {
  const spec = DeciderSpecification(helpVoteDecider);
  const vote = (helpful: boolean) => voteOnHelpArticle({ articleId: "team-invitations", userId: USER, helpful });

  it("is recorded the first time", () =>
    spec
      .given([])
      .when(vote(true))
      .then([{ type: "HelpArticleVoted", data: { articleId: "team-invitations", userId: USER, helpful: true } }]));

  it("is changed by the other answer; the same answer again records nothing", () => {
    const voted = { type: "HelpArticleVoted" as const, data: { articleId: "team-invitations", userId: USER, helpful: true } };
    spec
      .given([voted])
      .when(vote(false))
      .then([{ type: "HelpArticleVoteChanged", data: { helpful: false } }]);
    spec.given([voted]).when(vote(true)).thenNothingHappens();
    spec
      .given([voted, { type: "HelpArticleVoteChanged", data: { helpful: false } }])
      .when(vote(true))
      .then([{ type: "HelpArticleVoteChanged", data: { helpful: true } }]);
  });

  it("lives on a stream of the person and the article, read back from its id", () => {
    expect(helpVoteOfStream(helpVoteStreamId(USER, "connect-instagram"))).toEqual({ userId: USER, articleId: "connect-instagram" });
  });
});

describe("an article's rating", () => {
  it("is 1 to 5 from the share of helpful votes, none before the first vote", () => {
    expect(ratingOf({ helpful: 0, notHelpful: 0 })).toBeNull();
    expect(ratingOf({ helpful: 3, notHelpful: 0 })).toBe(5);
    expect(ratingOf({ helpful: 0, notHelpful: 2 })).toBe(1);
    expect(ratingOf({ helpful: 2, notHelpful: 1 })).toBe(3.7);
  });
});
