import { Effect, type ManagedRuntime } from "effect";
import { systemContext } from "../../domain/shared";
import { connectedExternalIds } from "../accounts/queries";
import { Database } from "../db/Database";
import { logger } from "../log";
import { outboundFetch } from "../outbound/outbound";
import { inboxMessagesOf, type PostRecord } from "../platforms/bluesky/inbox";
import { Inbox } from "./Inbox";

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

/**
 * Listens to the firehose in this process until stopped; nothing when BLUESKY_FIREHOSE_URL is "off".
 * The worker hands it the app's runtime; it names only the services it uses, so the inbox needs
 * nothing of the worker that starts it.
 */
export const startBlueskyInbox = async (runtime: ManagedRuntime.ManagedRuntime<Database | Inbox, unknown>, settings = blueskyInboxSettings()) => {
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
    ours = new Set(await run(connectedExternalIds("bluesky", "bluesky")));
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
