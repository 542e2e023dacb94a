import type { APIRoute } from "astro";
import { UserSettings } from "../../../../infra/identity/UserSettings";
import { NOTIFICATIONS_SAVED, notificationPreferencesSchema } from "../../../features/settings/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/user/notifications: {emailNotifications, pushNotifications, weeklyReports,
 * postReminders, failureAlerts, reviewAlerts}. PUT takes any of them (NotificationPreferencesChanged) and answers
 * all seven with `message: "Notification preferences saved."`.
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    UserSettings.use((settings) => settings.notificationPreferences(signedIn.user.id)),
    (preferences) => json(preferences),
  );
};

export const PUT: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, notificationPreferencesSchema);
  if (!input.ok) return input.response;
  return respond(
    UserSettings.use((settings) => settings.setNotificationPreferences(signedIn.user.id, input.data, signedIn.caller)),
    (preferences) => json({ ...preferences, message: NOTIFICATIONS_SAVED }),
  );
};
