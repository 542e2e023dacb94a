import { randomUUID } from "node:crypto";
import { Cause, Effect } from "effect";
import { businessKindOf, platformById, type PlatformId } from "../../domain/accounts";
import { hasFeature, TIERS } from "../../domain/plans";
import { REVIEW_PLATFORMS } from "../../domain/reviews";
import { systemContext } from "../../domain/shared";
import { accountsToRead } from "../accounts/queries";
import { SocialAccounts } from "../accounts/SocialAccounts";
import { Database } from "../db/Database";
import { workspacesOfAgenciesOnPlans } from "../identity/queries";
import { recordPollFailure, recordPollSuccess } from "../jobs/poll-schedule";
import { logger } from "../log";
import { listGoogleLocations, listGoogleReviews } from "../platforms/google/reviews";
import type { FetchedLocation } from "../platforms/provider";
import { yelpAliasOf, yelpBusiness, yelpConfigured } from "../platforms/yelp/reviews";
import type { OAuthCredentials } from "../platforms/provider";
import { PlatformError } from "../platforms/types";
import { type IncomingReview, Reviews } from "./Reviews";
import { sandboxLocationOf, sandboxReviews } from "./sandbox";

/**
 * The `poll_reviews` job (every minute): Business Profile reviews (and Yelp's excerpts, with a Fusion
 * key) are read for each account of a workspace with review management when it is due, from where
 * the last read stopped; sandbox review accounts get their generated reviews. A failure backs off
 * like the inbox's and is kept for the account (last_error). A Pub/Sub notification makes the
 * account due at once.
 */
export const GOOGLE_POLL_INTERVAL_MS = 15 * 60_000;
/** Fusion's free allowance is 500 calls a day: two per business, four times a day. */
export const YELP_POLL_INTERVAL_MS = 6 * 60 * 60_000;
const SANDBOX_POLL_INTERVAL_MS = 60 * 60_000;
const ACCOUNTS_AT_ONCE = 4;

interface DueAccount {
  id: string;
  workspace_id: string;
  platform: PlatformId;
  kind: string;
  external_id: string;
  account_name: string;
  workspace_name: string;
  profile_url: string | null;
  metadata: Record<string, unknown>;
  connected_at: Date;
  newest: string | null;
  failures: number;
}

/** What one read of an account brought: the reviews, and where the next read starts. */
interface Read {
  readonly reviews: ReadonlyArray<IncomingReview>;
  readonly newest: string | null;
  readonly source: "platform" | "sandbox";
  readonly interval: number;
}

const readGoogle = (account: DueAccount, credentials: Record<string, unknown>, now: Date) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const c = { ...credentials, externalId: account.external_id, metadata: account.metadata } as unknown as OAuthCredentials;
    const locations = yield* Effect.tryPromise({ try: () => listGoogleLocations(c), catch: (e) => e });
    const newest: Record<string, string | null> = account.newest ? JSON.parse(account.newest) : {};
    const reviews: IncomingReview[] = [];
    for (const location of locations) {
      const read = yield* Effect.tryPromise({ try: () => listGoogleReviews(c, location.externalId, newest[location.externalId] ?? null), catch: (e) => e });
      reviews.push(...read.reviews);
      newest[location.externalId] = read.newest;
      yield* keepLocation(account, location, { averageRating: read.averageRating, totalReviews: read.totalReviews }, now);
    }
    const kept = locations.map((l) => l.externalId);
    yield* db.query((sql) => sql`delete from business_locations where account_id = ${account.id} and not (external_id = any(${kept as string[]}))`);
    return { reviews, newest: JSON.stringify(newest), source: "platform", interval: GOOGLE_POLL_INTERVAL_MS } satisfies Read;
  });

/** A location as Google describes it, with its rating as Google counts it (or as our reviews do, for a sandbox). */
const keepLocation = (account: DueAccount, location: FetchedLocation, figures: { averageRating: number | null; totalReviews: number }, now: Date) =>
  Database.use((db) =>
    db.query(
      (sql) => sql`
        insert into business_locations (id, workspace_id, account_id, external_id, name, address, is_verified, categories, maps_uri, average_rating, total_reviews, updated_at)
        values (${randomUUID()}, ${account.workspace_id}, ${account.id}, ${location.externalId}, ${location.name}, ${location.address}, ${location.isVerified},
          ${location.categories as string[]}, ${location.mapsUri}, ${figures.averageRating}, ${figures.totalReviews}, ${now})
        on conflict (account_id, external_id) do update set name = excluded.name, address = excluded.address, is_verified = excluded.is_verified,
          categories = excluded.categories, maps_uri = excluded.maps_uri, average_rating = excluded.average_rating,
          total_reviews = excluded.total_reviews, updated_at = excluded.updated_at`,
    ),
  );

/**
 * A sandbox review site's generated reviews; a sandbox Business Profile also gets one made-up
 * location (so the Business Profile screen, its posts and figures can be tried), rated by them.
 */
