import { ApiReply, type OAuthProvider, type RecordedRequest } from "./oauth-provider";

/**
 * The platforms' inbox calls for tests, on the local provider: the documented reads (X mentions,
 * YouTube commentThreads, LinkedIn socialActions comments, Threads conversations and mentions) answer
 * what a test wrote, checking what the real ones check (method, required parameters, headers); the
 * reply calls (Facebook, Instagram, Threads, YouTube, LinkedIn; X's POST /2/tweets is publishing's)
 * check their bodies and answer ids shaped like the platform's.
 */

/** The platform ids of the accounts the fake knows (as the tests connect them). */
export const FAKE_INBOX_ACCOUNTS = {
  facebook: "101",
  instagram: "17841400000000001",
  twitter: "2244994945",
  youtube: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
  linkedin: "782bbtaQ",
  threads: "2580",
} as const;

export interface FakeTweet {
  readonly id: string;
  readonly text: string;
  readonly author: { readonly id: string; readonly username: string; readonly name: string; readonly verified?: boolean; readonly followers?: number };
  readonly createdAt: string;
  readonly conversationId: string;
  readonly repliedTo?: string;
}

export interface FakeYouTubeComment {
  readonly id: string;
  readonly threadId: string;
  readonly videoId: string;
  readonly author: string;
  readonly authorChannelId: string;
  readonly text: string;
  readonly publishedAt: string;
  readonly parentId?: string;
}

export interface FakeLinkedInComment {
  readonly id: string;
  readonly postUrn: string;
  readonly actor: string;
  readonly text: string;
  readonly time: number;
}

export interface FakeThreadsReply {
  readonly id: string;
  readonly postId: string;
  readonly username: string;
  readonly text: string;
  readonly timestamp: string;
  readonly mine?: boolean;
  /** A post naming the account rather than answering one of its posts. */
  readonly mention?: boolean;
}

export interface FakeInbox {
  tweet(tweet: FakeTweet): void;
  youtubeComment(comment: FakeYouTubeComment): void;
  linkedInComment(comment: FakeLinkedInComment): void;
  threadsReply(reply: FakeThreadsReply): void;
}

const metaBad = (message: string, code = 100) => new ApiReply(400, { error: { message, type: "OAuthException", code, fbtrace_id: "fake" } });
const needs = (r: RecordedRequest, method: string) => (r.method !== method ? new ApiReply(405, { error: { message: `use ${method}` } }) : null);
const google400 = (message: string) =>
  new ApiReply(400, { error: { code: 400, message, errors: [{ message, domain: "youtube.parameter", reason: "invalidValue" }] } });

