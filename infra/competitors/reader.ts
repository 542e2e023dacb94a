/** What competitor tracking needs of a platform: an account found by the handle a person typed, and its public figures. */

/** A post as the snapshots keep it. */
export interface FeedPost {
  readonly uri: string;
  readonly url: string;
  readonly text: string;
  readonly likes: number;
  readonly reposts: number;
  readonly replies: number;
  readonly postedAt: string;
}

export interface ResolvedAccount {
  /** What the account is read by from then on (Bluesky: its DID; Mastodon: its instance and id). */
  readonly externalId: string;
  readonly handle: string;
  readonly name: string;
  readonly avatar: string | null;
  readonly url: string;
}

export interface PublicFigures {
  readonly followers: number;
  readonly posts: number;
  /** The newest own posts (no replies, no reposts of others). */
  readonly feed: ReadonlyArray<FeedPost>;
}

export interface CompetitorReader {
  readonly resolve: (typed: string) => Promise<ResolvedAccount>;
  readonly read: (externalId: string) => Promise<PublicFigures>;
}

/**
 * The platform did not answer usably: the sentence to show. `platform`: this server cannot ask it;
 * `handle`: what was typed is no handle;
 * `unknown`: the platform knows no such account; `unavailable`: it could not be asked.
 */
export class AppViewRefused extends Error {
  constructor(
    message: string,
    readonly kind: "platform" | "handle" | "unknown" | "unavailable" = "unavailable",
  ) {
    super(message);
  }
}
