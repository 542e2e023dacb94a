import { Effect } from "effect";
import type { RecordedEvent } from "../../domain/shared";
import { actingAs, apiKeyIdOfVia, apiKeyNamesOf } from "../api-access/queries";
import { config } from "../config";
import { Database } from "../db/Database";
import type { Reaction } from "../eventstore/reactions";
import { userNamesOf, workspaceWithOwner } from "../identity/queries";
import { queueMail } from "../mail/Mailer";
import { postContentsOf } from "../publishing/queries";
import { postLink, quotedPost } from "../publishing/review-mails";

/** Who approves the workspace's posts: its owner and its admins, each address once. */
const approversOf = (workspaceId: string) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const owner = (yield* workspaceWithOwner(workspaceId))?.ownerEmail ?? null;
    const admins = yield* db.query((sql) => sql<{ email: string }[]>`select email from team_members where workspace_id = ${workspaceId} and role = 'admin'`);
    return [...new Set([...(owner === null ? [] : [owner]), ...admins.map((a) => a.email)])];
  });

/** One person's submission (one post, or a bulk upload's many): one mail to each approver. */
const mailApprovers = (workspaceId: string, actorId: string | null, via: string | undefined, postIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const approvers = yield* approversOf(workspaceId);
    if (approvers.length === 0) return;
    const contents = yield* postContentsOf(postIds);
    const posts = postIds.map((postId) => ({ postId, content: contents.get(postId) ?? "" }));
    const keyId = apiKeyIdOfVia(via);
    const person = (actorId ? (yield* userNamesOf([actorId])).get(actorId) : undefined) || "A member of your team";
    const who = actingAs(person, keyId, keyId && (yield* apiKeyNamesOf([keyId])).get(keyId));
    const queue = `${config().publicUrl}/app/queue?tab=approval`;
    const [first] = posts;
    const mail =
      posts.length === 1 && first
        ? {
            subject: "A post awaits your approval",
            text: `${who} submitted a post for approval:\n\n${quotedPost(first.content)}\n\nApprove it or request changes from the queue: ${queue}\nThe post: ${postLink(first.postId)}`,
          }
        : {
            subject: `${posts.length} posts await your approval`,
            text: `${who} submitted ${posts.length} posts for approval, among them:\n\n${posts
              .slice(0, 5)
              .map((p) => quotedPost(p.content))
              .join("\n")}\n\nApprove them or request changes from the queue: ${queue}`,
          };
    for (const to of approvers) yield* queueMail({ to, ...mail });
  });

const postIdOf = (event: RecordedEvent) => event.streamId.slice("post-".length);

/**
 * The owners and admins are told that posts await them, in the transaction that submitted them
 * (PostSubmittedForApproval): one mail per approver however many posts one person submitted at once
 * (a bulk upload's events reach `reactMany` together).
 */
export const approvalRequestMail: Reaction = {
  name: "approval-request-mail",
  handles: ["PostSubmittedForApproval"],
  react: (event) =>
    event.metadata.workspaceId ? mailApprovers(event.metadata.workspaceId, event.metadata.actorId, event.metadata.via, [postIdOf(event)]) : Effect.void,
  reactMany: (events) =>
    Effect.gen(function* () {
      const submissions = Map.groupBy(
        events.filter((e) => e.metadata.workspaceId),
        (e) => `${e.metadata.workspaceId} ${e.metadata.actorId ?? ""} ${e.metadata.via ?? ""}`,
      );
      for (const submitted of submissions.values()) {
        const { workspaceId, actorId, via } = submitted[0]!.metadata;
        yield* mailApprovers(workspaceId!, actorId, via, submitted.map(postIdOf));
      }
    }),
};
