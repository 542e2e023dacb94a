import { validateListingUrl } from "../listings/listing";
import type { Provider } from "../provider";
import { replyYelpReview, yelpConfigured, yelpRespondConfigured } from "./reviews";

/**
 * Yelp: connected by its page's address (a listing); its reviews read with the server's Places API
 * key and answered with the partner token (reviews.ts), never with an account's own access.
 */
export const yelp: Provider = {
  id: "yelp",
  platforms: {
    yelp: {
      connect: { kind: "listing", validate: (url) => validateListingUrl("yelp", url) },
      reviews: {
        readable: yelpConfigured,
        respondable: yelpRespondConfigured,
        respond: (_credentials, reviewId, text) => replyYelpReview(reviewId, text),
        respondsAs: "server",
      },
    },
  },
};
