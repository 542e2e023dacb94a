import type { NotificationPreferences } from "../../../domain/identity/events";

/** Settings › Notifications texts (no imports with runtime code: the island bundles this). */
export { NOTIFICATIONS_SAVED } from "../../../domain/identity/notification-texts";

/** The switches as Settings shows them (spec core §2, §3; review alerts from issue 12, sandbox review alerts from issue 29). */
export const NOTIFICATION_SWITCHES: ReadonlyArray<{ readonly key: keyof NotificationPreferences; readonly label: string; readonly hint: string }> = [
  { key: "emailNotifications", label: "Email notifications", hint: "News about your account and your posts by email." },
  { key: "pushNotifications", label: "Push notifications", hint: "Alerts in your browser while SocialDesk is open." },
  { key: "weeklyReports", label: "Weekly reports", hint: "A summary of your posts and engagement every week." },
  { key: "postReminders", label: "Post reminders", hint: "A reminder before a scheduled post goes out." },
  { key: "failureAlerts", label: "Failure alerts", hint: "Word at once when a post could not be published." },
  { key: "reviewAlerts", label: "Review alerts", hint: "An email when a review of 3 stars or fewer arrives." },
  {
    key: "sandboxReviewAlerts",
    label: "Also alert me about sandbox reviews",
    hint: "The same email for the made-up reviews of sandbox accounts, marked as samples. Off: only real reviews are emailed.",
  },
];
