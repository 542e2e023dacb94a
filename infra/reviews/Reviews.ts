import { createHash } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  type CheckedEntry,
  type ReviewEntry,
  checkEntry,
  deleteResponse,
  entryKeyOf,
  flagReview,
  googleStatusOf,
  isReviewPlatform,
  markReviewRead,
  parseReviewCsv,
  receiveReview,
  respondToReview,
  type ResponseWay,
  REVIEW_MESSAGES,
  reviewDecider,
  type ReviewEvent,
  type ReviewReceived,
  type ReviewSource,
  type ReviewState,
  reviewStreamId,
  reviewTiles,
  siteNameOf,
  statusOf,
  unflagReview,
} from "../../domain/reviews";
import { type Caller, type CommandContext, type ConcurrencyConflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { accountsOf, connectedAccount } from "../accounts/queries";
import { Database, type SqlError } from "../db/Database";
import { decodeKeyset, encodeKeyset } from "../db/keyset";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { historyNameOf, peopleByIdOf } from "../identity/queries";
import { messageIdOf } from "../inbox/ids";
import type { FetchedReview } from "../platforms/provider";
import { reviewSummaries } from "./summaries";

/**
 * A review as the screens read it: the review management list's fields (spec engagement §3), with
 * the business-listing and Google screens' names for the same things (comment, reviewText,
 * reviewDate, isResponded, responseDate) and the Google screen's status as `replyStatus`.
 */
export interface Review {
  readonly id: string;
  /** The workspace it belongs to: what tells a client's review from another's across clients. */
  readonly workspaceId: string;
  readonly accountId: string;
  readonly platform: string;
  readonly siteName: string;
  readonly locationId: string | null;
  readonly location: string;
  readonly businessName: string;
  readonly reviewerName: string;
  readonly reviewerAvatar: string | null;
  readonly isVerified: boolean;
  readonly rating: number;
  readonly content: string;
  readonly comment: string;
  readonly reviewText: string;
  readonly createdAt: string;
  readonly reviewDate: string;
  readonly url: string | null;
  readonly source: ReviewSource;
  readonly hasResponse: boolean;
  readonly isResponded: boolean;
  readonly responseText: string | null;
  readonly responseDate: string | null;
  /** How the response reached the site: posted from here, marked as posted by hand, or found there. */
  readonly responseWay: ResponseWay | null;
  readonly status: "pending" | "responded" | "flagged";
  readonly replyStatus: "unread" | "read" | "replied";
  readonly flagged: boolean;
  readonly flagReason: string | null;
  readonly read: boolean;
  /** The response is posted through the site's API; otherwise it is copied there by a person and marked as responded. */
  readonly postsThroughApi: boolean;
}

export interface ReviewFilter {
  readonly locationId?: string;
  readonly platform?: string;
  readonly status?: string;
  readonly rating?: number;
  readonly q?: string;
  readonly before?: string;
  /** At most this many (REVIEWS_PAGE_SIZE if not given). */
  readonly limit?: number;
}

export interface ReviewTiles {
  readonly total: number;
  readonly pending: number;
  readonly averageRating: number;
  readonly responseRate: number;
}

export interface BusinessLocation {
  readonly id: string;
  readonly accountId: string;
  readonly externalId: string;
  readonly name: string;
  readonly address: string | null;
  readonly isVerified: boolean;
  readonly rating: number | null;
  readonly totalReviews: number;
  readonly categories: ReadonlyArray<string>;
  readonly mapsUri: string | null;
}

/** A review as a site (or the sandbox, or a person) delivers it, for `receive`. */
export type IncomingReview = Omit<FetchedReview, "updatedAt"> & { readonly updatedAt?: string };

export interface ImportOutcome {
  readonly imported: number;
  /** Rows already kept (the same reviewer, day and text). */
  readonly duplicates: number;
  readonly errors: ReadonlyArray<{ readonly line: number; readonly message: string }>;
}

export interface ReviewHistoryEntry {
  readonly id: string;
  readonly at: string;
  /** The person who acted, or "SocialDesk" for what the site sent. */
  readonly actor: string;
  readonly summary: string;
}

export const REVIEWS_PAGE_SIZE = 50;

/** A review's id: the same every time its site delivers it (or it is typed again), so it is kept once. */
export const reviewIdOf = messageIdOf;

/** A review's row as its own tables hold it. */
type ReviewColumns = Omit<ReviewRow, "account_name" | "account_kind">;

interface ReviewRow {
  id: string;
  workspace_id: string;
  account_id: string;
  external_id: string;
  platform: string;
  location_id: string | null;
  location_name: string | null;
  account_name: string;
  account_kind: string;
  reviewer_name: string;
  reviewer_avatar: string | null;
  rating: number;
  content: string;
  reviewed_at: Date;
  url: string | null;
  source: ReviewSource;
  response_text: string | null;
  response_way: ResponseWay | null;
  responded_at: Date | null;
  flagged: boolean;
  flag_reason: string | null;
  read: boolean;
}

/** The sites whose responses go out through their API (Yelp only with its partner access: `yelpResponds`). */
export const postsThroughApi = (platform: string, accountKind: string, yelpResponds: boolean) =>
  accountKind === "sandbox" || (platform === "google_business" && accountKind === "oauth") || (platform === "yelp" && yelpResponds);

const toReview =
  (yelpResponds: boolean) =>
  (row: ReviewRow): Review => {
    const hasResponse = row.response_text !== null;
    const location = row.location_name ?? row.account_name;
    const at = row.reviewed_at.toISOString();
    const responded = row.responded_at ? row.responded_at.toISOString() : null;
    return {
      id: row.id,
      workspaceId: row.workspace_id,
      accountId: row.account_id,
      platform: row.platform,
      siteName: siteNameOf(row.platform),
      locationId: row.location_id,
      location,
      businessName: location,
      reviewerName: row.reviewer_name,
      reviewerAvatar: row.reviewer_avatar,
      isVerified: row.source === "platform",
      rating: row.rating,
      content: row.content,
      comment: row.content,
      reviewText: row.content,
      createdAt: at,
      reviewDate: at,
      url: row.url,
      source: row.source,
      hasResponse,
      isResponded: hasResponse,
      responseText: row.response_text,
      responseDate: responded,
      responseWay: row.response_way,
      status: statusOf({ flagged: row.flagged, hasResponse }),
      replyStatus: googleStatusOf({ hasResponse, read: row.read }),
      flagged: row.flagged,
      flagReason: row.flag_reason,
      read: row.read,
      postsThroughApi: postsThroughApi(row.platform, row.account_kind, yelpResponds),
    };
  };

/** The review's columns; its account's name and kind come from the accounts module (`withAccounts`). */
const SELECT_REVIEW = `
  r.id, r.workspace_id, r.account_id, r.external_id, r.platform, r.location_id, bl.name as location_name,
  r.reviewer_name, r.reviewer_avatar, r.rating, r.content, r.reviewed_at, r.url, r.source,
  r.response_text, r.response_way, r.responded_at, r.flagged, r.flag_reason, r.read`;

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);
const todayOf = (now: Date) => now.toISOString().slice(0, 10);
const chooseSite = () => new InvalidInput({ message: REVIEW_MESSAGES.account, fields: { accountId: REVIEW_MESSAGES.account } });

