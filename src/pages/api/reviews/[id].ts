import type { APIRoute } from "astro";
import { Effect } from "effect";
import { Reviews } from "../../../../infra/reviews/Reviews";
import { ANSWER_REVIEWS, READ_REVIEWS, reviewChangeSchema } from "../../../features/reviews/review-schemas";
import { guard } from "../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/reviews/{id}: the review and its history (who received, responded, edited, flagged it, and when). */
export const GET: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, READ_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const workspaceId = signedIn.user.workspaceId;
  return respond(
    Effect.gen(function* () {
      const review = yield* Reviews.use((reviews) => reviews.get(workspaceId, params.id!));
      const history = yield* Reviews.use((reviews) => reviews.history(workspaceId, params.id!));
      return { ...review, history };
    }),
    (review) => json(review),
  );
};

/** PUT /api/reviews/{id} {status: "read"} marks it read (spec §7); {status: "flagged", flagReason} flags it; {flagged: false} unflags it. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, reviewChangeSchema);
  if (!input.ok) return input.response;
  const { status, flagReason, flagged } = input.data;
  return respond(
    Reviews.use((reviews) =>
      status === "read"
        ? reviews.markRead(signedIn.caller, params.id!)
        : status === "flagged" || flagged === true
          ? reviews.flag(signedIn.caller, params.id!, flagReason ?? "")
          : reviews.unflag(signedIn.caller, params.id!),
    ),
    (review) => json(review),
  );
};
