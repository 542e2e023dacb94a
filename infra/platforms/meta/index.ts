import type { Provider } from "../provider";
import { readFacebook, readInstagram, readThreads } from "./engagement";
import { pollThreads, replyFacebook, replyInstagram, replyThreads } from "./inbox";
import { facebook, instagram, threads } from "./oauth";
import { publishFacebook, publishInstagram, publishThreads } from "./publish";

/**
 * Meta's three platforms, sharing the Graph API's ways (graph.ts: versions, error codes, the Page
 * token). Facebook and Instagram messages arrive by signed webhook (webhook.ts, read by the
 * /api/webhooks/meta operation), so they have no poll; Threads is read by polling.
 */
export const meta: Provider = {
  id: "meta",
  platforms: {
    facebook: {
      connect: { kind: "oauth", definition: facebook },
      publish: { publish: publishFacebook },
      inbox: { reply: replyFacebook },
      engagement: readFacebook,
    },
    instagram: {
      connect: { kind: "oauth", definition: instagram },
      publish: { publish: publishInstagram },
      inbox: { reply: replyInstagram },
      engagement: readInstagram,
    },
    threads: {
      connect: { kind: "oauth", definition: threads },
      publish: { publish: publishThreads },
      inbox: { poll: pollThreads, reply: replyThreads },
      engagement: readThreads,
    },
  },
};
