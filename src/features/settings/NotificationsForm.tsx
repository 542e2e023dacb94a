import { type FormEvent, useState } from "react";
import type { NotificationPreferences } from "../../../domain/identity/events";
import { toast } from "../../islands/toast/toast-store";
import { api } from "../../lib/api/client";
import { apiErrorMessage } from "../../lib/api-client";
import { NOTIFICATION_SWITCHES, NOTIFICATIONS_SAVED } from "./switches";
import "./settings.css";

interface Props {
  readonly initial: NotificationPreferences;
}

/**
 * Settings › Notifications: the seven switches (spec core §2; review alerts from issue 12, sandbox review alerts from issue 29). A plain form posted to the page
 * without JavaScript; hydrated, it saves with PUT /api/user/notifications and a toast.
 */
export default function NotificationsForm({ initial }: Props) {
  const [values, setValues] = useState<NotificationPreferences>(initial);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const saved = await api.put("/api/user/notifications", { payload: values });
      setValues({
        emailNotifications: saved.emailNotifications,
        pushNotifications: saved.pushNotifications,
        weeklyReports: saved.weeklyReports,
        postReminders: saved.postReminders,
        failureAlerts: saved.failureAlerts,
        reviewAlerts: saved.reviewAlerts,
        sandboxReviewAlerts: saved.sandboxReviewAlerts,
      });
      toast({ title: NOTIFICATIONS_SAVED });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to save notification preferences."), variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  return (
    <form method="post" action="/app/settings?tab=notifications" className="switches-form" onSubmit={submit} data-testid="notifications-form">
      <input type="hidden" name="_form" value="notifications" />
      <ul className="switches" role="list">
        {NOTIFICATION_SWITCHES.map((item) => (
          <li key={item.key}>
            <label className="switch">
              <span className="switch-text">
                <span className="switch-label">{item.label}</span>
                <span className="muted switch-hint" id={`hint-${item.key}`}>
                  {item.hint}
                </span>
              </span>
              <input
                type="checkbox"
                role="switch"
                name={item.key}
                checked={values[item.key]}
                onChange={(e) => setValues((v) => ({ ...v, [item.key]: e.target.checked }))}
                aria-describedby={`hint-${item.key}`}
              />
            </label>
          </li>
        ))}
      </ul>
      <div>
        <button className="btn btn-primary" type="submit" disabled={pending} aria-disabled={pending}>
          {pending ? "Saving..." : "Save Preferences"}
        </button>
      </div>
    </form>
  );
}
