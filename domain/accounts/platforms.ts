/**
 * The 22 platforms (spec core §3, §9; engagement §1; issue 32): 15 social networks and 7 review or directory
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
  "telegram",
  "discord",
  "mastodon",
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
 * - listing: the public profile URL only, where the platform's API allows no third-party posting;
 * - telegram: a bot's token and the channel it is an administrator of;
 * - discord: a channel's webhook address;
 * - instance: OAuth with the server the person names (Mastodon and every server speaking its API),
 *   the app registering itself there: no operator set-up.
 * Any platform can also be connected as a sandbox account (posts stay in the app).
 */
export const CONNECTION_METHODS = ["oauth", "bluesky", "listing", "telegram", "discord", "instance"] as const;
export type ConnectionMethod = (typeof CONNECTION_METHODS)[number];

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
  /** What a post to the platform must carry and may carry (the platforms' documented limits). */
  readonly posting: PostingRules;
  /** What reaches the inbox and the Reviews screen from it, and whether New Message may write first. */
  readonly inbox: InboxCapabilities;
  /** Listing platforms: the host names a profile URL may have. */
  readonly listingHosts?: ReadonlyArray<string>;
}

/**
 * What the platform's API lets the inbox read and write (spec engagement §9), for real accounts and
 * sandbox ones alike: the sandbox writes sample direct messages, comments, mentions and reviews only
 * where a real account of the platform would bring them, and New Message only writes first where the
 * platform lets an app do so.
 */
export interface InboxCapabilities {
  /** Direct messages people send the account reach the inbox. */
  readonly dm: boolean;
  /** New Message: an app may open a conversation with someone (X's dm.write); elsewhere one can only answer. */
  readonly writeFirst: boolean;
  /** Comments on the account's posts reach the inbox. */
  readonly comments: boolean;
  /** Posts that mention the account reach the inbox. */
  readonly mentions: boolean;
  /** Reviews of the business reach the Reviews screen. */
  readonly reviews: boolean;
}

const inbox = (capabilities: Partial<InboxCapabilities> = {}): InboxCapabilities => ({
  dm: false,
  writeFirst: false,
  comments: false,
  mentions: false,
  reviews: false,
  ...capabilities,
});

const MB = 1_000_000;
const GB = 1_000_000_000;

/**
 * What a platform accepts in a post, as its publishing API documents it: compose, POST /api/posts
 * and the sandbox all refuse what the real platform would (domain/publishing/platform-rules.ts).
 */
export interface PostingRules {
  /** False for review and listing sites: their APIs let no one else post. */
  readonly accepts: boolean;
  /** "media": a photo or video; "video": one video; null: text alone will do. */
  readonly requires: "media" | "video" | null;
  /** At most this many files in one post. */
  readonly maxItems: number;
  readonly maxImages: number;
  readonly maxVideos: number;
  /** Whether one post may hold images and a video together. */
  readonly mixed: boolean;
  /** Characters of the text once media is attached, where the platform says less than for text alone (Telegram's caption). */
  readonly maxCaptionCharacters?: number;
  /** Bytes, where the platform documents a limit. */
  readonly maxImageBytes?: number;
  readonly maxVideoBytes?: number;
}

const posting = (rules: Partial<PostingRules> & Pick<PostingRules, "maxItems">): PostingRules => ({
  accepts: true,
  requires: null,
  maxImages: rules.maxItems,
  maxVideos: rules.maxItems,
  mixed: true,
  ...rules,
});

/** Review and listing sites: reviews are read, nothing is posted. */
const NO_POSTING: PostingRules = { accepts: false, requires: null, maxItems: 0, maxImages: 0, maxVideos: 0, mixed: false };

const social = (
  id: PlatformId,
  name: string,
  maxCharacters: number,
  description: string,
  connection: ConnectionMethod,
  postingRules: PostingRules,
  inboxCapabilities: InboxCapabilities,
  supports: Partial<Platform["supports"]> = {},
): Platform => ({
  id,
  name,
  category: "social",
  description,
  maxCharacters,
  connection,
  supports: { text: true, images: true, video: true, firstComment: false, reviews: false, ...supports },
  posting: postingRules,
  inbox: inboxCapabilities,
});

