import { Effect } from "effect";
import type { PostEvent } from "../../domain/publishing";
import type { RecordedEvent } from "../../domain/shared";
import { config } from "../config";
import { Database } from "../db/Database";
import type { Reaction } from "../eventstore/reactions";
import { peopleOf } from "../identity/queries";
import { queueMail } from "../mail/Mailer";

/** A post's page in the app, for mails about it. */
export const postLink = (postId: string) => `${config().publicUrl}/app/posts/${postId}`;

/** A post's text as a mail quotes it: in quotes, cut to 80 characters. */
export const quotedPost = (text: string) => `"${text.length > 80 ? `${text.slice(0, 79)}…` : text}"`;

/**
 * Its author is told what an approver decided (PostApproved, PostChangesRequested), in the
 * transaction of the decision, whichever way it was approved: from the queue, or edited and approved
 * in compose (where the time may have changed, so the mail names none). It runs once the append's
 * read models are written, so an approved post reads as scheduled or as being published now.
 */
export const postReviewedMail: Reaction = {
  name: "post-reviewed-mail",
  handles: ["PostApproved", "PostChangesRequested"],
  react: (recorded) =>
    Effect.gen(function* () {
      const event = recorded as RecordedEvent<PostEvent>;
      const postId = event.streamId.slice("post-".length);
      const db = yield* Database;
      const [post] = yield* db.query(
        (sql) => sql<{ author_id: string; content: string; status: string }[]>`select author_id, content, status from posts where id = ${postId}`,
      );
      if (!post) return;
      const [author] = yield* peopleOf([post.author_id]);
      const email = author?.email;
      if (!email) return;
      const decision =
        event.type === "PostChangesRequested"
          ? `needs changes before it can go out:\n\n${event.data.comment.trim()}`
          : post.status === "scheduled"
            ? "was approved: it goes out at its scheduled time."
            : "was approved and is being published now.";
      yield* queueMail({ to: email, subject: "Your post was reviewed", text: `Your post ${quotedPost(post.content)} ${decision}\n\n${postLink(postId)}` });
    }),
};
