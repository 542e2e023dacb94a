import { useStore } from "@nanostores/react";
import { type FormEvent, useState } from "react";
import { Dialog } from "../../components/ui/Dialog";
import { useHydrated } from "../../components/ui/use-hydrated";
import { apiFetch, apiRefusal } from "../../lib/api-client";
import { toast } from "../../islands/toast/toast-store";
import { MediaToolbar } from "../compose/MediaToolbar";
import { DIALOG_PLATFORMS, localScheduledAt, type PostFields, validatePost as checkPost, withMedia, withoutMedia } from "../posts/post-form";
import { $period, refreshDashboard } from "./dashboard-store";
import "./dashboard.css";

/** The dialog's counter limit (spec core §2: "n/280 characters"). */
export const MAX_CONTENT = 280;
const FAILED = "Failed to create post. Please try again.";

/** The dialog's form: the shared post fields, with platforms instead of accounts, now or later. */
interface FormState extends PostFields {
  platforms: string[];
  scheduleType: "now" | "schedule";
}

const EMPTY: FormState = { platforms: [], content: "", media: [], scheduleType: "now", scheduleDate: "", scheduleTime: "" };

/** The dialog's checks (spec core §5): content between 1 and 280 characters, a platform. */
export const validatePost = (form: Pick<FormState, "content" | "platforms">): Record<string, string> =>
  checkPost({ content: form.content, scheduleDate: "", scheduleTime: "", targets: form.platforms }, { requireContent: true, maxContent: MAX_CONTENT });

/** The POST /api/posts payload (spec core §4): scheduledAt only when both date and time are filled. */
export const postPayload = (form: FormState) => {
  const scheduledAt = localScheduledAt(form);
  return {
    content: form.content,
    platforms: form.platforms,
    media: form.media,
    status: form.scheduleType === "now" ? ("published" as const) : ("scheduled" as const),
    ...(scheduledAt ? { scheduledAt } : {}),
  };
};

interface Props {
  /** Today in the user's time zone (YYYY-MM-DD): the earliest schedule date. */
  readonly today: string;
}

/** The dashboard header's actions: Export (CSV of the chosen period) and Create Post with its dialog. */
export default function DashboardActions({ today }: Props) {
  const hydrated = useHydrated();
  const period = useStore($period);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<FormState>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  /** Why the server refused the last submit, shown in the dialog (the toast keeps the spec's text). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);

  const errors = submitted ? validatePost(form) : {};
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const togglePlatform = (id: string) =>
    setForm((f) => ({ ...f, platforms: f.platforms.includes(id) ? f.platforms.filter((p) => p !== id) : [...f.platforms, id] }));
  const addMedia = (urls: ReadonlyArray<string>) => setForm((f) => ({ ...f, media: withMedia(f.media, urls) }));

  const close = () => {
    if (saving) return;
    setRefusal(null);
    setOpen(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validatePost(form)).length > 0) return;
    setSaving(true);
    setRefusal(null);
    try {
      await apiFetch("/api/posts", { method: "POST", body: postPayload(form) });
      toast({ title: "Success", description: "Post created successfully!" });
      setForm(EMPTY);
      setSubmitted(false);
      setOpen(false);
      void refreshDashboard();
    } catch (error) {
      setRefusal(apiRefusal(error));
      toast({ title: "Error", description: FAILED, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const scheduled = form.scheduleType === "schedule";
  const length = form.content.length;

  return (
    <div className="dash-actions" data-testid="dashboard-actions" data-hydrated={hydrated ? "true" : "false"}>
      <a className="btn btn-outline" href={`/api/posts/export.csv?period=${period}`} download data-testid="export-posts">
        Export
      </a>
      <button type="button" className="btn btn-primary" disabled={!hydrated} onClick={() => setOpen(true)}>
        Create Post
      </button>

      <Dialog open={open} title="Create New Post" onClose={close}>
        <form className="create-post-form" noValidate onSubmit={submit} aria-label="Create New Post">
          <fieldset className="cp-platforms" aria-invalid={errors.platforms ? "true" : undefined} aria-describedby={errors.platforms ? "cp-platforms-error" : undefined}>
            <legend>Platforms</legend>
            <div className="cp-platform-grid">
              {DIALOG_PLATFORMS.map((p) => (
                <label key={p.id} className="cp-platform">
                  <input type="checkbox" name="platforms" value={p.id} checked={form.platforms.includes(p.id)} onChange={() => togglePlatform(p.id)} />
                  <span>{p.name}</span>
                </label>
              ))}
            </div>
            {errors.platforms && (
              <p id="cp-platforms-error" className="field-error" role="alert">
                {errors.platforms}
              </p>
            )}
          </fieldset>

          <div className="field">
            <label htmlFor="cp-content">Content</label>
            <textarea
              id="cp-content"
              className="textarea cp-content"
              rows={5}
              placeholder="What would you like to share?"
              value={form.content}
              aria-invalid={errors.content ? "true" : undefined}
              aria-describedby="cp-counter"
              onChange={(e) => set({ content: e.target.value })}
            />
            <div className="cp-content-foot">
              {errors.content ? (
                <p className="field-error" role="alert">
                  {errors.content}
                </p>
              ) : (
                <span />
              )}
              <span id="cp-counter" data-testid="char-counter" className={length > MAX_CONTENT ? "cp-counter over" : "cp-counter muted"}>
                {length}/{MAX_CONTENT} characters
              </span>
            </div>
          </div>

          <div className="field">
            <span className="cp-label">Media</span>
            <MediaToolbar
              variant="boxes"
              media={form.media}
              onAdd={addMedia}
              onRemove={(index) => setForm((f) => ({ ...f, media: withoutMedia(f.media, index) }))}
              uploading={uploading}
              onUploading={setUploading}
            />
          </div>

          <fieldset className="cp-when">
            <legend>When</legend>
            <div className="cp-when-options">
              <label className="cp-radio">
                <input type="radio" name="scheduleType" value="now" checked={!scheduled} onChange={() => set({ scheduleType: "now" })} />
                <span>Post now</span>
              </label>
              <label className="cp-radio">
                <input type="radio" name="scheduleType" value="schedule" checked={scheduled} onChange={() => set({ scheduleType: "schedule" })} />
                <span>Schedule for later</span>
              </label>
            </div>
            {scheduled && (
              <div className="cp-datetime">
                <div className="field">
                  <label htmlFor="cp-date">Date</label>
                  <input id="cp-date" className="input" type="date" min={today} value={form.scheduleDate} onChange={(e) => set({ scheduleDate: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor="cp-time">Time</label>
                  <input id="cp-time" className="input" type="time" value={form.scheduleTime} onChange={(e) => set({ scheduleTime: e.target.value })} />
                </div>
              </div>
            )}
          </fieldset>

          {refusal && (
            <p className="field-error" role="alert" data-testid="cp-refusal">
              {refusal}
            </p>
          )}
          <div className="ui-dialog-actions">
            <button type="button" className="btn btn-outline" onClick={close} disabled={saving}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={saving || uploading !== null}>
              {saving ? "Creating..." : scheduled ? "Schedule Post" : "Post Now"}
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
