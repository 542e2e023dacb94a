import type { Provider } from "../provider";
import { readReddit } from "./engagement";
import { reddit as definition } from "./oauth";
import { publishReddit } from "./publish";

/** Reddit: self and link posts to a subreddit, and their score and comment count. */
export const reddit: Provider = {
  id: "reddit",
  platforms: {
    reddit: {
      connect: { kind: "oauth", definition },
      publish: { publish: publishReddit },
      engagement: readReddit,
    },
  },
};