type ReviewsError = SqlError | ConcurrencyConflict;

/**
 * Reviews (issue 12): every review site's reviews of the workspace in one list, kept once per site
 * id, with their responses, flags and history; the Business Profile locations. Calling the sites
 * is not done here (see respond.ts and poll.ts): this service records what reached them.
 */
export class Reviews extends Context.Service<
  Reviews,
  {
    /** Of one workspace, or of several (reviews awaiting a response across an agency's clients: no location filter). */
    readonly list: (
      workspaceId: string | ReadonlyArray<string>,
      filter: ReviewFilter,
    ) => Effect.Effect<{ reviews: ReadonlyArray<Review>; next: string | null }, InvalidInput | NotFound | SqlError>;
    readonly tiles: (workspaceId: string, filter: Pick<ReviewFilter, "locationId" | "platform">) => Effect.Effect<ReviewTiles, NotFound | SqlError>;
    /** The workspace a review belongs to, or null for none (whoever asks: the caller's reach is checked after). */
    readonly workspaceOfReview: (reviewId: string) => Effect.Effect<string | null, SqlError>;
    readonly get: (workspaceId: string, reviewId: string) => Effect.Effect<Review, NotFound | SqlError>;
    /** What happened to the review, oldest first, and who did it (its stream's events: read at once after a change). */
    readonly history: (workspaceId: string, reviewId: string) => Effect.Effect<ReadonlyArray<ReviewHistoryEntry>, NotFound | SqlError>;
    /** A review typed by a person (201), for a connected review site. */
    readonly enter: (caller: Caller, input: ReviewEntry & { readonly accountId: string }) => Effect.Effect<Review, InvalidInput | NotFound | ReviewsError>;
    readonly importCsv: (caller: Caller, accountId: string, csv: string) => Effect.Effect<ImportOutcome, InvalidInput | NotFound | ReviewsError>;
    /** Reviews a site delivered (or the sandbox wrote): each kept once, changes recorded. Answers the reviews it had not kept before. */
    readonly receive: (
      ctx: CommandContext,
      account: { readonly id: string; readonly workspaceId: string; readonly platform: string },
      reviews: ReadonlyArray<IncomingReview>,
      source: ReviewSource,
    ) => Effect.Effect<number, ReviewsError>;
    /** A response that reached the site: the first, or a new text. */
    readonly recordResponse: (
      caller: Caller,
      reviewId: string,
      text: string,
      way: ResponseWay,
    ) => Effect.Effect<Review, InvalidInput | NotFound | ReviewsError>;
    readonly recordResponseDeleted: (caller: Caller, reviewId: string) => Effect.Effect<Review, InvalidInput | NotFound | ReviewsError>;
    readonly flag: (caller: Caller, reviewId: string, reason: string) => Effect.Effect<Review, InvalidInput | NotFound | ReviewsError>;
    readonly unflag: (caller: Caller, reviewId: string) => Effect.Effect<Review, NotFound | ReviewsError>;
    readonly markRead: (caller: Caller, reviewId: string) => Effect.Effect<Review, NotFound | ReviewsError>;
    /** The review with the site's id of it, for calling the site. */
    readonly target: (workspaceId: string, reviewId: string) => Effect.Effect<{ review: Review; externalId: string }, NotFound | SqlError>;
    readonly locations: (workspaceId: string) => Effect.Effect<ReadonlyArray<BusinessLocation>, SqlError>;
    readonly location: (workspaceId: string, locationId: string) => Effect.Effect<BusinessLocation, NotFound | SqlError>;
  }
