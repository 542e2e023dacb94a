import type { Provider } from "../provider";
import { readTikTok } from "./engagement";
import { tiktok as definition } from "./oauth";
import { publishTikTok } from "./publish";

/** TikTok: Direct Post of a video or photos, and the Display API's video figures; no inbox API. */
export const tiktok: Provider = {
  id: "tiktok",
  platforms: {
    tiktok: {
      connect: { kind: "oauth", definition },
      publish: { publish: publishTikTok },
      engagement: readTikTok,
    },
  },
};
