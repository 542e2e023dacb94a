import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import type { PlatformId } from "../../../domain/accounts";
import { addHashtag, checkTemplateFields, TEMPLATE_MESSAGES, TEMPLATE_MEDIA_MAX, TEMPLATE_NAME_MAX } from "../../../domain/content-templates/rules";
import type { ContentTemplate } from "../../../infra/content-templates/ContentTemplates";
import { Field } from "../../components/forms/Field";
import { Dialog } from "../../components/ui/Dialog";
import { DisabledReason, describedBy } from "../../components/ui/DisabledReason";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorCode, apiErrorFields, apiErrorMessage } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import { PlatformBadge } from "../accounts/platform-badge";
import AttachedMedia from "../compose/AttachedMedia";
import { withMedia, withoutMedia } from "../posts/post-media";

/** The media gallery's picker, as compose has it: loaded when first opened. */
const GalleryDialog = lazy(() => import("../compose/MediaDialogs").then((m) => ({ default: m.GalleryDialog })));

export type Editing = { readonly mode: "create" } | { readonly mode: "edit"; readonly template: ContentTemplate };

interface Draft {
  name: string;
  content: string;
  platforms: ReadonlyArray<string>;
  hashtags: ReadonlyArray<string>;
  mediaUrls: ReadonlyArray<string>;
  isPublic: boolean;
}

const draftOf = (editing: Editing): Draft =>
  editing.mode === "edit"
    ? (({ name, content, platforms, hashtags, mediaUrls, isPublic }) => ({ name, content, platforms, hashtags, mediaUrls, isPublic }))(editing.template)
    : { name: "", content: "", platforms: [], hashtags: [], mediaUrls: [], isPublic: false };

interface Props {
  readonly editing: Editing | null;
  /** The platforms of the workspace's active accounts: the targets offered (spec §7). */
  readonly platforms: ReadonlyArray<{ readonly id: PlatformId; readonly name: string }>;
  readonly onClose: () => void;
  readonly onSaved: (template: ContentTemplate) => void;
  /** The template is gone or was changed by someone else: the grid reads the list again. */
  readonly onStale: () => void;
}

/** Create Template / Edit Template (spec engagement §2, §5): name and content required, platforms, hashtags, media, Share with team. */
export function TemplateDialog({ editing, platforms, onClose, onSaved, onStale }: Props) {
  return (
    <Dialog open={editing !== null} title={editing?.mode === "edit" ? "Edit Template" : "Create Template"} onClose={onClose} className="template-dialog">
      {editing && <TemplateForm editing={editing} platforms={platforms} onClose={onClose} onSaved={onSaved} onStale={onStale} />}
    </Dialog>
  );
}