const readSandbox = (account: DueAccount, now: Date) =>
  Effect.gen(function* () {
    const location = account.platform === "google_business" ? sandboxLocationOf(account) : null;
    const kind = businessKindOf(account.platform, [account.account_name, account.workspace_name], account.metadata.businessKind);
    const reviews = sandboxReviews({ id: account.id, connectedAt: account.connected_at, kind }, now, location?.externalId ?? null);
    if (location) {
      const average = reviews.reduce((sum, r) => sum + r.rating, 0) / Math.max(1, reviews.length);
      yield* keepLocation(account, location, { averageRating: Math.round(average * 10) / 10, totalReviews: reviews.length }, now);
    }
    return { reviews, newest: null, source: "sandbox", interval: SANDBOX_POLL_INTERVAL_MS } satisfies Read;
  });

const readYelp = (account: DueAccount) =>
  Effect.gen(function* () {
    const alias = yelpAliasOf(account.profile_url ?? account.external_id);
    if (!alias) return { reviews: [], newest: null, source: "platform", interval: YELP_POLL_INTERVAL_MS } satisfies Read;
    const business = yield* Effect.tryPromise({ try: () => yelpBusiness(alias), catch: (e) => e });
    return { reviews: business.reviews, newest: null, source: "platform", interval: YELP_POLL_INTERVAL_MS } satisfies Read;
  });

export const pollReviews = Effect.fn("Reviews.poll")(function* (now: Date) {
  const db = yield* Database;
  const accounts = yield* SocialAccounts;
  const reviews = yield* Reviews;
  const tiers = TIERS.filter((tier) => hasFeature(tier, "review_management"));
  const yelp = yelpConfigured();
  // Identity answers the workspaces with review management (and their names), accounts their review sites; this module when each is due.
  const workspaces = new Map((yield* workspacesOfAgenciesOnPlans(tiers)).map((w) => [w.id, w.name]));
  const readable = new Map(
    (yield* accountsToRead([...workspaces.keys()], REVIEW_PLATFORMS))
      .filter((a) => a.kind === "sandbox" || (a.platform === "google_business" && a.kind === "oauth") || (yelp && a.platform === "yelp" && a.kind === "listing"))
      .map((a) => [a.id, a]),
  );
  const polls = yield* db.query(
    (sql) => sql<{ account_id: string; newest: string | null; failures: number }[]>`
      select a.id as account_id, p.newest, coalesce(p.failures, 0) as failures
      from unnest(${[...readable.keys()]}::uuid[]) as a (id)
      left join review_polls p on p.account_id = a.id and p.location_id = ''
      where p.next_poll_at is null or p.next_poll_at <= ${now}
      order by p.next_poll_at nulls first
      limit 200`,
  );
  const due = polls.map((poll): DueAccount => {
    const a = readable.get(poll.account_id)!;
    return {
      id: a.id,
      workspace_id: a.workspaceId,
      platform: a.platform,
      kind: a.kind,
      external_id: a.externalId,
      account_name: a.accountName,
      workspace_name: workspaces.get(a.workspaceId)!,
      profile_url: a.profileUrl,
      metadata: a.metadata,
      connected_at: a.connectedAt,
      newest: poll.newest,
      failures: poll.failures,
    };
  });
  const ctx = systemContext("ingestion", now, `reviews-poll-${now.getTime()}`);

  const pollOne = (account: DueAccount) =>
    Effect.gen(function* () {
      const read = yield* Effect.result<Read, unknown, Database | SocialAccounts>(
        account.kind === "sandbox"
          ? readSandbox(account, now)
          : account.platform === "google_business"
            ? Effect.flatMap(accounts.credentials<Record<string, unknown>>(account.id), (credentials) => readGoogle(account, credentials ?? {}, now))
            : readYelp(account),
      );
      // The account's row (location_id ''), the one the due query reads.
      const row = { table: "review_polls", key: { account_id: account.id, location_id: "" } };
      if (read._tag === "Failure") {
        const error = read.failure;
        const { failures, waitMs, reason } = yield* recordPollFailure(row, now, {
          failuresSoFar: account.failures,
          retryAfterSeconds: error instanceof PlatformError ? error.retryAfterSeconds : undefined,
          reason: error instanceof PlatformError ? error.message : `${platformById(account.platform).name} could not be read.`,
        });
        logger.warn({ accountId: account.id, platform: account.platform, failures, waitSeconds: waitMs / 1000, reason }, "Reviews: the site could not be read");
        return 0;
      }
      // Kept before the cursor moves: a crash in between reads the same reviews again, and they are kept once.
      const created = yield* reviews.receive(
        ctx,
        { id: account.id, workspaceId: account.workspace_id, platform: account.platform },
        read.success.reviews,
        read.success.source,
      );
      yield* recordPollSuccess(row, now, { nextInMs: read.success.interval, stoppedAt: { newest: read.success.newest } });
      return created;
    }).pipe(
      Effect.catchCause((cause) =>
        Effect.sync(() => {
          logger.warn({ accountId: account.id, cause: Cause.pretty(cause) }, "Reviews: the account could not be polled");
          return 0;
        }),
      ),
    );

  const created = yield* Effect.forEach(due, pollOne, { concurrency: ACCOUNTS_AT_ONCE });
  return { accounts: due.length, received: created.reduce((sum, n) => sum + n, 0) };
});

/** A Pub/Sub notification (NEW_REVIEW, UPDATED_REVIEW) about a location: its account is read at once. */
export const pollAccountNow = (locationName: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql`
        update review_polls set next_poll_at = now()
        where location_id = '' and account_id in (select account_id from business_locations where external_id = ${locationName.replace(/^.*?(locations\/[^/]+).*$/, "$1")})`,
    ),
  );