>()("app/Reviews") {
  static layer = (options: { readonly yelpResponds: () => boolean }) =>
    Layer.effect(
      Reviews,
      Effect.gen(function* () {
        const db = yield* Database;
        const store = yield* EventStore;
        const rowToReview = (row: ReviewRow) => toReview(options.yelpResponds())(row);

        /** The rows with their account's name and kind, asked of the accounts module once for them all (a review's account is never deleted). */
        const withAccounts = (rows: ReadonlyArray<ReviewColumns>) =>
          Effect.map(accountsOf(rows.map((row) => row.account_id)).pipe(Effect.provideService(Database, db)), (accounts) =>
            rows.flatMap((row): ReviewRow[] => {
              const account = accounts.get(row.account_id);
              return account ? [{ ...row, account_name: account.accountName, account_kind: account.kind }] : [];
            }),
          );

        const onReview = <E>(
          reviewId: string,
          workspaceId: string,
          decide: (state: ReviewState) => Effect.Effect<ReadonlyArray<ReviewEvent>, E>,
          ctx: CommandContext,
        ) => handleCommand(reviewStreamId(reviewId), reviewDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

        const rowOf = (workspaceId: string, reviewId: string) =>
          Effect.gen(function* () {
            if (!isUuid(reviewId)) return yield* new NotFound({ what: "review" });
            const [row] = yield* withAccounts(
              yield* db.query(
                (sql) => sql<ReviewColumns[]>`
                select ${sql.unsafe(SELECT_REVIEW)}
                from reviews r
                left join business_locations bl on bl.account_id = r.account_id and bl.external_id = r.location_id
                where r.id = ${reviewId} and r.workspace_id = ${workspaceId}`,
              ),
            );
            return row ?? (yield* new NotFound({ what: "review" }));
          });

        const get = Effect.fn("Reviews.get")(function* (workspaceId: string, reviewId: string) {
          return rowToReview(yield* rowOf(workspaceId, reviewId));
        });

        const history = Effect.fn("Reviews.history")(function* (workspaceId: string, reviewId: string) {
          yield* get(workspaceId, reviewId);
          const rows = yield* db.query(
            (sql) => sql<{ position: string; type: string; data: Record<string, unknown>; created_at: Date; actor_id: string | null }[]>`
              select e.global_position::text as position, e.type, e.data, e.created_at, e.metadata->>'actorId' as actor_id
              from events e
              where e.stream_id = ${reviewStreamId(reviewId)}
              order by e.stream_version`,
          );
          // Identity names the people, once for the whole history.
          const people = yield* peopleByIdOf(rows.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id]))).pipe(Effect.provideService(Database, db));
          return rows.map(
            (row): ReviewHistoryEntry => ({
              id: row.position,
              at: row.created_at.toISOString(),
              actor: row.actor_id === null ? "SocialDesk" : historyNameOf(people.get(row.actor_id)),
              summary: reviewSummaries[row.type]?.(row.data) ?? row.type,
            }),
          );
        });

        const location = Effect.fn("Reviews.location")(function* (workspaceId: string, locationId: string) {
          if (!isUuid(locationId)) return yield* new NotFound({ what: "location" });
          const [row] = yield* db.query(
            (sql) => sql<LocationRow[]>`select * from business_locations where id = ${locationId} and workspace_id = ${workspaceId}`,
          );
          return row ? toLocation(row) : yield* new NotFound({ what: "location" });
        });

        /** The filters both the list and the tiles take, as SQL; an unknown location answers 404. */
        const scope = (workspaceId: string, filter: Pick<ReviewFilter, "locationId" | "platform">) =>
          Effect.map(filter.locationId ? location(workspaceId, filter.locationId) : Effect.succeed(null), (place) => ({ place, platform: filter.platform }));

        const list = Effect.fn("Reviews.list")(function* (workspaceIds: string | ReadonlyArray<string>, filter: ReviewFilter) {
          const workspaceId = typeof workspaceIds === "string" ? workspaceIds : null;
          const cursor = decodeKeyset(filter.before);
          if (cursor === null) {
            return yield* new InvalidInput({
              message: "This page link is not valid any more. Start from the newest.",
              fields: { cursor: "This page link is not valid any more." },
            });
          }
          const { place, platform } = workspaceId ? yield* scope(workspaceId, filter) : { place: null, platform: filter.platform };
          const size = filter.limit ?? REVIEWS_PAGE_SIZE;
          const q = filter.q?.trim() ? `%${filter.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
          const rows = yield* db.query(
            (sql) => sql<ReviewColumns[]>`
              select ${sql.unsafe(SELECT_REVIEW)}
              from reviews r
              left join business_locations bl on bl.account_id = r.account_id and bl.external_id = r.location_id
              where ${workspaceId ? sql`r.workspace_id = ${workspaceId}` : sql`r.workspace_id = any(${workspaceIds as string[]}::uuid[])`}
                ${place ? sql`and r.account_id = ${place.accountId} and r.location_id = ${place.externalId}` : sql``}
                ${platform ? sql`and r.platform = ${platform}` : sql``}
                ${statusCondition(sql, filter.status)}
                ${filter.rating ? sql`and r.rating = ${filter.rating}` : sql``}
                ${q ? sql`and (r.reviewer_name ilike ${q} or r.content ilike ${q})` : sql``}
                ${cursor ? sql`and (r.reviewed_at, r.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
              order by r.reviewed_at desc, r.id desc
              limit ${size + 1}`,
          );
          const shown = rows.slice(0, size);
          const last = shown.at(-1);
          return {
            reviews: (yield* withAccounts(shown)).map(rowToReview),
            next: rows.length > size && last ? encodeKeyset({ at: last.reviewed_at.toISOString(), id: last.id }) : null,
          };
        });

        const tiles = Effect.fn("Reviews.tiles")(function* (workspaceId: string, filter: Pick<ReviewFilter, "locationId" | "platform">) {
          const { place, platform } = yield* scope(workspaceId, filter);
          const [counts] = yield* db.query(
            (sql) => sql<{ total: number; pending: number; responded: number; rating_sum: number }[]>`
              select count(*)::int as total,
                count(*) filter (where responded_at is null and not flagged)::int as pending,
                count(*) filter (where responded_at is not null)::int as responded,
                coalesce(sum(rating), 0)::int as rating_sum
              from reviews
              where workspace_id = ${workspaceId}
                ${place ? sql`and account_id = ${place.accountId} and location_id = ${place.externalId}` : sql``}
                ${platform ? sql`and platform = ${platform}` : sql``}`,
          );
          return reviewTiles({
            total: counts?.total ?? 0,
            pending: counts?.pending ?? 0,
            responded: counts?.responded ?? 0,
            ratingSum: counts?.rating_sum ?? 0,
          });
        });

        const receive = Effect.fn("Reviews.receive")(function* (
          ctx: CommandContext,
          account: { readonly id: string; readonly workspaceId: string; readonly platform: string },
          reviews: ReadonlyArray<IncomingReview>,
          source: ReviewSource,
        ) {
          let created = 0;
          for (const incoming of reviews) {
            const reviewId = reviewIdOf(account.id, incoming.externalId);
            const received: ReviewReceived = {
              reviewId,
              workspaceId: account.workspaceId,
              accountId: account.id,
              platform: account.platform,
              locationId: incoming.locationId,
              externalId: incoming.externalId,
              reviewerName: incoming.reviewerName,
              reviewerAvatar: incoming.reviewerAvatar,
              rating: incoming.rating,
              content: incoming.content,
              reviewedAt: incoming.reviewedAt,
              url: incoming.url,
              source,
            };
            const outcome = yield* onReview(
              reviewId,
              account.workspaceId,
              // A typed review has no response on the site to compare with: leave what people recorded.
              receiveReview({
                ...received,
                ...(source === "entered" || source === "imported" ? {} : { response: incoming.response }),
                revisedAt: incoming.updatedAt,
              }),
              ctx,
            );
            if (outcome.events.some((e) => e.type === "ReviewReceived")) created += 1;
          }
          return created;
        });

        const accountFor = (workspaceId: string, accountId: string) =>
          Effect.gen(function* () {
            if (!isUuid(accountId)) return yield* chooseSite();
            const account = yield* connectedAccount(workspaceId, accountId).pipe(Effect.provideService(Database, db));
            if (!account || !isReviewPlatform(account.platform)) return yield* chooseSite();
            return account;
          });

        const keep = (caller: Caller, account: { id: string; platform: string }, entry: CheckedEntry, source: "entered" | "imported") =>
          Effect.gen(function* () {
            // Typed again or imported again: the same key, so the same review.
            const externalId = `entry:${hashOf(entryKeyOf(entry))}`;
            const incoming: IncomingReview = { ...entry, externalId, locationId: null, reviewerAvatar: null, response: null };
            const created = yield* receive(caller, { id: account.id, workspaceId: caller.workspaceId, platform: account.platform }, [incoming], source);
            return { created: created > 0, id: reviewIdOf(account.id, externalId) };
          });

        const enter = Effect.fn("Reviews.enter")(function* (caller: Caller, input: ReviewEntry & { readonly accountId: string }) {
          const account = yield* accountFor(caller.workspaceId, input.accountId);
          const checked = checkEntry(input, todayOf(caller.now));
          if (!checked.ok) return yield* new InvalidInput({ message: Object.values(checked.fields)[0]!, fields: checked.fields });
          const kept = yield* keep(caller, account, checked.value, "entered");
          return yield* get(caller.workspaceId, kept.id);
        });

        const importCsv = Effect.fn("Reviews.importCsv")(function* (caller: Caller, accountId: string, csv: string) {
          const account = yield* accountFor(caller.workspaceId, accountId);
          const rows = yield* Effect.try({
            try: () => parseReviewCsv(csv, todayOf(caller.now)),
            catch: (error) => new InvalidInput({ message: (error as Error).message, fields: { file: (error as Error).message } }),
          });
          let imported = 0;
          let duplicates = 0;
          const errors: Array<{ line: number; message: string }> = [];
          for (const row of rows) {
            if (!row.ok) {
              errors.push({ line: row.line, message: row.errors.join(" ") });
              continue;
            }
            const kept = yield* keep(caller, account, row.value, "imported");
            if (kept.created) imported += 1;
            else duplicates += 1;
          }
          return { imported, duplicates, errors };
        });

        const changed =
          <E>(decide: (state: ReviewState) => Effect.Effect<ReadonlyArray<ReviewEvent>, E>) =>
          (caller: Caller, reviewId: string) =>
            Effect.gen(function* () {
              yield* get(caller.workspaceId, reviewId);
              yield* onReview(reviewId, caller.workspaceId, decide, caller);
              return yield* get(caller.workspaceId, reviewId);
            });

        const recordResponse = Effect.fn("Reviews.recordResponse")(function* (caller: Caller, reviewId: string, text: string, way: ResponseWay) {
          return yield* changed(respondToReview({ text, way, at: caller.now.toISOString() }))(caller, reviewId);
        });
        const recordResponseDeleted = Effect.fn("Reviews.recordResponseDeleted")(function* (caller: Caller, reviewId: string) {
          return yield* changed(deleteResponse())(caller, reviewId);
        });
        const flag = Effect.fn("Reviews.flag")(function* (caller: Caller, reviewId: string, reason: string) {
          return yield* changed(flagReview(reason))(caller, reviewId);
        });
        const unflag = Effect.fn("Reviews.unflag")(function* (caller: Caller, reviewId: string) {
          return yield* changed(unflagReview())(caller, reviewId);
        });
        const markRead = Effect.fn("Reviews.markRead")(function* (caller: Caller, reviewId: string) {
          return yield* changed(markReviewRead())(caller, reviewId);
        });

        const target = Effect.fn("Reviews.target")(function* (workspaceId: string, reviewId: string) {
          const row = yield* rowOf(workspaceId, reviewId);
          return { review: rowToReview(row), externalId: row.external_id };
        });

        const locations = Effect.fn("Reviews.locations")(function* (workspaceId: string) {
          const rows = yield* db.query((sql) => sql<LocationRow[]>`select * from business_locations where workspace_id = ${workspaceId} order by name, id`);
          return rows.map(toLocation);
        });

        return {
          list,
          workspaceOfReview: (reviewId: string) =>
            isUuid(reviewId)
              ? Effect.map(
                  db.query((sql) => sql<{ workspace_id: string }[]>`select workspace_id from reviews where id = ${reviewId}`),
                  ([row]) => row?.workspace_id ?? null,
                )
              : Effect.succeed(null),
          tiles,
          get,
          history,
          enter,
          importCsv,
          receive,
          recordResponse,
          recordResponseDeleted,
          flag,
          unflag,
          markRead,
          target,
          locations,
          location,
        };
      }),
    );
}