function TemplateForm({ editing, platforms, onClose, onSaved, onStale }: Props & { readonly editing: Editing }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [hashtag, setHashtag] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const contentInput = useRef<HTMLTextAreaElement>(null);
  const creating = editing.mode === "create";
  const mediaFull = draft.mediaUrls.length >= TEMPLATE_MEDIA_MAX;
  // The name first: once the dialog has opened (it focuses its first button when it opens).
  useEffect(() => {
    const frame = requestAnimationFrame(() => nameInput.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A field changed is a field to check again: its old sentence goes.
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  // A template keeps the platforms it names even when their account was disconnected since.
  const offered = [...platforms, ...draft.platforms.filter((p) => !platforms.some((o) => o.id === p)).map((p) => ({ id: p as PlatformId, name: p }))];

  /** Spec §5: Enter adds the tag, with # prepended; an empty or duplicate one is ignored. */
  const addTypedHashtag = (hashtags: ReadonlyArray<string>) => {
    const added = addHashtag(hashtags, hashtag);
    setErrors(({ hashtags: _, ...rest }) => (added.error ? { ...rest, hashtags: added.error } : rest));
    if (!added.error) setHashtag("");
    return added;
  };
  const onHashtagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    set("hashtags", addTypedHashtag(draft.hashtags).hashtags);
  };

  const save = async () => {
    // A tag typed and not yet added goes along.
    const added = hashtag.trim() === "" ? { hashtags: draft.hashtags } : addTypedHashtag(draft.hashtags);
    if (added.error) return;
    const body = { ...draft, hashtags: added.hashtags };
    const checked = checkTemplateFields({ name: body.name, content: body.content });
    if (!checked.ok) {
      setErrors(checked.errors);
      (checked.errors.name ? nameInput : contentInput).current?.focus();
      return;
    }
    setPending(true);
    try {
      const saved = creating
        ? await api.post("/api/content-templates", { payload: body })
        : await api.put("/api/content-templates/:id", { params: { id: editing.template.id }, payload: { ...body, version: editing.template.version } });
      toast(
        creating
          ? { title: "Template Created", description: `"${saved.name}" is ready to use.` }
          : { title: "Template Updated", description: `Your changes to "${saved.name}" have been saved.` },
      );
      onSaved(saved);
    } catch (error) {
      const fields = apiErrorFields(error);
      setErrors(fields);
      const fallback = creating ? TEMPLATE_MESSAGES.createFailed : "Failed to update template. Please try again.";
      // A field's sentence shows under the field; anything else (the plan, a stale copy) is the toast's reason.
      toast({ title: "Error", description: Object.keys(fields).length > 0 ? fallback : apiErrorMessage(error, fallback), variant: "destructive" });
      const code = apiErrorCode(error);
      if (code === "version_conflict" || code === "not_found") onStale();
      setPending(false);
    }
  };

  return (
    <form
      className="template-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field id={`${id}-name`} label="Template name" error={errors.name}>
        <input
          ref={nameInput}
          id={`${id}-name`}
          className="input"
          value={draft.name}
          maxLength={TEMPLATE_NAME_MAX + 20}
          placeholder="e.g. Flu season reminder"
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          onChange={(e) => set("name", e.target.value)}
        />
      </Field>
      <Field id={`${id}-content`} label="Content" error={errors.content}>
        <textarea
          ref={contentInput}
          id={`${id}-content`}
          className="input textarea"
          rows={5}
          value={draft.content}
          placeholder="Write the post this template starts with…"
          aria-invalid={errors.content ? true : undefined}
          onChange={(e) => set("content", e.target.value)}
        />
      </Field>

      <fieldset className="template-fieldset">
        <legend>Platforms</legend>
        {offered.length === 0 ? (
          <p className="muted template-hint">
            No active accounts yet. <a href="/app/connect-accounts">Connect an account</a> to choose its platform.
          </p>
        ) : (
          <div className="template-platform-options">
            {offered.map((platform) => (
              <label key={platform.id} className="template-platform-option">
                <input
                  type="checkbox"
                  checked={draft.platforms.includes(platform.id)}
                  onChange={(e) => set("platforms", e.target.checked ? [...draft.platforms, platform.id] : draft.platforms.filter((p) => p !== platform.id))}
                />
                <PlatformBadge platform={platform.id} size="tiny" />
                <span>{platform.name}</span>
              </label>
            ))}
          </div>
        )}
        {errors.platforms && <p className="field-error">{errors.platforms}</p>}
      </fieldset>

      <Field id={`${id}-hashtag`} label="Hashtags" error={errors.hashtags}>
        <div className="template-hashtag-entry">
          <input
            id={`${id}-hashtag`}
            className="input"
            value={hashtag}
            placeholder="e.g. smile"
            autoComplete="off"
            aria-describedby={`${id}-hashtag-hint`}
            aria-invalid={errors.hashtags ? true : undefined}
            onChange={(e) => setHashtag(e.target.value)}
            onKeyDown={onHashtagKey}
          />
          <button type="button" className="btn btn-outline" onClick={() => set("hashtags", addTypedHashtag(draft.hashtags).hashtags)}>
            Add
          </button>
        </div>
        <span className="muted template-hint" id={`${id}-hashtag-hint`}>
          Press Enter to add one. The # is added for you; a tag already in the list is skipped.
        </span>
        {draft.hashtags.length > 0 && (
          <ul className="template-tags" aria-label="Hashtags of this template">
            {draft.hashtags.map((tag) => (
              <li key={tag} className="template-tag">
                {tag}
                <button
                  type="button"
                  className="template-tag-remove"
                  aria-label={`Remove ${tag}`}
                  onClick={() =>
                    set(
                      "hashtags",
                      draft.hashtags.filter((h) => h !== tag),
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </Field>

      <fieldset className="template-fieldset">
        <legend>Media</legend>
        {draft.mediaUrls.length > 0 && <AttachedMedia media={draft.mediaUrls} onRemove={(index) => set("mediaUrls", withoutMedia(draft.mediaUrls, index))} />}
        <div>
          <button
            type="button"
            className="btn btn-outline"
            disabled={mediaFull}
            {...describedBy({ [`${id}-media-full`]: mediaFull })}
            onClick={() => setGalleryOpen(true)}
          >
            Add from Media Gallery
          </button>
        </div>
        {mediaFull && <DisabledReason id={`${id}-media-full`}>{`A template takes at most ${TEMPLATE_MEDIA_MAX} files. Remove one to add another.`}</DisabledReason>}
        {errors.mediaUrls && <p className="field-error">{errors.mediaUrls}</p>}
      </fieldset>

      <label className="template-share">
        <input type="checkbox" checked={draft.isPublic} onChange={(e) => set("isPublic", e.target.checked)} />
        <span>
          <strong>Share with team</strong>
          <span className="muted template-hint">Everyone in your workspace can see and use it. Unshared, only you see it.</span>
        </span>
      </label>

      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? (creating ? "Creating…" : "Saving…") : creating ? "Create Template" : "Save Changes"}
        </button>
      </div>

      {galleryOpen && (
        <Suspense fallback={null}>
          <GalleryDialog open addedTo="template" onAdd={(urls) => set("mediaUrls", withMedia(draft.mediaUrls, urls))} onClose={() => setGalleryOpen(false)} />
        </Suspense>
      )}
    </form>
  );
}
