import { createHash } from "node:crypto";
import { Effect } from "effect";
import { systemContext } from "../../domain/shared";
import { Database } from "../db/Database";
import { Inbox, type IncomingMessage } from "./Inbox";

/**
 * People answering a sandbox account (issue 11: "a generator that writes realistic messages on posts
 * published to them"), so the inbox can be tried without credentials. What they write is chosen from
 * the post's id (the same post always draws the same people and words), and each message's id comes
 * from the post: the job run twice keeps them once.
 */
const PEOPLE = [
  { name: "Jane Smith", username: "janesmith", verified: false, followers: 412 },
  { name: "Marcus Reed", username: "marcus.reed", verified: false, followers: 1_870 },
  { name: "Priya Patel", username: "priyapatel", verified: true, followers: 48_200 },
  { name: "Tom Becker", username: "tbecker", verified: false, followers: 95 },
  { name: "Ana Souza", username: "ana_souza", verified: false, followers: 3_300 },
  { name: "Local Eats Weekly", username: "localeats", verified: true, followers: 126_000 },
] as const;

const COMMENTS = [
  "Love this! Thanks for sharing 😊",
  "Do you have any openings this Saturday?",
  "How much does this cost? Is it covered by insurance?",
  "Great team, always friendly and on time.",
  "I waited 40 minutes last week and nobody called me back. Really disappointed.",
  "Is this still available next month?",
  "Shared with my sister, she's been looking for exactly this!",
  "The parking situation is terrible, please fix it.",
] as const;

const DIRECT = [
  "Hi! Can I book an appointment for next Tuesday morning?",
  "Hello, I have a question about my last invoice. Who should I talk to?",
  "Thanks again for yesterday, everything went perfectly.",
] as const;

/** A number from a seed (a post's or an account's id) and a salt: the same every time. */
export const draw = (seed: string, salt: string, modulo: number) =>
  parseInt(createHash("sha256").update(`${seed}:${salt}`).digest("hex").slice(0, 8), 16) % modulo;

/** What people write on one sandbox post: two or three comments, and sometimes a direct message. */
export const sandboxConversation = (post: {
  readonly platformPostId: string;
  readonly postId: string;
  readonly content: string;
  readonly publishedAt: Date;
}): IncomingMessage[] => {
  const seed = post.platformPostId;
  const title = post.content.length > 60 ? `${post.content.slice(0, 59)}…` : post.content;
  const comments = 2 + draw(seed, "count", 2);
  // Different people saying different things: consecutive picks from a starting point of the seed.
  const firstPerson = draw(seed, "people", PEOPLE.length);
  const firstComment = draw(seed, "comments", COMMENTS.length);
  const messages: IncomingMessage[] = Array.from({ length: comments }, (_, i) => {
    const person = PEOPLE[(firstPerson + i) % PEOPLE.length]!;
    return {
      type: "comment",
      externalId: `${seed}:comment:${i}`,
      threadId: seed,
      parentExternalId: seed,
      postId: post.postId,
      postTitle: title,
      from: { name: person.name, username: person.username, avatar: null, verified: person.verified, followers: person.followers },
      content: COMMENTS[(firstComment + i * 3) % COMMENTS.length]!,
      sentAt: new Date(post.publishedAt.getTime() + (i + 1) * 4 * 60_000),
      url: null,
      likes: draw(seed, `likes-${i}`, 12),
    } satisfies IncomingMessage;
  });
  if (draw(seed, "dm", 2) === 0) {
    const person = PEOPLE[draw(seed, "dm-person", PEOPLE.length)]!;
    messages.push({
      type: "dm",
      externalId: `${seed}:dm`,
      threadId: `dm:${person.username}`,
      parentExternalId: null,
      postId: null,
      postTitle: null,
      from: { name: person.name, username: person.username, avatar: null, verified: person.verified, followers: person.followers },
      content: DIRECT[draw(seed, "dm-text", DIRECT.length)]!,
      sentAt: new Date(post.publishedAt.getTime() + 15 * 60_000),
      url: null,
      likes: 0,
    });
  }
  return messages;
};

/** The job: the conversation of one post published to a sandbox account, kept in the inbox. */
export const writeSandboxConversation = Effect.fn("Inbox.sandboxConversation")(function* (
  payload: { readonly accountId: string; readonly postId: string; readonly platformPostId: string },
  job: { readonly id: string; readonly now: Date },
) {
  const db = yield* Database;
  const [row] = yield* db.query(
    (sql) => sql<{ workspace_id: string; platform: string; content: string; published_at: Date }[]>`
      select a.workspace_id, a.platform, s.content, s.published_at
      from social_accounts a join sandbox_posts s on s.id::text = ${payload.platformPostId} and s.account_id = a.id
      where a.id = ${payload.accountId} and a.kind = 'sandbox'`,
  );
  if (!row) return undefined;
  const conversation = sandboxConversation({ ...payload, content: row.content, publishedAt: row.published_at });
  const created = yield* (yield* Inbox).receive(
    systemContext("ingestion", job.now, `job-${job.id}`),
    { id: payload.accountId, workspaceId: row.workspace_id, platform: row.platform },
    conversation,
  );
  return created > 0 ? `${created} sandbox message(s)` : undefined;
});