interface LocationRow {
  id: string;
  account_id: string;
  external_id: string;
  name: string;
  address: string | null;
  is_verified: boolean;
  categories: string[];
  maps_uri: string | null;
  average_rating: string | null;
  total_reviews: number;
}

const toLocation = (row: LocationRow): BusinessLocation => ({
  id: row.id,
  accountId: row.account_id,
  externalId: row.external_id,
  name: row.name,
  address: row.address,
  isVerified: row.is_verified,
  rating: row.average_rating === null ? null : Number(row.average_rating),
  totalReviews: row.total_reviews,
  categories: row.categories,
  mapsUri: row.maps_uri,
});

/** Both screens' statuses: the management screen's (pending, responded, flagged) and the Google screen's (unread, read, replied). */
const statusCondition = (sql: any, status: string | undefined) => {
  switch (status) {
    case "pending":
      return sql`and r.response_text is null and not r.flagged`;
    case "responded":
      return sql`and r.response_text is not null and not r.flagged`;
    case "flagged":
      return sql`and r.flagged`;
    case "replied":
      return sql`and r.response_text is not null`;
    case "unread":
      return sql`and r.response_text is null and not r.read`;
    case "read":
      return sql`and r.response_text is null and r.read`;
    default:
      return sql``;
  }
};
