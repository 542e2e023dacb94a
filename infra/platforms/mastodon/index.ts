import type { Provider } from "../provider";
import { exchangeMastodonCode, mastodonAuthorizeUrl, readMastodonAccount, readMastodonLimits, registerMastodonApp } from "./connect";
import { mastodonEngagement } from "./engagement";
import { pollMastodon, replyMastodon } from "./inbox";
import { parseInstance } from "./instance";
import { publishMastodon } from "./publish";

/**
 * Mastodon and every server speaking its API (Pixelfed, GoToSocial, Akkoma): connected with the
 * person's own instance (the app registers itself there; infra/accounts keeps each instance's registration), then
 * statuses with an Idempotency-Key, mentions and replies from notifications, figures per status.
 */
export const mastodon: Provider = {
  id: "mastodon",
  platforms: {
    mastodon: {
      connect: {
        kind: "instance",
        flow: {
          parse: parseInstance,
          register: registerMastodonApp,
          authorizationUrl: mastodonAuthorizeUrl,
          exchangeCode: exchangeMastodonCode,
          readAccount: readMastodonAccount,
          readLimits: readMastodonLimits,
        },
      },
      publish: { publish: publishMastodon },
      inbox: { poll: pollMastodon, reply: replyMastodon },
      engagement: mastodonEngagement,
    },
  },
};
