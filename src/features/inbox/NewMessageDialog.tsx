import { useState } from "react";
import { Field } from "../../components/forms/Field";
import { Dialog } from "../../components/ui/Dialog";
import { toast } from "../../islands/toast/toast-store";
import { api, type ResponseOf } from "../../lib/api/client";
import { apiErrorFields, apiErrorMessage, shownBesideFields } from "../../lib/api-client";
import { listed } from "../../lib/text";

/** An account a person could write from, or why its platform doesn't let them. */
export interface Writer {
  readonly id: string;
  readonly name: string;
  readonly unavailable: string | null;
}

/** New Message: a direct message to someone, from an account whose platform lets an app write first. */
export default function NewMessageDialog({
  writers,
  onClose,
  onSent,
}: {
  writers: ReadonlyArray<Writer>;
  onClose: () => void;
  onSent: (thread: ResponseOf<"POST", "/api/social-inbox/messages">) => void;
}) {
  const usable = writers.filter((w) => !w.unavailable);
  // The accounts that can't write first, by reason (several accounts of one platform share one).
  const byReason = new Map<string, string[]>();
  for (const w of writers) if (w.unavailable) byReason.set(w.unavailable, [...(byReason.get(w.unavailable) ?? []), w.name]);
  const refused = [...byReason];
  const [accountId, setAccountId] = useState(usable[0]?.id ?? "");
  const [to, setTo] = useState("");
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const thread = await api.post("/api/social-inbox/messages", { payload: { accountId, to, content } });
      toast({ title: "Message Sent! ✅", description: `Your message to @${thread.message.fromUser.username} is on its way.` });
      onSent(thread);
    } catch (error) {
      const fields = apiErrorFields(error);
      setErrors(fields);
      if (!shownBesideFields(fields, ["to", "content"])) {
        toast({ title: "Failed to Send", description: apiErrorMessage(error, "Could not send your message. Please try again."), variant: "destructive" });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open title="New Message" description="Write first to someone, from one of your accounts." onClose={onClose}>
      {writers.length === 0 ? (
        <p className="muted">Connect an account first: New Message writes from one of your accounts.</p>
      ) : (
        <form
          className="inbox-template-form"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Field id="new-message-from" label="From">
            <select id="new-message-from" className="input" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
              {writers.map((w) => (
                <option key={w.id} value={w.id} disabled={w.unavailable !== null}>
                  {w.unavailable ? `${w.name} (can't write first)` : w.name}
                </option>
              ))}
            </select>
            {refused.length > 0 && (
              // Visible, not only on the disabled options: a phone shows no hover and a list's disabled entries say nothing.
              <ul className="inbox-note new-message-refused" data-testid="new-message-refused">
                {refused.map(([reason, names]) => (
                  <li key={reason}>
                    <strong>{listed(names)}</strong>: {reason}
                  </li>
                ))}
              </ul>
            )}
          </Field>
          <Field id="new-message-to" label="To" error={errors.to}>
            <input
              id="new-message-to"
              className="input"
              placeholder="@username"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={errors.to ? true : undefined}
            />
          </Field>
          <Field id="new-message-text" label="Message" error={errors.content}>
            <textarea
              id="new-message-text"
              className="input"
              rows={4}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              aria-invalid={errors.content ? true : undefined}
            />
          </Field>
          <div className="inbox-reply-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={!accountId || to.trim() === "" || content.trim() === "" || sending || usable.length === 0}
            >
              {sending ? "Sending…" : "Send message"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
