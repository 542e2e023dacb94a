import { Effect } from "effect";
import { siteNameOf } from "../../domain/reviews";
import { config } from "../config";
import { Database } from "../db/Database";
import { Mailer } from "../mail/Mailer";

/**
 * The low-rating alert (issue 12): a review of LOW_RATING stars or fewer that a site delivered is
 * e-mailed to the workspace's owner, unless their review alerts are off (they are on by default).
 */
export const sendReviewAlert = Effect.fn("Reviews.alert")(function* (reviewId: string) {
  const db = yield* Database;
  const mailer = yield* Mailer;
  const [row] = yield* db.query(
    (sql) => sql<
      { email: string; first_name: string; review_alerts: boolean; platform: string; reviewer_name: string; rating: number; content: string; place: string }[]
    >`
      select u.email, u.first_name, coalesce(n.review_alerts, true) as review_alerts,
        r.platform, r.reviewer_name, r.rating, r.content, coalesce(bl.name, a.account_name) as place
      from reviews r
      join workspaces w on w.id = r.workspace_id join users u on u.id = w.owner_id
      left join notification_preferences n on n.user_id = u.id
      join social_accounts a on a.id = r.account_id
      left join business_locations bl on bl.account_id = r.account_id and bl.external_id = r.location_id
      where r.id = ${reviewId} and r.response_text is null`,
  );
  if (!row || !row.review_alerts) return undefined;
  const stars = `${row.rating} star${row.rating === 1 ? "" : "s"}`;
  yield* mailer.queue({
    to: row.email,
    subject: `New ${stars} review on ${siteNameOf(row.platform)} for ${row.place}`,
    text: [
      `Hello ${row.first_name},`,
      "",
      `${row.reviewer_name} left a ${stars} review on ${siteNameOf(row.platform)} for ${row.place}:`,
      "",
      row.content ? `"${row.content}"` : "(a rating without text)",
      "",
      `Respond to it: ${new URL("/app/reviews", config().publicUrl).href}`,
      "",
      "You get these e-mails because review alerts are on in Settings › Notifications.",
    ].join("\n"),
  });
  return `Review alert for ${reviewId} sent to the owner`;
});
