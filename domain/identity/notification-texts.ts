/** What saving the notification switches answers and shows: no imports, so the Settings island may bundle it. */
export const NOTIFICATIONS_SAVED = "Notification preferences saved.";
