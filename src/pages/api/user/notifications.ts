import type { APIRoute } from "astro";
import { Accounts } from "../../../../infra/identity/Accounts";
import { NOTIFICATIONS_SAVED, notificationPreferencesSchema } from "../../../features/settings/schemas";
import { requireUser } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/user/notifications: {emailNotifications, pushNotifications, weeklyReports,
 * postReminders, failureAlerts}. PUT takes any of them (NotificationPreferencesChanged) and answers
 * all five with `message: "Notification preferences saved."`.
 */
export const GET: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(
    Accounts.use((accounts) => accounts.notificationPreferences(caller.user.id)),
    (preferences) => json(preferences),
  );
};

export const PUT: APIRoute = async ({ request, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const input = await parseJsonBody(request, notificationPreferencesSchema);
  if (!input.ok) return input.response;
  return respond(
    Accounts.use((accounts) => accounts.setNotificationPreferences(caller.user.id, input.data, commandContext(locals, request))),
    (preferences) => json({ ...preferences, message: NOTIFICATIONS_SAVED }),
  );
};
