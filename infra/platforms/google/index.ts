import type { Provider } from "../provider";
import { readYouTube } from "./engagement";
import { pollYouTube, replyYouTube } from "./inbox";
import { googleBusiness, youtube } from "./oauth";
import { publishGoogleBusiness, publishYouTube } from "./publish";
import { deleteGoogleReply, replyGoogleReview } from "./reviews";

/**
 * Google's two platforms, one OAuth client between them (oauth.ts). YouTube: video uploads, the
 * channel's comments, video statistics. Business Profile: local posts and reviews (reviews.ts also
 * reads locations, reviews and performance for the reviews module); its local posts have no
 * engagement figures in the API, so it has no reader and Analytics estimates them.
 */
export const google: Provider = {
  id: "google",
  platforms: {
    youtube: {
      connect: { kind: "oauth", definition: youtube },
      publish: { publish: publishYouTube },
      inbox: { poll: pollYouTube, reply: replyYouTube },
      engagement: readYouTube,
    },
    google_business: {
      connect: { kind: "oauth", definition: googleBusiness },
      publish: { publish: publishGoogleBusiness },
      reviews: { respond: replyGoogleReview, respondsAs: "account", deleteResponse: deleteGoogleReply },
    },
  },
};
