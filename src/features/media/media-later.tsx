/**
 * What the media gallery shows only once a file is opened or its tags edited: loaded on demand
 * (media-later-lazy.ts), so the gallery's first paint ships without it.
 */
import { useId, useState } from "react";
import { formatDuration, formatFileSize } from "../../../domain/media/limits";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorMessage } from "../../lib/api-client";
import { type MediaItem, saveTags } from "./gallery-api";
import { MediaIcon } from "./icons";

/** A file at full size with its facts. */
export function MediaPreview({ item, kind, uploaded }: { readonly item: MediaItem; readonly kind: string; readonly uploaded: string }) {
  return (
    <div className="media-preview">
      {item.kind === "image" ? (
        <img src={item.fileUrl} alt={item.originalName} />
      ) : (
        <video src={item.fileUrl} controls preload="metadata" playsInline>
          <track kind="captions" />
        </video>
      )}
      <dl className="media-facts">
        <div>
          <dt>Type</dt>
          <dd>
            {kind} ({item.fileType})
          </dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatFileSize(item.fileSize)}</dd>
        </div>
        {item.width && item.height ? (
          <div>
            <dt>Dimensions</dt>
            <dd>
              {item.width} × {item.height}
            </dd>
          </div>
        ) : null}
        {item.durationSeconds !== null && (
          <div>
            <dt>Duration</dt>
            <dd>{formatDuration(item.durationSeconds)}</dd>
          </div>
        )}
        <div>
          <dt>Uploaded</dt>
          <dd>{uploaded}</dd>
        </div>
      </dl>
      <a className="btn btn-outline" href={item.fileUrl} target="_blank" rel="noopener">
        <MediaIcon name="external" />
        Open original
      </a>
    </div>
  );
}

/** Tags of one item: remove with a chip's button, add with Enter (a leading # is dropped), then save. */
export function TagEditor({
  item,
  onSaved,
  onCancel,
}: {
  readonly item: MediaItem;
  readonly onSaved: (item: MediaItem) => void;
  readonly onCancel: () => void;
}) {
  const [tags, setTags] = useState<ReadonlyArray<string>>(item.tags);
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const inputId = useId();

  const add = () => {
    const tag = draft.replace(/\s+/g, " ").trim().replace(/^#+/, "").trim();
    setDraft("");
    if (tag === "" || tags.some((other) => other.toLowerCase() === tag.toLowerCase())) return;
    setTags([...tags, tag.slice(0, 40)]);
  };

  const save = async () => {
    setSaving(true);
    // A tag typed but not yet added counts.
    const pending = draft.trim().replace(/^#+/, "").trim();
    const all = pending && !tags.some((t) => t.toLowerCase() === pending.toLowerCase()) ? [...tags, pending] : tags;
    try {
      const saved = await saveTags(item.id, all, item.version);
      toast({ title: "Tags saved" });
      onSaved(saved);
    } catch (error) {
      toast({ title: "Could not save tags", description: apiErrorMessage(error, "Failed to save the tags. Please try again."), variant: "destructive" });
      setSaving(false);
    }
  };

  return (
    <form
      className="media-tag-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="muted media-dialog-name">{item.originalName}</p>
      {tags.length > 0 ? (
        <ul className="media-tags" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="badge badge-brand media-tag-chip">
              {tag}
              <button type="button" aria-label={`Remove tag ${tag}`} onClick={() => setTags(tags.filter((t) => t !== tag))}>
                <MediaIcon name="x" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No tags yet.</p>
      )}
      <div className="field">
        <label htmlFor={inputId}>Add a tag</label>
        <div className="media-tag-add">
          <input
            id={inputId}
            className="input"
            value={draft}
            maxLength={40}
            placeholder="e.g. summer sale"
            // The dialog opened before this editor loaded: take the focus it would have given.
            autoFocus
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="btn btn-outline" onClick={add} disabled={draft.trim() === ""}>
            <MediaIcon name="plus" />
            Add
          </button>
        </div>
      </div>
      <div className="media-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save tags"}
        </button>
      </div>
    </form>
  );
}
