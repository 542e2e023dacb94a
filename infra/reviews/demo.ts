import { Effect } from "effect";
import type { Caller } from "../../domain/shared";
import { SocialAccounts } from "../accounts/SocialAccounts";
import { Reviews } from "./Reviews";

const HOUR = 3_600_000;

/** Spec engagement §2: the four sample reviews, shown in demo mode only, dated relative to now. */
const SAMPLES = [
  {
    ago: 2 * HOUR,
    reviewerName: "Sarah Johnson",
    rating: 5,
    content: "Dr. Morgan and the whole team were wonderful. My cleaning was quick and painless, and they explained everything.",
    response: null,
  },
  {
    ago: 26 * HOUR,
    reviewerName: "Mike Chen",
    rating: 4,
    content: "Great service and a friendly front desk. The wait was a little long, but the care was worth it.",
    response: null,
  },
  { ago: 3 * 24 * HOUR, reviewerName: "Emily Davis", rating: 2, content: "My appointment started 40 minutes late and nobody told me why.", response: null },
  {
    ago: 7 * 24 * HOUR,
    reviewerName: "Robert Wilson",
    rating: 5,
    content: "Best dental practice in town. They fit me in the same day for an emergency.",
    response: "Thank you, Robert! We're glad we could help you that day. See you at your next check-up.",
  },
] as const;

/** The demo workspace's sample reviews, on its Business Profile (each kept once; a response is recorded as posted). */
export const ensureDemoReviews = Effect.fn("Demo.ensureReviews")(function* (caller: Caller) {
  const reviews = yield* Reviews;
  const account = (yield* (yield* SocialAccounts).list(caller.workspaceId)).find((a) => a.platform === "google_business");
  if (!account) return;
  const now = caller.now.getTime();
  yield* reviews.receive(
    caller,
    { id: account.id, workspaceId: caller.workspaceId, platform: account.platform },
    SAMPLES.map((s, i) => ({
      externalId: `demo:${i + 1}`,
      locationId: null,
      reviewerName: s.reviewerName,
      reviewerAvatar: null,
      rating: s.rating,
      content: s.content,
      reviewedAt: new Date(now - s.ago).toISOString(),
      url: null,
      response: s.response ? { text: s.response, at: new Date(now - s.ago + 5 * HOUR).toISOString() } : null,
    })),
    "demo",
  );
});
