import { Effect } from "effect";
import { checkedResponse, REVIEW_MESSAGES, ReviewSiteFailed } from "../../domain/reviews";
import type { Caller } from "../../domain/shared";
import { SocialAccounts } from "../accounts/SocialAccounts";
import type { OAuthCredentials } from "../platforms/provider";
import { reviewSiteOf } from "../platforms/providers";
import { PlatformError } from "../platforms/types";
import { Reviews } from "./Reviews";

/** The account, and its stored credentials with what the clients need of it (the Business Profile account, its locations). */
export const accessOf = (workspaceId: string, accountId: string) =>
  Effect.gen(function* () {
    const accounts = yield* SocialAccounts;
    const account = yield* accounts.get(workspaceId, accountId);
    const credentials = yield* accounts.credentials<Record<string, unknown>>(account.id);
    return { account, credentials: { ...credentials, externalId: account.accountId, metadata: account.metadata } as OAuthCredentials };
  });

const onSite = <A>(call: () => Promise<A>) =>
  Effect.tryPromise({
    try: call,
    catch: (error) =>
      new ReviewSiteFailed({ message: `${REVIEW_MESSAGES.failed} ${error instanceof PlatformError ? error.message : "The site could not be reached."}` }),
  });

/**
 * Respond to a review (or change the response): where the site has an API (Google, Yelp with
 * partner access, a sandbox) the response is posted there first and recorded once it is; elsewhere
 * it is recorded as answered by hand (the person copied it to the site: "Mark as responded").
 */
export const respondToReview = Effect.fn("Reviews.respond")(function* (caller: Caller, reviewId: string, text: string) {
  const reviews = yield* Reviews;
  const { review, externalId } = yield* reviews.target(caller.workspaceId, reviewId);
  const response = yield* checkedResponse(review.platform, text);
  if (!review.postsThroughApi) return yield* reviews.recordResponse(caller, reviewId, response, "by_hand");
  const site = review.source === "platform" ? reviewSiteOf(review.platform) : null;
  if (site) {
    const credentials = site.respondsAs === "account" ? (yield* accessOf(caller.workspaceId, review.accountId)).credentials : null;
    yield* onSite(() => site.respond(credentials, externalId, response));
  }
  return yield* reviews.recordResponse(caller, reviewId, response, "posted");
});

/** Delete the response: on Google through deleteReply, elsewhere only our record (the site's copy is the person's to remove). */
export const deleteReviewResponse = Effect.fn("Reviews.deleteResponse")(function* (caller: Caller, reviewId: string) {
  const reviews = yield* Reviews;
  const { review, externalId } = yield* reviews.target(caller.workspaceId, reviewId);
  const deleteResponse = review.source === "platform" ? reviewSiteOf(review.platform)?.deleteResponse : undefined;
  if (review.hasResponse && review.postsThroughApi && deleteResponse) {
    const { credentials } = yield* accessOf(caller.workspaceId, review.accountId);
    yield* onSite(() => deleteResponse(credentials, externalId));
  }
  return yield* reviews.recordResponseDeleted(caller, reviewId);
});
