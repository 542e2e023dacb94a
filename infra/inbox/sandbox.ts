import { createHash } from "node:crypto";
import { Effect } from "effect";
import { type BusinessKind, businessKindOf, type PlatformId, platformById } from "../../domain/accounts";
import { systemContext } from "../../domain/shared";
import { accountsOf } from "../accounts/queries";
import { SAMPLE_TEXTS } from "../accounts/sandbox-texts";
import { Database } from "../db/Database";
import { workspaceOf } from "../identity/queries";
import type { IncomingMessage } from "../platforms/provider";
import { Inbox } from "./Inbox";

/**
 * People answering a sandbox account (issue 11: "a generator that writes realistic messages on posts
 * published to them"), so the inbox can be tried without credentials. It keeps to its platform
 * (domain/accounts/platforms.ts, `inbox`): comments, direct messages and mentions only where a real
 * account of the platform brings them; and to the kind of business the account stands for
 * (domain/accounts/business-kind.ts). What they write is chosen from the post's id (the same post always
 * draws the same people and words), and each message's id comes from the post: the job run twice
 * keeps them once.
 */
const PEOPLE = [
  {
    name: "Jane Smith",
    username: "janesmith",
    verified: false,
    followers: 412,
  },
  {
    name: "Marcus Reed",
    username: "marcus.reed",
    verified: false,
    followers: 1_870,
  },
  {
    name: "Priya Patel",
    username: "priyapatel",
    verified: true,
    followers: 48_200,
  },
  { name: "Tom Becker", username: "tbecker", verified: false, followers: 95 },
  {
    name: "Ana Souza",
    username: "ana_souza",
    verified: false,
    followers: 3_300,
  },
  {
    name: "Chris Morgan",
    username: "chrismorgan",
    verified: false,
    followers: 760,
  },
] as const;

/**
 * How much a sandbox account hears, so it reads like a small business's week and not a flood: people
 * answer only the first SANDBOX_POSTS_A_DAY posts an account publishes in a day (UTC), two or three
 * comments each and now and then a message or a mention; at most SANDBOX_ITEMS_A_DAY new items a
 * day per account, and SANDBOX_ITEMS_IN_ALL in all, after which the account stays quiet.
 */
export const SANDBOX_POSTS_A_DAY = 3;
export const SANDBOX_ITEMS_A_DAY = 10;
export const SANDBOX_ITEMS_IN_ALL = 60;

/** A number from a seed (a post's or an account's id) and a salt: the same every time. */
export const draw = (seed: string, salt: string, modulo: number) =>
  parseInt(createHash("sha256").update(`${seed}:${salt}`).digest("hex").slice(0, 8), 16) % modulo;

/** What people write on one sandbox post: two or three comments, sometimes a direct message or a mention, as the platform allows. */
export const sandboxConversation = (
  post: {
    readonly platformPostId: string;
    readonly postId: string;
    readonly content: string;
    readonly publishedAt: Date;
  },
  account: { readonly platform: PlatformId; readonly kind: BusinessKind },
): IncomingMessage[] => {
  const seed = post.platformPostId;
  const can = platformById(account.platform).inbox;
  const texts = SAMPLE_TEXTS[account.kind];
  const title = post.content.length > 60 ? `${post.content.slice(0, 59)}…` : post.content;
  const who = (person: (typeof PEOPLE)[number]) => ({
    name: person.name,
    username: person.username,
    avatar: null,
    verified: person.verified,
    followers: person.followers,
  });
  const messages: IncomingMessage[] = [];
  if (can.comments) {
    const comments = 2 + draw(seed, "count", 2);
    // Different people saying different things: consecutive picks from a starting point of the seed.
    const firstPerson = draw(seed, "people", PEOPLE.length);
    const firstComment = draw(seed, "comments", texts.comments.length);
    for (let i = 0; i < comments; i++) {
      messages.push({
        type: "comment",
        externalId: `${seed}:comment:${i}`,
        threadId: seed,
        parentExternalId: seed,
        postId: post.postId,
        postTitle: title,
        from: who(PEOPLE[(firstPerson + i) % PEOPLE.length]!),
        content: texts.comments[(firstComment + i * 3) % texts.comments.length]!,
        sentAt: new Date(post.publishedAt.getTime() + (i + 1) * 4 * 60_000),
        url: null,
        likes: draw(seed, `likes-${i}`, 12),
      });
    }
  }
  if (can.dm && draw(seed, "dm", 2) === 0) {
    const person = PEOPLE[draw(seed, "dm-person", PEOPLE.length)]!;
    messages.push({
      type: "dm",
      externalId: `${seed}:dm`,
      threadId: `dm:${person.username}`,
      parentExternalId: null,
      postId: null,
      postTitle: null,
      from: who(person),
      content: texts.messages[draw(seed, "dm-text", texts.messages.length)]!,
      sentAt: new Date(post.publishedAt.getTime() + 15 * 60_000),
      url: null,
      likes: 0,
    });
  }
  if (can.mentions && draw(seed, "mention", 3) === 0) {
    const person = PEOPLE[draw(seed, "mention-person", PEOPLE.length)]!;
    messages.push({
      type: "mention",
      externalId: `${seed}:mention`,
      threadId: `${seed}:mention`,
      parentExternalId: null,
      postId: null,
      postTitle: null,
      from: who(person),
      content: texts.mentions[draw(seed, "mention-text", texts.mentions.length)]!,
      sentAt: new Date(post.publishedAt.getTime() + 25 * 60_000),
      url: null,
      likes: draw(seed, "mention-likes", 30),
    });
  }
  return messages;
};

