import { Effect } from "effect";
import { systemContext } from "../../domain/shared";
import { Database } from "../db/Database";
import type { AppRuntime } from "../jobs/worker";
import { logger } from "../log";
import { outboundFetch } from "../outbound/outbound";
import { Inbox, type IncomingMessage } from "./Inbox";

/**
 * Bluesky into the inbox (issue 11): replies to, mentions of and quotes of the connected accounts'
 * posts, read from the network's event stream (`com.atproto.sync.subscribeRepos` of a relay, or of a
 * single PDS), signatures checked against the authors' DID documents. The stream's sequence number is
 * kept, so a restart resumes where it stopped.
 *
 * BLUESKY_FIREHOSE_URL: the relay (default wss://bsky.network; "off" stops listening).
 * BLUESKY_PLC_URL: the DID directory (default https://plc.directory).
 * BLUESKY_ACCOUNTS_REFRESH_SECONDS: how often the connected accounts are read again (default 10).
 */
export const blueskyInboxSettings = (env: NodeJS.ProcessEnv = process.env) => {
  const firehose = env.BLUESKY_FIREHOSE_URL?.trim() || "wss://bsky.network";
  const refresh = Number(env.BLUESKY_ACCOUNTS_REFRESH_SECONDS?.trim() || "10");
  return {
    firehose: firehose === "off" ? null : firehose,
    plc: env.BLUESKY_PLC_URL?.trim() || "https://plc.directory",
    accountsRefreshMs: (Number.isFinite(refresh) && refresh >= 0 ? refresh : 10) * 1000,
  };
};

const didOf = (uri: unknown) => (typeof uri === "string" && uri.startsWith("at://") ? uri.slice(5).split("/")[0]! : null);
const rkeyOf = (uri: string) => uri.split("/").pop()!;

interface PostRecord {
  readonly text?: unknown;
  readonly createdAt?: unknown;
  readonly reply?: { readonly root?: { uri?: unknown; cid?: unknown }; readonly parent?: { uri?: unknown; cid?: unknown } };
  readonly facets?: ReadonlyArray<{ readonly features?: ReadonlyArray<{ readonly $type?: unknown; readonly did?: unknown }> }>;
  readonly embed?: { readonly $type?: unknown; readonly record?: { uri?: unknown; record?: { uri?: unknown } } };
}

/**
 * What a new post means for the accounts we follow (`ours`, by DID): a comment where it replies in a
 * thread of theirs, else a mention where it names or quotes them. Their own posts mean nothing.
 */
export const inboxMessagesOf = (
  post: { readonly did: string; readonly uri: string; readonly cid: string; readonly record: PostRecord; readonly handle: string | null },
  ours: ReadonlySet<string>,
): Array<{ readonly accountDid: string; readonly message: IncomingMessage }> => {
  const record = post.record;
  const text = typeof record.text === "string" ? record.text : "";
  const parentUri = typeof record.reply?.parent?.uri === "string" ? record.reply.parent.uri : null;
  const rootUri = typeof record.reply?.root?.uri === "string" ? record.reply.root.uri : null;
  const rootCid = typeof record.reply?.root?.cid === "string" ? record.reply.root.cid : null;
  const quoted = record.embed?.record?.uri ?? record.embed?.record?.record?.uri;
  const mentioned = (record.facets ?? []).flatMap((f) => (f.features ?? []).filter((x) => x.$type === "app.bsky.richtext.facet#mention").map((x) => x.did));
  const repliedTo = new Set([didOf(parentUri), didOf(rootUri)].filter((d): d is string => d !== null && ours.has(d)));
  const named = new Set([...mentioned, didOf(quoted)].filter((d): d is string => typeof d === "string" && ours.has(d)));
  const sentAt = typeof record.createdAt === "string" && !Number.isNaN(Date.parse(record.createdAt)) ? new Date(record.createdAt) : new Date();
  const base = {
    externalId: post.uri,
    parentExternalId: parentUri,
    postId: null,
    postTitle: null,
    from: { name: post.handle ?? post.did, username: post.handle ?? post.did, avatar: null, verified: false, followers: null },
    content: text,
    sentAt,
    url: `https://bsky.app/profile/${post.handle ?? post.did}/post/${rkeyOf(post.uri)}`,
    likes: 0,
    reference: { cid: post.cid, rootUri: rootUri ?? post.uri, rootCid: rootCid ?? post.cid },
  };
  const found = new Map<string, IncomingMessage>();
  for (const did of repliedTo) if (did !== post.did) found.set(did, { ...base, type: "comment", threadId: rootUri ?? post.uri });
  for (const did of named) if (did !== post.did && !found.has(did)) found.set(did, { ...base, type: "mention", threadId: rootUri ?? post.uri });
  return [...found].map(([accountDid, message]) => ({ accountDid, message }));
};

