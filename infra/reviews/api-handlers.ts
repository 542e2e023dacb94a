import { Effect } from "effect";
import { HttpApiBuilder } from "effect/http-api";
import type { AllDeclared, Undeclared } from "../web/api/declared";
import { onService } from "../web/api/handlers";
import type { BusinessLocationSchema, ImportOutcomeSchema, PerformanceSchema, ReviewHistoryEntrySchema, ReviewSchema, ReviewsApi, ReviewTilesSchema } from "./api";
import { locationPerformance } from "./performance";
import { deleteReviewResponse, respondToReview } from "./respond";
import { type BusinessLocation, type ImportOutcome, type Review, type ReviewHistoryEntry, Reviews, type ReviewTiles } from "./Reviews";

const asCaller = onService(Reviews);

/** The reviews and business locations operations (./api.ts) on the Reviews service and the sites' calls. */
export const reviewsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ReviewsApi>) =>
  handlers
    .handle("list", ({ query: { cursor, ...filter } }) =>
      asCaller((reviews, caller) => Effect.map(reviews.list(caller.workspaceId, { ...filter, before: cursor }), (page) => ({ items: page.reviews, next: page.next }))),
    )
    .handle("enter", ({ payload }) => asCaller((reviews, caller) => reviews.enter(caller, payload)))
    .handle("summary", ({ query }) => asCaller((reviews, caller) => reviews.tiles(caller.workspaceId, query)))
    .handle("import", ({ payload }) => asCaller((reviews, caller) => reviews.importCsv(caller, payload.accountId, payload.csv)))
    .handle("get", ({ params }) =>
      asCaller((reviews, caller) =>
        Effect.gen(function* () {
          const review = yield* reviews.get(caller.workspaceId, params.id);
          const history = yield* reviews.history(caller.workspaceId, params.id);
          return { ...review, history };
        }),
      ),
    )
    .handle("change", ({ params, payload: { status, flagReason, flagged } }) =>
      asCaller((reviews, caller) =>
        status === "read"
          ? reviews.markRead(caller, params.id)
          : status === "flagged" || flagged === true
            ? reviews.flag(caller, params.id, flagReason ?? "")
            : reviews.unflag(caller, params.id),
      ),
    )
    .handle("respond", ({ params, payload }) => asCaller((_, caller) => respondToReview(caller, params.id, payload)))
    .handle("deleteResponse", ({ params }) => asCaller((_, caller) => deleteReviewResponse(caller, params.id)))
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
