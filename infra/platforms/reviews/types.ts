/** A review as a site's API delivers it. */
export interface FetchedReview {
  /** Google: the review's resource name (accounts/{a}/locations/{l}/reviews/{r}); Yelp: the review id. */
  readonly externalId: string;
  /** Google: the location (locations/{l}); null for a site with one page. */
  readonly locationId: string | null;
  /** "A Google user" for an anonymous Google reviewer. */
  readonly reviewerName: string;
  readonly reviewerAvatar: string | null;
  /** 1 to 5. */
  readonly rating: number;
  /** "" for a rating without text. */
  readonly content: string;
  /** ISO instants. */
  readonly reviewedAt: string;
  readonly updatedAt: string;
  readonly url: string | null;
  /** The owner's response on the site, whoever wrote it. */
  readonly response: { readonly text: string; readonly at: string } | null;
}

/** A Business Profile location (Business Information API). */
export interface FetchedLocation {
  /** locations/{l} */
  readonly externalId: string;
  /** The location's title. */
  readonly name: string;
  /** Address lines, town, state or region, postal code, joined with ", ". */
  readonly address: string | null;
  /** metadata.hasVoiceOfMerchant: verified, and its owner speaks for it on Google. */
  readonly isVerified: boolean;
  /** The primary category's display name, then the additional ones. */
  readonly categories: ReadonlyArray<string>;
  readonly mapsUri: string | null;
}

export interface LocationReviews {
  /** Newest update first; only those updated after `since` (all when it is null). */
  readonly reviews: ReadonlyArray<FetchedReview>;
  readonly averageRating: number | null;
  readonly totalReviews: number;
  /** The newest update seen: where the next read stops. */
  readonly newest: string | null;
}

/** One day of a location's figures (Business Profile Performance API); 0 where Google has nothing. */
export interface PerformanceDay {
  /** YYYY-MM-DD */
  readonly day: string;
  /** Impressions on Maps, desktop and mobile. */
  readonly views: number;
  /** Impressions on Search, desktop and mobile. */
  readonly searches: number;
  readonly calls: number;
  readonly directions: number;
  readonly websiteClicks: number;
}
