import { publishFacebook, publishInstagram, publishThreads } from "./meta";
import { publishGoogleBusiness, publishLinkedIn, publishPinterest, publishReddit, publishTwitter, publishYouTube } from "./others";
import { publishTikTok } from "./tiktok";
import type { PlatformPublisher } from "./types";

/** No OAuth platform lets us look a post up by our key: `findPublished` answers null for them. */
export const OAUTH_PUBLISHERS: ReadonlyArray<PlatformPublisher> = [
  { platform: "facebook", publish: publishFacebook },
  { platform: "instagram", publish: publishInstagram },
  { platform: "twitter", publish: publishTwitter },
  { platform: "linkedin", publish: publishLinkedIn },
  { platform: "tiktok", publish: publishTikTok },
  { platform: "google_business", publish: publishGoogleBusiness },
  { platform: "pinterest", publish: publishPinterest },
  { platform: "reddit", publish: publishReddit },
  { platform: "threads", publish: publishThreads },
  { platform: "youtube", publish: publishYouTube },
];
