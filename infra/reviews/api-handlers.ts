import { Effect } from "effect";
import { HttpApiBuilder } from "effect/http-api";
import type { AllDeclared, Undeclared } from "../web/api/declared";
import { InvalidInput, NotFound } from "../../domain/shared";
import { callerForItem, reachableWorkspaces } from "../identity/reach";
import { onService } from "../web/api/handlers";
import type { BusinessLocationSchema, ImportOutcomeSchema, PerformanceSchema, ReviewHistoryEntrySchema, ReviewSchema, ReviewsApi, ReviewTilesSchema } from "./api";
import { locationPerformance } from "./performance";
import { deleteReviewResponse, respondToReview } from "./respond";
import { type BusinessLocation, type ImportOutcome, type Review, type ReviewHistoryEntry, Reviews, type ReviewTiles } from "./Reviews";

const asCaller = onService(Reviews);

const READS = { feature: "review_management" } as const;
const ACROSS_PENDING_ONLY = "All clients lists the reviews awaiting a response: add status=pending, and no location.";

/** The caller as they are in the review's own workspace (answering from the list across clients), the operation's requirement checked there. */
const inReviewWorkspace = (reviewId: string) =>
  Effect.gen(function* () {
    return yield* callerForItem(yield* (yield* Reviews).workspaceOfReview(reviewId), "review");
  });

/** The reviews and business locations operations (./api.ts) on the Reviews service and the sites' calls. */
export const reviewsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ReviewsApi>) =>
  handlers
    .handle("list", ({ query: { cursor, workspaces, workspace, ...filter } }) =>
      asCaller((reviews, caller) =>
        Effect.gen(function* () {
          if (workspaces !== "all" && workspace === undefined)
            return yield* Effect.map(reviews.list(caller.workspaceId, { ...filter, before: cursor }), (page) => ({ items: page.reviews, next: page.next }));
          if (filter.status !== "pending" || filter.locationId) return yield* new InvalidInput({ message: ACROSS_PENDING_ONLY, fields: { workspaces: ACROSS_PENDING_ONLY } });
          // One list of reviews awaiting a response across the agency's clients: those the person may read reviews in, or one of them (any other is 404).
          const reached = yield* reachableWorkspaces(caller, READS);
          if (workspace && !reached.some((w) => w.id === workspace)) return yield* new NotFound({ what: "workspace" });
          const names = new Map(reached.map((w) => [w.id, w.name]));
          const page = yield* reviews.list(
            reached.filter((w) => !workspace || w.id === workspace).map((w) => w.id),
            { ...filter, before: cursor },
          );
          return { items: page.reviews.map((review) => ({ ...review, workspaceName: names.get(review.workspaceId) ?? "" })), next: page.next };
        }),
      ),
    )
    .handle("enter", ({ payload }) => asCaller((reviews, caller) => reviews.enter(caller, payload)))
    .handle("summary", ({ query }) => asCaller((reviews, caller) => reviews.tiles(caller.workspaceId, query)))
    .handle("import", ({ payload }) => asCaller((reviews, caller) => reviews.importCsv(caller, payload.accountId, payload.csv)))
    .handle("get", ({ params }) =>
      asCaller((reviews) =>
        Effect.gen(function* () {
          const there = yield* inReviewWorkspace(params.id);
          const review = yield* reviews.get(there.workspaceId, params.id);
          const history = yield* reviews.history(there.workspaceId, params.id);
          return { ...review, history };
        }),
      ),
    )
    .handle("change", ({ params, payload: { status, flagReason, flagged } }) =>
      asCaller((reviews) =>
        Effect.flatMap(inReviewWorkspace(params.id), (there) =>
          status === "read"
            ? reviews.markRead(there, params.id)
            : status === "flagged" || flagged === true
              ? reviews.flag(there, params.id, flagReason ?? "")
              : reviews.unflag(there, params.id),
        ),
      ),
    )
    .handle("respond", ({ params, payload }) =>
      asCaller(() => Effect.flatMap(inReviewWorkspace(params.id), (there) => respondToReview(there, params.id, payload))),
    )
    .handle("deleteResponse", ({ params }) =>
      asCaller(() => Effect.flatMap(inReviewWorkspace(params.id), (there) => deleteReviewResponse(there, params.id))),
    )
    .handle("locations", () => asCaller((reviews, caller) => reviews.locations(caller.workspaceId)))
    .handle("performance", ({ params, query }) => asCaller((_, caller) => locationPerformance(caller.workspaceId, params.id, query.days, caller.now)));

// Every field the services answer is declared (the encoder would drop the others).
export type Declared = AllDeclared<
  | Undeclared<typeof ReviewSchema.Type, Review>
  | Undeclared<typeof ReviewHistoryEntrySchema.Type, ReviewHistoryEntry>
  | Undeclared<typeof ReviewTilesSchema.Type, ReviewTiles>
  | Undeclared<typeof ImportOutcomeSchema.Type, ImportOutcome>
  | Undeclared<typeof BusinessLocationSchema.Type, BusinessLocation>
  | Undeclared<typeof PerformanceSchema.Type, Effect.Success<ReturnType<typeof locationPerformance>>>
>;
