import { Effect } from "effect";
import type { PostEvent } from "../../domain/publishing";
import type { RecordedEvent } from "../../domain/shared";
import { config } from "../config";
import type { Reaction } from "../eventstore/reactions";
import { ownerAlertsOf } from "../identity/queries";
import { queueMail } from "../mail/Mailer";

/**
 * A publication that ended with failed accounts (the post is back in the drafts) is e-mailed to the
 * workspace's owner, unless their failure alerts are off (they are on by default).
 */
export const publicationFailedMail: Reaction = {
  name: "publication-failed-mail",
  handles: ["PostPublishFailed"],
  react: (recorded) =>
    Effect.gen(function* () {
      const event = recorded as RecordedEvent<Extract<PostEvent, { type: "PostPublishFailed" }>>;
      const workspaceId = event.metadata.workspaceId;
      const owner = workspaceId ? yield* ownerAlertsOf(workspaceId) : null;
      if (!owner?.failureAlerts) return;
      const postId = event.streamId.slice("post-".length);
      yield* queueMail({
        to: owner.email,
        subject: "A post could not be published",
        text: [
          `Hello ${owner.firstName},`,
          "",
          "SocialDesk could not publish one of your posts. It is back in your drafts:",
          "",
          event.data.reason,
          "",
          new URL(`/app/compose?post=${postId}`, config().publicUrl).href,
        ].join("\n"),
      });
    }),
};
