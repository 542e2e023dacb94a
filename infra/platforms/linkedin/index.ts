import type { Provider } from "../provider";
import { readLinkedIn } from "./engagement";
import { pollLinkedIn, replyLinkedIn } from "./inbox";
import { linkedin as definition } from "./oauth";
import { publishLinkedIn } from "./publish";

/** LinkedIn: the member's posts through the versioned REST API (rest.ts), comments on them, Social Metadata. */
export const linkedin: Provider = {
  id: "linkedin",
  platforms: {
    linkedin: {
      connect: { kind: "oauth", definition },
      publish: { publish: publishLinkedIn },
      inbox: { poll: pollLinkedIn, reply: replyLinkedIn },
      engagement: readLinkedIn,
    },
  },
};
