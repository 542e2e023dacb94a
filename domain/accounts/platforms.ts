/**
 * The 19 platforms (spec core §3, §9; engagement §1): 12 social networks and 7 review or directory
 * sites. What each allows decides how it connects and what the composer offers.
 */
export const PLATFORM_IDS = [
  "facebook",
  "instagram",
  "twitter",
  "linkedin",
  "tiktok",
  "youtube",
  "pinterest",
  "google_business",
  "threads",
  "snapchat",
  "bluesky",
  "reddit",
  "yelp",
  "avvo",
  "healthgrades",
  "dignityhealth",
  "martindale",
  "superlawyers",
  "bbb",
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/**
 * How an account of the platform is connected:
 * - oauth: the platform's OAuth 2 flow (tokens kept encrypted, refreshed by a job);
 * - bluesky: handle or email + app password against a PDS (any, self-hosted too);
 * - listing: the public profile URL only, where the platform's API allows no third-party posting.
 * Any platform can also be connected as a sandbox account (posts stay in the app).
 */
export type ConnectionMethod = "oauth" | "bluesky" | "listing";

export interface Platform {
  readonly id: PlatformId;
  readonly name: string;
  readonly category: "social" | "review";
  readonly description: string;
  readonly maxCharacters: number;
  readonly connection: ConnectionMethod;
  readonly supports: {
    readonly text: boolean;
    readonly images: boolean;
    readonly video: boolean;
    readonly firstComment: boolean;
    readonly reviews: boolean;
  };
  /** Listing platforms: the host names a profile URL may have. */
  readonly listingHosts?: ReadonlyArray<string>;
}

const social = (
  id: PlatformId,
  name: string,
  maxCharacters: number,
  description: string,
  connection: ConnectionMethod,
  supports: Partial<Platform["supports"]> = {},
): Platform => ({
  id,
  name,
  category: "social",
  description,
  maxCharacters,
  connection,
  supports: { text: true, images: true, video: true, firstComment: false, reviews: false, ...supports },
});

const review = (id: PlatformId, name: string, maxCharacters: number, description: string, listingHosts: ReadonlyArray<string>): Platform => ({
  id,
  name,
  category: "review",
  description,
  maxCharacters,
  connection: "listing",
  supports: { text: false, images: false, video: false, firstComment: false, reviews: true },
  listingHosts,
});

export const PLATFORMS: ReadonlyArray<Platform> = [
  social("facebook", "Facebook", 63206, "Pages: posts, reels, stories and comments.", "oauth", { firstComment: true }),
  social("instagram", "Instagram", 2200, "Business and creator accounts: posts, reels, stories.", "oauth", { text: false, firstComment: true }),
  social("twitter", "X (Twitter)", 280, "Posts, threads and replies.", "oauth"),
  social("linkedin", "LinkedIn", 3000, "Profiles and company pages.", "oauth"),
  social("tiktok", "TikTok", 150, "Short videos with captions.", "oauth", { text: false, images: false, firstComment: true }),
  social("youtube", "YouTube", 5000, "Videos and Shorts with titles, tags and visibility.", "oauth", { text: false, images: false }),
  social("pinterest", "Pinterest", 500, "Pins to your boards, with a destination link.", "oauth", { text: false }),
  social("google_business", "Google Business Profile", 1500, "Updates, offers and events for your locations; reviews.", "oauth", { video: false, reviews: true }),
  social("threads", "Threads", 500, "Text posts with images and video.", "oauth"),
  {
    ...social("snapchat", "Snapchat", 80, "Public profile. Snapchat allows no third-party posting to public stories: the connection lists your profile.", "listing", { text: false }),
    listingHosts: ["snapchat.com", "www.snapchat.com"],
  },
  social("bluesky", "Bluesky", 300, "Posts with up to 4 images, links and language; any PDS.", "bluesky", { video: false }),
  social("reddit", "Reddit", 40000, "Posts to subreddits with flair and NSFW flag.", "oauth", { video: false }),
  review("yelp", "Yelp", 5000, "Your business page: follow reviews and ratings.", ["yelp.com", "www.yelp.com", "m.yelp.com"]),
  review("avvo", "Avvo", 1000, "Your lawyer profile: follow client reviews.", ["avvo.com", "www.avvo.com"]),
  review("healthgrades", "Healthgrades", 1500, "Your provider profile: follow patient reviews.", ["healthgrades.com", "www.healthgrades.com"]),
  review("dignityhealth", "Dignity Health", 1200, "Your Dignity Health provider listing: follow patient reviews.", ["dignityhealth.org", "www.dignityhealth.org", "locations.dignityhealth.org"]),
  review("martindale", "Martindale-Hubbell", 2000, "Your Martindale-Hubbell profile: follow peer and client reviews.", ["martindale.com", "www.martindale.com"]),
  review("superlawyers", "Super Lawyers", 1500, "Your Super Lawyers profile: follow reviews.", ["superlawyers.com", "www.superlawyers.com", "profiles.superlawyers.com"]),
  review("bbb", "BBB", 1000, "Your Better Business Bureau profile: follow reviews and complaints.", ["bbb.org", "www.bbb.org"]),
];

/** `x` is the spec's other name for twitter. */
export const normalizePlatformId = (value: string): PlatformId | null => {
  const id = value === "x" ? "twitter" : value;
  return (PLATFORM_IDS as ReadonlyArray<string>).includes(id) ? (id as PlatformId) : null;
};

export const platformById = (id: PlatformId): Platform => PLATFORMS.find((p) => p.id === id)!;

export const SOCIAL_PLATFORMS = PLATFORMS.filter((p) => p.category === "social");
export const REVIEW_PLATFORMS = PLATFORMS.filter((p) => p.category === "review");
