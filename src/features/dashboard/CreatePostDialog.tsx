/**
 * The dashboard's Create New Post dialog (spec core §2): the spec's checklist and texts, with the
 * platforms that have no connected account disabled, the counter against the chosen platforms'
 * limits (never above the spec's 280) and a toast that says when a scheduled post goes out.
 * Loaded when the Create Post button is first pressed (DashboardActions.tsx).
 */
import { type FormEvent, useState } from "react";
import { PLATFORMS, type PlatformId } from "../../../domain/accounts/platforms";
import { mediaFactsOf, postingProblems } from "../../../domain/publishing/platform-rules";
import { Dialog } from "../../components/ui/Dialog";
import { apiRefusal } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import { toast } from "../../islands/toast/toast-store";
import { PlatformBadge } from "../accounts/platform-badge";
import { MediaToolbar } from "../compose/MediaToolbar";
import {
  characterLimitOf,
  DIALOG_PLATFORMS,
  localScheduledAt,
  POST_PLATFORMS,
  type PostFields,
  validatePost as checkPost,
  viewQueue,
  whenLabel,
  withMedia,
  withoutMedia,
} from "../posts/post-form";
import { refreshDashboard } from "./dashboard-store";

/** The dialog's own maximum (spec core §2: "n/280 characters"). */
export const MAX_CONTENT = 280;
const FAILED = "Failed to create post. Please try again.";

/** The dialog's form: the shared post fields, with platforms instead of accounts, now or later. */
interface FormState extends PostFields {
  platforms: string[];
  scheduleType: "now" | "schedule";
}

const EMPTY: FormState = { platforms: [], content: "", media: [], scheduleType: "now", scheduleDate: "", scheduleTime: "" };

/**
 * The dialog's checks (spec core §5): content between 1 and the limit of the chosen platforms (at
 * most 280), a platform; then what the chosen platforms would refuse (the platform table's rules, as
 * compose and POST /api/posts check them), each naming its platform, under the checklist or the media.
 */
export const validatePost = (form: Pick<FormState, "content" | "platforms" | "media">): Record<string, string> => {
  const errors = checkPost(
    { content: form.content, scheduleDate: "", scheduleTime: "", targets: form.platforms },
    { requireContent: true, maxContent: characterLimitOf(form.platforms, MAX_CONTENT).limit },
  );
  const chosen = PLATFORMS.filter((p) => form.platforms.includes(p.id));
  for (const problem of postingProblems(mediaFactsOf(form.media), chosen)) {
    errors[problem.field] = errors[problem.field] ? `${errors[problem.field]} ${problem.message}` : problem.message;
  }
  return errors;
};

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

/** The checklist: the spec's five, then any other platform with a connected account; the five without one disabled. */
export const platformChoices = (connected: ReadonlyArray<PlatformId>) => [
  ...DIALOG_PLATFORMS.map((p) => ({ ...p, connected: connected.includes(p.id) })),
  ...POST_PLATFORMS.filter((p) => connected.includes(p.id) && !DIALOG_PLATFORMS.some((d) => d.id === p.id)).map((p) => ({
    id: p.id,
    name: p.name,
    connected: true,
  })),
];

export interface CreatePostDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Today in the user's time zone (YYYY-MM-DD): the earliest schedule date. */
  readonly today: string;
  /** The user's time zone: the toast names the time in it. */
  readonly timeZone: string;
  /** Platforms with an active connected account. */
  readonly connected: ReadonlyArray<PlatformId>;
}

export default function CreatePostDialog({ open, onClose, today, timeZone, connected }: CreatePostDialogProps) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  /** Why the server refused the last submit, shown in the dialog instead of a toast. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);

  const { limit, setBy } = characterLimitOf(form.platforms, MAX_CONTENT);
  const errors = submitted ? validatePost(form) : {};
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const togglePlatform = (id: string) =>
    setForm((f) => ({ ...f, platforms: f.platforms.includes(id) ? f.platforms.filter((p) => p !== id) : [...f.platforms, id] }));
  const addMedia = (urls: ReadonlyArray<string>) => setForm((f) => ({ ...f, media: withMedia(f.media, urls) }));

  const close = () => {
    if (saving) return;
    setRefusal(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validatePost(form)).length > 0) return;
    setSaving(true);
    setRefusal(null);
    try {
      const saved = await api.post("/api/posts", { payload: postPayload(form) });
      const scheduledAt = saved?.status === "scheduled" ? saved.scheduledAt : null;
      toast({
        title: "Success",
        description: scheduledAt ? `Post created successfully! Scheduled for ${whenLabel(scheduledAt, timeZone)}.` : "Post created successfully!",
        ...(scheduledAt ? { action: viewQueue } : {}),
      });
      setForm(EMPTY);
      setSubmitted(false);
      onClose();
      void refreshDashboard();
    } catch (error) {
      // One failure, said once: the server's reason in the dialog, or the spec's toast when there is none.
      const reason = apiRefusal(error);
      setRefusal(reason);
      if (reason === null) toast({ title: "Error", description: FAILED, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const choices = platformChoices(connected);
  const scheduled = form.scheduleType === "schedule";
  const length = form.content.length;

  return (
    <Dialog open={open} title="Create New Post" onClose={close}>
      <form className="create-post-form" noValidate onSubmit={submit} aria-label="Create New Post">
        <fieldset
          className="cp-platforms"
          aria-invalid={errors.platforms ? "true" : undefined}
          aria-describedby={errors.platforms ? "cp-platforms-error" : undefined}
        >
          <legend>Platforms</legend>
          <div className="cp-platform-grid">
            {choices.map((p) => (
              <label key={p.id} className={p.connected ? "cp-platform" : "cp-platform cp-platform-off"}>
                <input
                  type="checkbox"
                  name="platforms"
                  value={p.id}
                  checked={form.platforms.includes(p.id)}
                  disabled={!p.connected}
                  onChange={() => togglePlatform(p.id)}
                />
                <PlatformBadge platform={p.id} size="tiny" />
                <span className="cp-platform-name">
                  {p.name}
                  {!p.connected && <small className="muted">Connect an account first</small>}
                </span>
              </label>
            ))}
          </div>
          {choices.every((p) => !p.connected) && (
            <p className="muted cp-none">
              No connected accounts yet. <a href="/app/connect-accounts">Connect an account</a> to post from here.
            </p>
          )}
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
            <span id="cp-counter" data-testid="char-counter" className={length > limit ? "cp-counter over" : "cp-counter muted"}>
              <span className="cp-count">
                {length}/{limit} characters
              </span>
              {setBy && (
                <>
                  {" "}
                  <span className="cp-limit-by">
                    · {setBy.name} allows {setBy.maxCharacters}
                  </span>
                </>
              )}
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
          {errors.media && (
            <p className="field-error" role="alert" data-testid="cp-media-error">
              {errors.media}
            </p>
          )}
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
                <input
                  id="cp-date"
                  className="input"
                  type="date"
                  min={today}
                  value={form.scheduleDate}
                  onChange={(e) => set({ scheduleDate: e.target.value })}
                />
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
  );
}
