import { Effect } from "effect";
import { siteNameOf } from "../../domain/reviews";
import { accountsOf } from "../accounts/queries";
import { config } from "../config";
import { Database } from "../db/Database";
import { ownerAlertsOf } from "../identity/queries";
import { Mailer } from "../mail/Mailer";

/**
 * The low-rating alert (issue 12): a review of LOW_RATING stars or fewer that a site delivered is
 * e-mailed to the workspace's owner, unless their review alerts are off (they are on by default). A
 * sandbox account's made-up review is e-mailed only to an owner who asked for sandbox review alerts
 * too (off by default), and the e-mail says it is a sample: no real-looking alert about a customer
 * who does not exist.
 */
export const sendReviewAlert = Effect.fn("Reviews.alert")(function* (reviewId: string) {
  const db = yield* Database;
  const mailer = yield* Mailer;
  const [review] = yield* db.query(
    (sql) => sql<
      {
        workspace_id: string;
        account_id: string;
        source: string;
        platform: string;
        reviewer_name: string;
        rating: number;
        content: string;
        location_name: string | null;
      }[]
    >`
      select r.workspace_id, r.account_id, r.source, r.platform, r.reviewer_name, r.rating, r.content, bl.name as location_name
      from reviews r
      left join business_locations bl on bl.account_id = r.account_id and bl.external_id = r.location_id
      where r.id = ${reviewId} and r.response_text is null`,
  );
  if (!review) return undefined;
  // Identity answers who owns the workspace and what they want to hear; accounts the site's name.
  const owner = yield* ownerAlertsOf(review.workspace_id);
  const account = (yield* accountsOf([review.account_id])).get(review.account_id);
  if (!owner || !account || !owner.reviewAlerts) return undefined;
  const row = { ...review, email: owner.email, first_name: owner.firstName, place: review.location_name ?? account.accountName };
  const sample = row.source === "sandbox";
  if (sample && !owner.sandboxReviewAlerts) return undefined;
  const stars = `${row.rating} star${row.rating === 1 ? "" : "s"}`;
  const site = siteNameOf(row.platform);
  yield* mailer.queue({
    to: row.email,
    subject: sample ? `Sandbox: sample ${stars} review on ${site} for ${row.place}` : `New ${stars} review on ${site} for ${row.place}`,
    text: [
      `Hello ${row.first_name},`,
      "",
      ...(sample
        ? [
            `This is a sample review: the sandbox account "${row.place}" made it up so you can try answering reviews. No customer wrote it.`,
            "",
            `${row.reviewer_name} (not a real person) left a ${stars} review on the sandbox ${site} account:`,
          ]
        : [`${row.reviewer_name} left a ${stars} review on ${site} for ${row.place}:`]),
      "",
      row.content ? `"${row.content}"` : "(a rating without text)",
      "",
      `Respond to it: ${new URL("/app/reviews", config().publicUrl).href}`,
      "",
      sample
        ? "You get these e-mails because \"Also alert me about sandbox reviews\" is on in Settings › Notifications."
        : "You get these e-mails because review alerts are on in Settings › Notifications.",
    ].join("\n"),
  });
  return `Review alert for ${reviewId} sent to the owner`;
});