/** Listens to the firehose in this process until stopped; nothing when BLUESKY_FIREHOSE_URL is "off". */
export const startBlueskyInbox = async (runtime: AppRuntime, settings = blueskyInboxSettings()) => {
  if (!settings.firehose) return null;
  // Loaded only to listen: the stream's packages take a second or two to load, which a process that
  // does not listen (BLUESKY_FIREHOSE_URL=off, the web server alone, a test) need not pay.
  const [{ IdResolver }, { Firehose }] = await Promise.all([import("@atproto/identity"), import("@atproto/sync")]);
  const source = `bluesky:${settings.firehose}`;
  const run = <A>(effect: Effect.Effect<A, unknown, any>) => runtime.runPromise(effect as Effect.Effect<A, unknown, never>);
  const query = <T>(fn: (sql: any) => any) => run(Database.use((db) => db.query(fn))) as Promise<T[]>;

  let ours = new Set<string>();
  let readAt = 0;
  const accounts = async () => {
    // The stream is filtered by the connected accounts: read again every so often.
    if (Date.now() - readAt < settings.accountsRefreshMs) return ours;
    const rows = await query<{ external_id: string }>(
      (sql) => sql`select distinct external_id from social_accounts where platform = 'bluesky' and kind = 'bluesky' and disconnected_at is null`,
    );
    ours = new Set(rows.map((r) => r.external_id));
    readAt = Date.now();
    return ours;
  };

  const idResolver = new IdResolver({ plcUrl: settings.plc });
  const handles = new Map<string, string | null>();
  /** The author's handle from their DID document (the directory's, or their domain's), remembered. */
  const handleOf = async (did: string) => {
    if (handles.has(did)) return handles.get(did)!;
    // The directory is ours to configure; a did:web names any host, so it goes through the outbound client.
    const answer = did.startsWith("did:plc:")
      ? fetch(`${settings.plc}/${did}`, { signal: AbortSignal.timeout(3_000) })
      : did.startsWith("did:web:")
        ? outboundFetch(`https://${did.slice(8)}/.well-known/did.json`, { timeoutMs: 3_000 })
        : null;
    const doc = answer
      ? await answer.then(
          (r) => (r.ok ? r.json() : null),
          () => null,
        )
      : null;
    const aka = (doc as { alsoKnownAs?: unknown } | null)?.alsoKnownAs;
    const handle = Array.isArray(aka) ? (aka.find((a): a is string => typeof a === "string" && a.startsWith("at://"))?.slice(5) ?? null) : null;
    if (handles.size > 10_000) handles.clear();
    handles.set(did, handle);
    return handle;
  };
  let lastSaved = 0;
  const firehose = new Firehose({
    service: settings.firehose,
    idResolver,
    filterCollections: ["app.bsky.feed.post"],
    excludeIdentity: true,
    excludeAccount: true,
    excludeSync: true,
    // Signatures are checked against the authors' keys where the directory is served over https (the
    // network's); a local test network's http directory is not fetched by the resolver: its PDS vouches.
    unauthenticatedCommits: settings.plc.startsWith("http:"),
    getCursor: async () => {
      const [row] = await query<{ cursor: string }>((sql) => sql`select cursor from inbox_cursors where source = ${source}`);
      return row ? Number(row.cursor) : undefined;
    },
    handleEvent: async (evt) => {
      if (evt.event !== "create" || evt.collection !== "app.bsky.feed.post") return;
      const following = await accounts();
      if (following.size > 0) {
        const record = evt.record as PostRecord;
        const quick = inboxMessagesOf({ did: evt.did, uri: evt.uri.toString(), cid: evt.cid.toString(), record, handle: null }, following);
        if (quick.length > 0) {
          const handle = await handleOf(evt.did);
          const found = inboxMessagesOf({ did: evt.did, uri: evt.uri.toString(), cid: evt.cid.toString(), record, handle }, following);
          await run(
            Inbox.use((inbox) =>
              inbox.deliver(
                systemContext("ingestion", new Date(), `firehose-${evt.seq}`),
                found.map((f) => ({ platform: "bluesky", accountExternalId: f.accountDid, message: f.message })),
              ),
            ),
          );
        }
      }
      // The cursor at most once a second: a restart replays a second of events at worst (kept once each).
      if (Date.now() - lastSaved > 1000) {
        lastSaved = Date.now();
        await query(
          (sql) => sql`
          insert into inbox_cursors (source, cursor, updated_at) values (${source}, ${evt.seq}, now())
          on conflict (source) do update set cursor = excluded.cursor, updated_at = excluded.updated_at`,
        );
      }
    },
    onError: (error) => logger.warn({ err: error.message }, "Bluesky inbox: the event stream failed; retrying"),
  });
  void firehose.start();
  logger.info({ service: settings.firehose }, "Bluesky inbox: listening to the event stream");
  return { stop: () => firehose.destroy() };
};