export const installInboxRoutes = (provider: OAuthProvider): FakeInbox => {
  const tweets: FakeTweet[] = [];
  const youtube: FakeYouTubeComment[] = [];
  const linkedIn: FakeLinkedInComment[] = [];
  const threads: FakeThreadsReply[] = [];
  let n = 0;
  const next = () => String(++n).padStart(4, "0");
  const routed = new Set<string>();
  const once = (path: string, install: () => void) => {
    if (routed.has(path)) return;
    routed.add(path);
    install();
  };

  // X: GET /2/users/{id}/mentions, newest first, since_id exclusive, 5 to 100 a page.
  provider.route(
    `/api/twitter/users/${FAKE_INBOX_ACCOUNTS.twitter}/mentions`,
    (q) => {
      const max = Number(q.query.max_results ?? 10);
      if (!Number.isInteger(max) || max < 5 || max > 100)
        return new ApiReply(400, { title: "Invalid Request", detail: "max_results must be between 5 and 100" });
      if (!(q.query.expansions ?? "").split(",").includes("author_id"))
        return new ApiReply(400, { title: "Invalid Request", detail: "expected the author_id expansion" });
      if (!(q.query["tweet.fields"] ?? "").split(",").includes("created_at"))
        return new ApiReply(400, { title: "Invalid Request", detail: "expected created_at" });
      const since = q.query.since_id;
      if (since !== undefined && !/^\d+$/.test(since)) return new ApiReply(400, { title: "Invalid Request", detail: "since_id must be a tweet id" });
      const found = tweets
        .filter((t) => since === undefined || BigInt(t.id) > BigInt(since))
        .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1))
        .slice(0, max);
      if (found.length === 0) return { meta: { result_count: 0 } };
      return {
        data: found.map((t) => ({
          id: t.id,
          text: t.text,
          author_id: t.author.id,
          created_at: t.createdAt,
          conversation_id: t.conversationId,
          edit_history_tweet_ids: [t.id],
          ...(t.repliedTo ? { in_reply_to_user_id: FAKE_INBOX_ACCOUNTS.twitter, referenced_tweets: [{ type: "replied_to", id: t.repliedTo }] } : {}),
          public_metrics: { retweet_count: 0, reply_count: 0, like_count: 2, quote_count: 0 },
        })),
        includes: {
          users: [...new Map(found.map((t) => [t.author.id, t.author])).values()].map((a) => ({
            id: a.id,
            username: a.username,
            name: a.name,
            verified: a.verified ?? false,
            public_metrics: { followers_count: a.followers ?? 10, following_count: 1, tweet_count: 1, listed_count: 0 },
          })),
        },
        meta: { result_count: found.length, newest_id: found[0]!.id, oldest_id: found.at(-1)!.id },
      };
    },
    { method: "GET" },
  );

  // X direct messages: the person by username, then POST /2/dm_conversations/with/{participant_id}/messages.
  const people: Record<string, string> = { jane: "77", marcus: "78" };
  for (const [username, id] of Object.entries(people)) {
    provider.route(`/api/twitter/users/by/username/${username}`, () => ({ data: { id, name: username, username } }), { method: "GET" });
    provider.route(
      `/api/twitter/dm_conversations/with/${id}/messages`,
      (q) =>
        (q.json as { text?: string } | undefined)?.text
          ? new ApiReply(201, { data: { dm_conversation_id: `${FAKE_INBOX_ACCOUNTS.twitter}-${id}`, dm_event_id: `18${next()}` } })
          : new ApiReply(400, { title: "Invalid Request", detail: "text is required" }),
      { method: "POST" },
    );
  }

  // YouTube: commentThreads.list (allThreadsRelatedToChannelId, order=time) and comments.insert.
  provider.route(
    "/api/youtube/commentThreads",
    (q) => {
      const parts = (q.query.part ?? "").split(",");
      if (!parts.includes("snippet")) return google400("part must include snippet");
      if (q.query.allThreadsRelatedToChannelId !== FAKE_INBOX_ACCOUNTS.youtube) return google400("allThreadsRelatedToChannelId: unknown channel");
      const max = Number(q.query.maxResults ?? 20);
      if (!Number.isInteger(max) || max < 1 || max > 100) return google400("maxResults must be 1 to 100");
      const threadIds = [...new Set(youtube.map((c) => c.threadId))];
      const snippetOf = (c: FakeYouTubeComment) => ({
        videoId: c.videoId,
        textDisplay: c.text,
        textOriginal: c.text,
        authorDisplayName: c.author,
        authorProfileImageUrl: "https://yt3.ggpht.com/a.jpg",
        authorChannelId: { value: c.authorChannelId },
        likeCount: 1,
        publishedAt: c.publishedAt,
        updatedAt: c.publishedAt,
        ...(c.parentId ? { parentId: c.parentId } : {}),
      });
      const items = threadIds
        .map((threadId) => {
          const comments = youtube.filter((c) => c.threadId === threadId);
          const top = comments.find((c) => !c.parentId)!;
          const answers = comments.filter((c) => c.parentId);
          return {
            kind: "youtube#commentThread",
            id: threadId,
            snippet: {
              channelId: FAKE_INBOX_ACCOUNTS.youtube,
              videoId: top.videoId,
              topLevelComment: { kind: "youtube#comment", id: top.id, snippet: snippetOf(top) },
              totalReplyCount: answers.length,
            },
            ...(answers.length && parts.includes("replies")
              ? { replies: { comments: answers.map((c) => ({ kind: "youtube#comment", id: c.id, snippet: snippetOf(c) })) } }
              : {}),
            latest: comments
              .map((c) => c.publishedAt)
              .sort()
              .at(-1)!,
          };
        })
        .sort((a, b) => (a.latest < b.latest ? 1 : -1))
        .map(({ latest: _, ...thread }) => thread);
      return { kind: "youtube#commentThreadListResponse", pageInfo: { totalResults: items.length, resultsPerPage: max }, items: items.slice(0, max) };
    },
    { method: "GET" },
  );
  provider.route(
    "/api/youtube/comments",
    (q) => {
      const snippet = (q.json as { snippet?: { parentId?: string; textOriginal?: string } } | undefined)?.snippet;
      if (q.query.part !== "snippet") return google400("part must be snippet");
      if (!snippet?.parentId || !youtube.some((c) => c.id === snippet.parentId && !c.parentId)) return google400("parentId must be a top-level comment");
      if (!snippet.textOriginal) return google400("textOriginal is required");
      return {
        kind: "youtube#comment",
        id: `${snippet.parentId}.reply${next()}`,
        snippet: { ...snippet, authorChannelId: { value: FAKE_INBOX_ACCOUNTS.youtube } },
      };
    },
    { method: "POST" },
  );

  // LinkedIn: socialActions/{post urn}/comments, read (GET) and answered (POST) with the versioned headers.
  const linkedInHeaders = (q: RecordedRequest) =>
    !/^\d{6}$/.test(q.headers["linkedin-version"] ?? "")
      ? new ApiReply(426, { status: 426, message: "A valid LinkedIn-Version header is required" })
      : q.headers["x-restli-protocol-version"] !== "2.0.0"
        ? new ApiReply(400, { status: 400, message: "Rest.li protocol 2.0.0 is required" })
        : null;
  const linkedInPost = (postUrn: string) =>
    once(`linkedin:${postUrn}`, () =>
      provider.route(`/api/linkedin/rest/socialActions/${encodeURIComponent(postUrn)}/comments`, (q) => {
        const refused = linkedInHeaders(q);
        if (refused) return refused;
        if (q.method === "POST") {
          const body = q.json as { actor?: string; object?: string; parentComment?: string; message?: { text?: string } } | undefined;
          if (!body?.actor?.startsWith("urn:li:") || body.object !== postUrn || !body.message?.text)
            return new ApiReply(422, { status: 422, message: "actor, object and message.text are required" });
          const id = next();
          return new ApiReply(201, {
            id,
            commentUrn: `urn:li:comment:(${postUrn},${id})`,
            actor: body.actor,
            object: postUrn,
            message: body.message,
            parentComment: body.parentComment,
          });
        }
        const elements = linkedIn
          .filter((c) => c.postUrn === postUrn)
          .map((c) => ({
            id: c.id,
            commentUrn: `urn:li:comment:(${postUrn},${c.id})`,
            actor: c.actor,
            object: postUrn,
            message: { text: c.text, attributes: [] },
            created: { actor: c.actor, time: c.time },
            lastModified: { actor: c.actor, time: c.time },
            likesSummary: { totalLikes: 0, likedByCurrentUser: false },
          }));
        return { paging: { start: 0, count: Number(q.query.count ?? 10), total: elements.length }, elements };
      }),
    );

  // Threads: {media}/conversation and {user}/mentions, newest first; a reply is a TEXT container with reply_to_id, then published.
  const th = "/api/threads/v1.0";
  const threadsItem = (r: FakeThreadsReply, fields: string) => {
    const all = {
      id: r.id,
      text: r.text,
      username: r.username,
      permalink: `https://www.threads.net/@${r.username}/post/${r.id}`,
      timestamp: r.timestamp,
      replied_to: { id: r.postId },
      root_post: { id: r.postId },
      is_reply_owned_by_me: r.mine === true,
    };
    return Object.fromEntries(Object.entries(all).filter(([name]) => fields.split(",").includes(name)));
  };
  const newestFirst = (list: FakeThreadsReply[]) => [...list].sort((a, b) => (a.timestamp < b.timestamp ? 1 : -1));
  const threadsPost = (postId: string) =>
    once(`threads:${postId}`, () =>
      provider.route(
        `${th}/${postId}/conversation`,
        (q) =>
          q.query.fields
            ? { data: newestFirst(threads.filter((r) => r.postId === postId && !r.mention)).map((r) => threadsItem(r, q.query.fields!)) }
            : metaBad("fields required"),
        { method: "GET" },
      ),
    );
  provider.route(
    `${th}/${FAKE_INBOX_ACCOUNTS.threads}/mentions`,
    (q) => (q.query.fields ? { data: newestFirst(threads.filter((r) => r.mention)).map((r) => threadsItem(r, q.query.fields!)) } : metaBad("fields required")),
    { method: "GET" },
  );
  provider.route(
    `${th}/${FAKE_INBOX_ACCOUNTS.threads}/threads`,
    (q) =>
      needs(q, "POST") ??
      (q.form.media_type === "TEXT" && q.form.text && q.form.reply_to_id
        ? { id: `container${next()}` }
        : metaBad("media_type TEXT, text and reply_to_id required")),
  );
  provider.route(
    `${th}/${FAKE_INBOX_ACCOUNTS.threads}/threads_publish`,
    (q) => needs(q, "POST") ?? (q.form.creation_id?.startsWith("container") ? { id: `1789${next()}` } : metaBad("creation_id required")),
  );

  // Facebook: a Page answers a comment under it, and a message through the Send API, with its Page token.
  provider.route(`/api/facebook/${FAKE_INBOX_ACCOUNTS.facebook}/messages`, (q) => {
    const body = q.json as { recipient?: { id?: string }; messaging_type?: string; message?: { text?: string } } | undefined;
    if (!body?.recipient?.id || !body.message?.text) return metaBad("(#100) recipient and message are required");
    if (body.messaging_type !== "RESPONSE") return metaBad("(#100) messaging_type must be RESPONSE");
    return { recipient_id: body.recipient.id, message_id: `m_${next()}` };
  });
  // Instagram: a comment is answered with /replies, a message through /{ig-user-id}/messages.
  provider.route(`/api/instagram/v23.0/${FAKE_INBOX_ACCOUNTS.instagram}/messages`, (q) => {
    const body = q.json as { recipient?: { id?: string }; message?: { text?: string } } | undefined;
    return body?.recipient?.id && body.message?.text
      ? { recipient_id: body.recipient.id, message_id: `aWdf${next()}` }
      : metaBad("(#100) recipient and message are required");
  });

  return {
    tweet: (tweet) => void tweets.push(tweet),
    youtubeComment: (comment) => void youtube.push(comment),
    linkedInComment: (comment) => {
      linkedIn.push(comment);
      linkedInPost(comment.postUrn);
    },
    threadsReply: (reply) => {
      threads.push(reply);
      if (!reply.mention) threadsPost(reply.postId);
    },
  };
};

/** Answers under a Facebook comment (POST /{comment-id}/comments) and an Instagram comment (POST /{comment-id}/replies). */
export const installCommentReplyRoutes = (provider: OAuthProvider, facebookCommentId: string, instagramCommentId: string) => {
  provider.route(
    `/api/facebook/${facebookCommentId}/comments`,
    (q) => needs(q, "POST") ?? (q.form.message ? { id: `${facebookCommentId}_r1` } : metaBad("(#100) message required")),
  );
  provider.route(
    `/api/instagram/v23.0/${instagramCommentId}/replies`,
    (q) => needs(q, "POST") ?? (q.form.message ? { id: "17900000000000099" } : metaBad("(#100) message required")),
  );
};
