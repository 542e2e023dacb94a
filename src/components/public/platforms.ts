/** The platforms the public pages name (spec core §1: 19 platforms, 12 social and 7 review or directory sites). */
export const SOCIAL_PLATFORMS = [
  "Facebook",
  "Instagram",
  "X (Twitter)",
  "LinkedIn",
  "TikTok",
  "YouTube",
  "Pinterest",
  "Google Business Profile",
  "Threads",
  "Snapchat",
  "Bluesky",
  "Reddit",
] as const;

export const REVIEW_PLATFORMS = [
  "Yelp",
  "Avvo",
  "Healthgrades",
  "Dignity Health",
  "Martindale-Hubbell",
  "Super Lawyers",
  "BBB",
] as const;

export const PLATFORM_COUNT = SOCIAL_PLATFORMS.length + REVIEW_PLATFORMS.length;