const review = (id: PlatformId, name: string, maxCharacters: number, description: string, listingHosts: ReadonlyArray<string>): Platform => ({
  id,
  name,
  category: "review",
  description,
  maxCharacters,
  connection: "listing",
  supports: { text: false, images: false, video: false, firstComment: false, reviews: true },
  posting: NO_POSTING,
  // Review and listing sites carry no messages: people reach the business through its reviews.
  inbox: inbox({ reviews: true }),
  listingHosts,
});

export const PLATFORMS: ReadonlyArray<Platform> = [
  social("facebook", "Facebook", 63206, "Pages: posts, reels, stories and comments.", "oauth",
    // Graph API Pages: up to 10 photos (10 MB each) or one video (up to 10 GB).
    posting({ maxItems: 10, maxVideos: 1, mixed: false, maxImageBytes: 10 * MB, maxVideoBytes: 10 * GB }),
    // Messenger: a page answers people who wrote to it; comments on its posts.
    inbox({ dm: true, comments: true }), { firstComment: true }),
  social("instagram", "Instagram", 2200, "Business and creator accounts: posts, reels, stories.", "oauth",
    // Content Publishing API: a photo or video is required; a carousel holds up to 10; JPEG up to 8 MB, video up to 300 MB.
    posting({ requires: "media", maxItems: 10, maxImageBytes: 8 * MB, maxVideoBytes: 300 * MB }),
    // Instagram Messaging answers people who wrote first; comments and @mentions by webhook.
    inbox({ dm: true, comments: true, mentions: true }), { text: false, firstComment: true }),
  social("twitter", "X (Twitter)", 280, "Posts, threads and replies.", "oauth",
    // Up to 4 images (5 MB each) or one video (512 MB), not both.
    posting({ maxItems: 4, maxImages: 4, maxVideos: 1, mixed: false, maxImageBytes: 5 * MB, maxVideoBytes: 512 * MB }),
    // Replies and mentions are read; dm.write lets an app open a direct message with anyone who accepts them.
    inbox({ writeFirst: true, comments: true, mentions: true })),
  social("linkedin", "LinkedIn", 3000, "Profiles and company pages.", "oauth",
    // Posts API: up to 9 images in a multi-image post, or one video (up to 500 MB), not both.
    posting({ maxItems: 9, maxImages: 9, maxVideos: 1, mixed: false, maxVideoBytes: 500 * MB }),
    // Comments on the page's posts; LinkedIn's messaging API is closed to apps.
    inbox({ comments: true })),
  social("tiktok", "TikTok", 150, "Short videos with captions.", "oauth",
    // Content Posting API: one video, up to 4 GB.
    posting({ requires: "video", maxItems: 1, maxImages: 0, maxVideos: 1, maxVideoBytes: 4 * GB }),
    // The API gives apps no access to comments or messages.
    inbox(), { text: false, images: false, firstComment: true }),
  social("youtube", "YouTube", 5000, "Videos and Shorts with titles, tags and visibility.", "oauth",
    // videos.insert: one video, up to 256 GB.
    posting({ requires: "video", maxItems: 1, maxImages: 0, maxVideos: 1, maxVideoBytes: 256 * GB }),
    // commentThreads: comments on the channel's videos; YouTube has no direct messages.
    inbox({ comments: true }), { text: false, images: false }),
  social("pinterest", "Pinterest", 500, "Pins to your boards, with a destination link.", "oauth",
    // A Pin is one image (up to 20 MB) or one video (up to 2 GB).
    posting({ requires: "media", maxItems: 1, maxImageBytes: 20 * MB, maxVideoBytes: 2 * GB }),
    // The API gives apps no access to comments or messages.
    inbox(), { text: false }),
  social("google_business", "Google Business Profile", 1500, "Updates, offers and events for your locations; reviews.", "oauth",
    // localPosts: one photo (up to 5 MB), no video.
    posting({ maxItems: 1, maxVideos: 0, maxImageBytes: 5 * MB }),
    // Reviews only: Google ended Business Messages (chat) in 2024, and local posts take no comments.
    inbox({ reviews: true }), { video: false, reviews: true }),
  social("threads", "Threads", 500, "Text posts with images and video.", "oauth",
    // Threads API: a carousel of up to 20 images (8 MB) and videos (1 GB).
    posting({ maxItems: 20, maxImageBytes: 8 * MB, maxVideoBytes: 1 * GB }),
    // Replies and mentions; Threads has no direct messages.
    inbox({ comments: true, mentions: true })),
  {
    ...social("snapchat", "Snapchat", 80, "Public profile. Snapchat allows no third-party posting to public stories: the connection lists your profile.", "listing",
      // A story is one photo or video.
      posting({ requires: "media", maxItems: 1 }),
    // The API gives apps no access to messages.
    inbox(), { text: false }),
    listingHosts: ["snapchat.com", "www.snapchat.com"],
  },
  social("bluesky", "Bluesky", 300, "Posts with up to 4 images, links and language; any PDS.", "bluesky",
    // app.bsky.embed.images: up to 4 images of at most 1,000,000 bytes each.
    posting({ maxItems: 4, maxVideos: 0, maxImageBytes: 1 * MB }),
    // Replies and mentions, from its notifications; its chat is not read.
    inbox({ comments: true, mentions: true }), { video: false }),
  social("reddit", "Reddit", 40000, "Posts to subreddits with flair and NSFW flag.", "oauth",
    // A gallery post holds up to 20 images (20 MB each).
    posting({ maxItems: 20, maxVideos: 0, maxImageBytes: 20 * MB }),
    // Replies are not read yet.
    inbox(), { video: false }),
  social("telegram", "Telegram", 4096, "Channels: posts by your own bot, with photos and videos.", "telegram",
    // Bot API: a message holds 4096 characters, a caption 1024; an album 2 to 10 photos or videos; a bot uploads photos up to 10 MB, other files up to 50 MB.
    posting({ maxItems: 10, maxCaptionCharacters: 1024, maxImageBytes: 10 * MB, maxVideoBytes: 50 * MB }),
    // A channel's comments live in its linked discussion group: not read.
    inbox(), { video: true }),
  social("discord", "Discord", 2000, "Channels: posts through a channel webhook, with attachments.", "discord",
    // Execute Webhook: 2000 characters and up to 10 files of 10 MB (without a server boost).
    posting({ maxItems: 10, maxImageBytes: 10 * MB, maxVideoBytes: 10 * MB }),
    // A webhook only posts: it reads nothing.
    inbox()),
  social("mastodon", "Mastodon", 500, "Any Mastodon server (Pixelfed, GoToSocial, Akkoma too): posts with content warnings and visibility.", "instance",
    // Mastodon's defaults (each server may set its own, read from /api/v2/instance at connection):
    // 500 characters, 4 attachments, images up to 16 MB, one video (up to 99 MB) not mixed with images.
    posting({ maxItems: 4, maxImages: 4, maxVideos: 1, mixed: false, maxImageBytes: 16 * MB, maxVideoBytes: 99 * MB }),
    // Mentions and replies, from its notifications; direct messages are statuses too, not read here.
    inbox({ comments: true, mentions: true })),
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

/** What an account tells of its own server's limits (Mastodon: read from its instance at connection). */
export interface AccountLimitsSource {
  readonly platform: PlatformId;
  readonly metadata?: Readonly<Record<string, unknown>> | null;
}

const positiveInteger = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null);

/**
 * The platform as these accounts' servers allow it: where an account says its own limits
 * (`metadata.maxCharacters`, `metadata.maxMedia`: a Mastodon instance's), the tightest of the chosen
 * accounts' replaces the catalogue's; the catalogue's stand for every other platform.
 */
export const platformFor = (id: PlatformId, accounts: ReadonlyArray<AccountLimitsSource> = []): Platform => {
  const base = platformById(id);
  const own = accounts.filter((a) => a.platform === id);
  const tightest = (key: string) => {
    const values = own.map((a) => positiveInteger(a.metadata?.[key])).filter((v): v is number => v !== null);
    return values.length > 0 ? Math.min(...values) : null;
  };
  const maxCharacters = tightest("maxCharacters");
  const maxMedia = tightest("maxMedia");
  if (maxCharacters === null && maxMedia === null) return base;
  const items = maxMedia ?? base.posting.maxItems;
  return {
    ...base,
    maxCharacters: maxCharacters ?? base.maxCharacters,
    posting: { ...base.posting, maxItems: items, maxImages: Math.min(base.posting.maxImages, items) || items, maxVideos: Math.min(base.posting.maxVideos, items) },
  };
};
