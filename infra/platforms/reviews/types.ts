/** A review as a site's API delivers it. */
export interface FetchedReview {
  /** Google: the review's resource name (accounts/{a}/locations/{l}/reviews/{r}); Yelp: the review id. */
  readonly externalId: string;
  /** Google: the location (locations/{l}); null for a site with one page. */
  readonly locationId: string | null;
  readonly reviewerName: string;
  readonly reviewerAvatar: string | null;
  /** 1 to 5. */
  readonly rating: number;
  /** "" for a rating without text. */
  readonly content: string;
  readonly reviewedAt: string;
  readonly updatedAt: string;
  readonly url: string | null;
  /** The owner's response on the site, whoever wrote it. */
  readonly response: { readonly text: string; readonly at: string } | null;
}

/** A Business Profile location (Business Information API). */
export interface FetchedLocation {
  readonly externalId: string;
  readonly name: string;
  readonly address: string | null;
  readonly isVerified: boolean;
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

export interface PerformanceDay {
  readonly day: string;
  readonly views: number;
  readonly searches: number;
  readonly calls: number;
  readonly directions: number;
  readonly websiteClicks: number;
}