/**
 * The job: the conversation of one post published to a sandbox account, kept in the inbox within the
 * bounds above (counted from what the account's earlier posts brought, so a retry counts the same).
 */
export const writeSandboxConversation = Effect.fn("Inbox.sandboxConversation")(function* (
  payload: {
    readonly accountId: string;
    readonly postId: string;
    readonly platformPostId: string;
  },
  job: { readonly id: string; readonly now: Date },
) {
  const db = yield* Database;
  // One account's conversations one at a time: two posts' jobs at once would both see room under the bounds.
  return yield* db.withTransaction(
    Effect.gen(function* () {
      yield* db.query((sql) => sql`select pg_advisory_xact_lock(hashtextextended(${`sandbox-conversation:${payload.accountId}`}, 0))`);
      const account = (yield* accountsOf([payload.accountId])).get(payload.accountId);
      if (!account || account.kind !== "sandbox") return undefined;
      const workspaceName = (yield* workspaceOf(account.workspaceId))?.name;
      if (workspaceName === undefined) return undefined;
      const [row] = yield* db.query(
        (sql) => sql<{ content: string; published_at: Date; earlier_today: number }[]>`
      select s.content, s.published_at,
        (select count(*)::int from sandbox_posts e
         where e.account_id = s.account_id and e.published_at >= date_trunc('day', s.published_at at time zone 'UTC') at time zone 'UTC'
           and (e.published_at, e.id) < (s.published_at, s.id)) as earlier_today
      from sandbox_posts s
      where s.id::text = ${payload.platformPostId} and s.account_id = ${account.id}`,
      );
      if (!row || row.earlier_today >= SANDBOX_POSTS_A_DAY) return undefined;
      const kind = businessKindOf(account.platform, [account.accountName, workspaceName], account.metadata.businessKind);
      const conversation = sandboxConversation({ ...payload, content: row.content, publishedAt: row.published_at }, { platform: account.platform, kind });
      // What the account's other posts brought: that day's and in all (this post's own, on a retry, are not counted).
      const [heard] = yield* db.query(
        (sql) => sql<{ today: number; in_all: number }[]>`
      select count(*) filter (where sent_at >= date_trunc('day', ${row.published_at}::timestamptz at time zone 'UTC') at time zone 'UTC'
                                and sent_at < (date_trunc('day', ${row.published_at}::timestamptz at time zone 'UTC') + interval '1 day') at time zone 'UTC')::int as today,
        count(*)::int as in_all
      from inbox_messages where account_id = ${payload.accountId} and not outgoing and external_id not like ${`${payload.platformPostId}:%`}`,
      );
      const room = Math.max(0, Math.min(SANDBOX_ITEMS_A_DAY - (heard?.today ?? 0), SANDBOX_ITEMS_IN_ALL - (heard?.in_all ?? 0)));
      const kept = conversation.slice(0, room);
      if (kept.length === 0) return undefined;
      const created = yield* (yield* Inbox).receive(
        systemContext("ingestion", job.now, `job-${job.id}`),
        {
          id: payload.accountId,
          workspaceId: account.workspaceId,
          platform: account.platform,
        },
        kept,
      );
      return created > 0 ? `${created} sandbox message(s)` : undefined;
    }),
  );
});
