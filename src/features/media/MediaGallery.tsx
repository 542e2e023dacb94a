import { type DragEvent, type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useHydrated } from "../../components/ui/use-hydrated";
import { formatDuration, formatFileSize, type MediaLimits } from "../../../domain/media/limits";
import type { Tier } from "../../../domain/plans/catalogue";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorMessage, apiErrorStatus } from "../../lib/api-client";
import { deleteItem, fetchPage, type GalleryQuery, type MediaItem, type MediaPage, partlyUploaded, saveTags, uploadFiles } from "./gallery-api";
import { MediaDialog } from "./MediaDialog";
import { MediaIcon } from "./icons";
import { limitsHint, precheckUpload } from "./precheck";
import type { MediaTypeFilterValue } from "../../../infra/media/schemas";
import "./media-gallery.css";

export type GalleryView = "grid" | "list";

export interface MediaGalleryProps {
  readonly initialPage: MediaPage;
  readonly initialQuery: GalleryQuery;
  readonly initialView: GalleryView;
  readonly pageSize: number;
  readonly tier: Tier;
  readonly limits: MediaLimits;
  /** The user's time zone: dates read the same on the server and in the browser. */
  readonly timeZone: string;
}

/** Spec engagement §8 and §5. */
export const MESSAGES = {
  uploadSuccess: "Upload successful",
  uploadSuccessDescription: "Media files have been uploaded to your gallery",
  uploadFailed: "Upload failed",
  uploadFailedDescription: "Failed to upload media files",
  deleted: "Media deleted",
  deleteFailed: "Delete failed",
  deleteFailedDescription: "Failed to delete media file",
  confirmDelete: "Are you sure you want to delete this media file?",
  empty: "No media files found",
} as const;

const SEARCH_DELAY_MS = 300;
const ACCEPT = "image/*,video/*";

const TYPE_LABELS: Record<MediaTypeFilterValue, string> = { all: "All types", images: "Images", videos: "Videos" };

/** "1.2 MB · 1920 × 1080" or "24.5 MB · 0:42". */
const detailsOf = (item: MediaItem) => {
  const parts = [formatFileSize(item.fileSize)];
  if (item.kind === "video" && item.durationSeconds !== null) parts.push(formatDuration(item.durationSeconds));
  if (item.width && item.height) parts.push(`${item.width} × ${item.height}`);
  return parts.join(" · ");
};

const kindLabel = (item: MediaItem) => (item.kind === "image" ? "Image" : "Video");

/** Writes the filters and view into the address, so a reload or a shared link shows the same. */
const syncAddress = (query: GalleryQuery, view: GalleryView) => {
  const url = new URL(window.location.href);
  for (const [key, value, fallback] of [
    ["q", query.q.trim(), ""],
    ["type", query.type, "all"],
    ["view", view, "grid"],
  ] as const) {
    if (value === fallback) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  window.history.replaceState(window.history.state, "", url);
};

export default function MediaGallery(props: MediaGalleryProps) {
  const { pageSize, tier, limits, timeZone } = props;
  const [items, setItems] = useState<ReadonlyArray<MediaItem>>(props.initialPage.items);
  const [nextCursor, setNextCursor] = useState(props.initialPage.next);
  const [total, setTotal] = useState(props.initialPage.total);
  const [q, setQ] = useState(props.initialQuery.q);
  const [type, setType] = useState<MediaTypeFilterValue>(props.initialQuery.type);
  const [view, setView] = useState<GalleryView>(props.initialView);
  const [loading, setLoading] = useState<"idle" | "replace" | "more">("idle");
  const [loadError, setLoadError] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ count: number; fraction: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [tagging, setTagging] = useState<MediaItem | null>(null);
  const [preview, setPreview] = useState<MediaItem | null>(null);
  const hydrated = useHydrated();

  const fileInput = useRef<HTMLInputElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  const dragDepth = useRef(0);
  const firstFilters = useRef(true);
  const searchId = useId();
  const typeId = useId();
  const hintId = useId();

  const dateFormat = useMemo(() => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }), [timeZone]);
  const query = useMemo<GalleryQuery>(() => ({ q, type }), [q, type]);

  /** The first page for the current filters, replacing the list. */
  const reload = useCallback(
    async (current: GalleryQuery) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setLoading("replace");
      setLoadError(null);
      try {
        const page = await fetchPage(current, null, pageSize, controller.signal);
        setItems(page.items);
        setNextCursor(page.next);
        setTotal(page.total);
      } catch (error) {
        if (controller.signal.aborted) return;
        setLoadError(apiErrorMessage(error, "Could not load your media. Check your connection and try again."));
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setLoading("idle");
        }
      }
    },
    [pageSize],
  );

  const loadMore = useCallback(async () => {
    if (!nextCursor || inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading("more");
    setLoadError(null);
    try {
      const page = await fetchPage(query, nextCursor, pageSize, controller.signal);
      setItems((before) => {
        const known = new Set(before.map((item) => item.id));
        return [...before, ...page.items.filter((item) => !known.has(item.id))];
      });
      setNextCursor(page.next);
      setTotal(page.total);
    } catch (error) {
      if (!controller.signal.aborted) setLoadError(apiErrorMessage(error, "Could not load more media. Try again."));
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading("idle");
      }
    }
  }, [nextCursor, pageSize, query]);

  // Filters: the type at once, typing in the search box once it pauses.
  useEffect(() => {
    if (firstFilters.current) {
      firstFilters.current = false;
      return;
    }
    syncAddress(query, view);
    const timer = window.setTimeout(() => void reload(query), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the view is written with the filters, not a reason to reload
  }, [query, reload]);

  useEffect(() => {
    if (hydrated) syncAddress(query, view);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of view
  }, [view]);

  // Infinite scroll: the next page loads as the end of the list comes into view ("Load more" stays for keyboards).
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !nextCursor || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    }, { rootMargin: "400px 0px" });
    observer.observe(target);
    return () => observer.disconnect();
  }, [nextCursor, loadMore]);

  const startUpload = async (picked: ReadonlyArray<File>) => {
    if (upload) return;
    const checked = precheckUpload(picked, tier, limits);
    if (checked.stop) {
      toast({ title: MESSAGES.uploadFailed, description: checked.stop, variant: "destructive" });
      return;
    }
    const { send } = checked;
    setUpload({ count: send.length, fraction: 0 });
    try {
      const { items, problems } = await uploadFiles(send, (fraction) => setUpload({ count: send.length, fraction })).promise;
      // Files left out here or by the server are named with their reason; the others are in the gallery.
      const left = [...checked.problems, ...problems];
      if (left.length === 0) toast({ title: MESSAGES.uploadSuccess, description: MESSAGES.uploadSuccessDescription });
      else toast(partlyUploaded(items.length, left));
      await reload(query);
    } catch (error) {
      toast({ title: MESSAGES.uploadFailed, description: [apiErrorMessage(error, MESSAGES.uploadFailedDescription), ...checked.problems.map((p) => p.message)].join(" "), variant: "destructive" });
    } finally {
      setUpload(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const onFilesChosen = (event: FormEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    if (files.length > 0) void startUpload(files);
  };

  const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes("Files");
  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = upload ? "none" : "copy";
  };
  const onDragLeave = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    void startUpload([...event.dataTransfer.files]);
  };

  const confirmDelete = async () => {
    const item = toDelete;
    if (!item) return;
    setDeleting(true);
    try {
      await deleteItem(item.id);
      setItems((before) => before.filter((other) => other.id !== item.id));
      setTotal((n) => Math.max(0, n - 1));
      setToDelete(null);
      toast({ title: MESSAGES.deleted });
      // The deleted card had focus: it goes to the results' heading instead of the page's start.
      window.setTimeout(() => resultsHeading.current?.focus(), 0);
    } catch (error) {
      // Already gone (another tab): the list catches up.
      if (apiErrorStatus(error) === 404) {
        setItems((before) => before.filter((other) => other.id !== item.id));
        setToDelete(null);
      }
      toast({ title: MESSAGES.deleteFailed, description: apiErrorMessage(error, MESSAGES.deleteFailedDescription), variant: "destructive" });
    } finally {
      setDeleting(false);
    }
  };

  const onTagsSaved = (saved: MediaItem) => {
    setItems((before) => before.map((item) => (item.id === saved.id ? saved : item)));
    setTagging(null);
  };

  const filtered = q.trim() !== "" || type !== "all";
  const busy = loading === "replace";
  const percent = upload ? Math.round(upload.fraction * 100) : 0;

  return (
    <div
      className={`media-gallery${dragging ? " is-dragging" : ""}`}
      data-testid="media-gallery"
      data-hydrated={hydrated ? "true" : undefined}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <div className="media-toolbar">
        <div className="media-search">
          <label htmlFor={searchId} className="visually-hidden">
            Search media
          </label>
          <MediaIcon name="search" />
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder="Search by name or tag"
            value={q}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => setQ(event.currentTarget.value)}
          />
        </div>
        <div className="media-type">
          <label htmlFor={typeId} className="visually-hidden">
            File type
          </label>
          <select id={typeId} className="select" value={type} onChange={(event) => setType(event.currentTarget.value as MediaTypeFilterValue)}>
            {(Object.keys(TYPE_LABELS) as MediaTypeFilterValue[]).map((value) => (
              <option key={value} value={value}>
                {TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="media-view-toggle" role="group" aria-label="View">
          <button type="button" className="btn btn-outline" aria-pressed={view === "grid"} aria-label="Grid view" title="Grid view" onClick={() => setView("grid")}>
            <MediaIcon name="grid" />
          </button>
          <button type="button" className="btn btn-outline" aria-pressed={view === "list"} aria-label="List view" title="List view" onClick={() => setView("list")}>
            <MediaIcon name="list" />
          </button>
        </div>
        <button
          type="button"
          className="btn btn-primary media-upload-button"
          data-requires="manage_posts"
          disabled={!hydrated || upload !== null}
          aria-describedby={hintId}
          onClick={() => fileInput.current?.click()}
        >
          <MediaIcon name="upload" />
          {upload ? "Uploading..." : "Upload Media"}
        </button>
        <input
          ref={fileInput}
          className="visually-hidden"
          type="file"
          accept={ACCEPT}
          multiple
          tabIndex={-1}
          aria-hidden="true"
          data-testid="media-file-input"
          onChange={onFilesChosen}
        />
      </div>

      <div className={`media-dropzone${dragging ? " is-active" : ""}`} data-testid="media-dropzone">
        {upload ? (
          <div className="media-progress" role="status" data-testid="media-upload-progress">
            <p>
              {upload.fraction < 1
                ? `Uploading ${upload.count} file${upload.count === 1 ? "" : "s"}... ${percent}%`
                : `Processing ${upload.count} file${upload.count === 1 ? "" : "s"}...`}
            </p>
            <progress max={100} value={percent} aria-label="Upload progress" />
          </div>
        ) : (
          <p>
            <MediaIcon name="upload" size={20} />
            <span>
              {dragging ? "Drop the files to upload them" : "Drag and drop images and videos here, or"}{" "}
              {!dragging && (
                <button type="button" className="media-link-button" disabled={!hydrated} onClick={() => fileInput.current?.click()}>
                  choose files
                </button>
              )}
            </span>
          </p>
        )}
        <p id={hintId} className="media-hint muted">
          {limitsHint(limits, formatFileSize)}
        </p>
      </div>

      <section className="media-results" aria-labelledby={`${hintId}-results`} aria-busy={busy}>
        <h2 id={`${hintId}-results`} ref={resultsHeading} tabIndex={-1} className="media-count" aria-live="polite">
          {busy ? "Loading media..." : `${total} ${filtered ? "matching " : ""}file${total === 1 ? "" : "s"}`}
        </h2>
        {loadError && (
          <div className="form-error media-load-error" role="alert">
            {loadError}{" "}
            <button type="button" className="media-link-button" onClick={() => void reload(query)}>
              Try again
            </button>
          </div>
        )}

        {items.length === 0 && !busy ? (
          <div className="media-empty" data-testid="media-empty">
            <span className="media-empty-icon" aria-hidden="true">
              <MediaIcon name="image" size={28} />
            </span>
            <h3>{MESSAGES.empty}</h3>
            <p className="muted">
              {filtered ? "Try another search or file type." : "Upload images and videos to use them in your posts."}
            </p>
            {!filtered && (
              <button type="button" className="btn btn-outline" data-requires="manage_posts" disabled={!hydrated || upload !== null} onClick={() => fileInput.current?.click()}>
                <MediaIcon name="upload" />
                Upload Media
              </button>
            )}
          </div>
        ) : (
          <ul className={view === "grid" ? "media-grid" : "media-list"} data-testid="media-items" data-view={view}>
            {items.map((item) => (
              <li key={item.id} className="media-item" data-testid="media-item" data-media-id={item.id}>
                <button type="button" className="media-thumb" onClick={() => setPreview(item)} aria-label={`Preview ${item.originalName}`}>
                  {item.thumbnailUrl ? (
                    <img src={item.thumbnailUrl} alt="" loading="lazy" decoding="async" width={item.width ?? undefined} height={item.height ?? undefined} />
                  ) : (
                    <span className="media-video-tile">
                      <MediaIcon name="play" size={view === "grid" ? 32 : 20} />
                    </span>
                  )}
                  {item.kind === "video" && item.durationSeconds !== null && view === "grid" && (
                    <span className="media-duration">{formatDuration(item.durationSeconds)}</span>
                  )}
                </button>
                <div className="media-info">
                  <p className="media-name" title={item.originalName}>
                    {item.originalName}
                  </p>
                  <p className="media-meta muted">
                    <span className="badge">{kindLabel(item)}</span> {detailsOf(item)}
                    {view === "list" && <> · {dateFormat.format(new Date(item.uploadedAt))}</>}
                  </p>
                  {item.tags.length > 0 && (
                    <ul className="media-tags" aria-label="Tags">
                      {item.tags.map((tag) => (
                        <li key={tag} className="badge badge-brand">
                          {tag}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <div className="media-actions">
                  <button type="button" className="btn btn-ghost" onClick={() => setTagging(item)} aria-label={`Edit tags of ${item.originalName}`} title="Edit tags" disabled={!hydrated}>
                    <MediaIcon name="tag" />
                  </button>
                  <button type="button" className="btn btn-ghost media-delete" data-requires="manage_posts" onClick={() => setToDelete(item)} aria-label={`Delete ${item.originalName}`} title="Delete" disabled={!hydrated}>
                    <MediaIcon name="trash" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}

        {nextCursor && items.length > 0 && (
          <div ref={sentinel} className="media-more">
            <button type="button" className="btn btn-outline" onClick={() => void loadMore()} disabled={loading !== "idle"}>
              {loading === "more" ? "Loading..." : "Load more"}
            </button>
          </div>
        )}
      </section>

      <MediaDialog open={toDelete !== null} title="Delete media file" onClose={() => !deleting && setToDelete(null)} testId="media-delete-dialog">
        <p>{MESSAGES.confirmDelete}</p>
        <p className="media-dialog-name">{toDelete?.originalName}</p>
        <div className="media-dialog-actions">
          <button type="button" className="btn btn-outline" data-autofocus onClick={() => setToDelete(null)} disabled={deleting}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void confirmDelete()} disabled={deleting}>
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </div>
      </MediaDialog>

      <MediaDialog open={tagging !== null} title="Edit tags" onClose={() => setTagging(null)} testId="media-tags-dialog">
        {tagging && <TagEditor item={tagging} onSaved={onTagsSaved} onCancel={() => setTagging(null)} />}
      </MediaDialog>

      <MediaDialog open={preview !== null} title={preview?.originalName ?? ""} onClose={() => setPreview(null)} wide testId="media-preview-dialog">
        {preview && (
          <div className="media-preview">
            {preview.kind === "image" ? (
              <img src={preview.fileUrl} alt={preview.originalName} />
            ) : (
              <video src={preview.fileUrl} controls preload="metadata" playsInline>
                <track kind="captions" />
              </video>
            )}
            <dl className="media-facts">
              <div>
                <dt>Type</dt>
                <dd>
                  {kindLabel(preview)} ({preview.fileType})
                </dd>
              </div>
              <div>
                <dt>Size</dt>
                <dd>{formatFileSize(preview.fileSize)}</dd>
              </div>
              {preview.width && preview.height ? (
                <div>
                  <dt>Dimensions</dt>
                  <dd>
                    {preview.width} × {preview.height}
                  </dd>
                </div>
              ) : null}
              {preview.durationSeconds !== null && (
                <div>
                  <dt>Duration</dt>
                  <dd>{formatDuration(preview.durationSeconds)}</dd>
                </div>
              )}
              <div>
                <dt>Uploaded</dt>
                <dd>{dateFormat.format(new Date(preview.uploadedAt))}</dd>
              </div>
            </dl>
            <a className="btn btn-outline" href={preview.fileUrl} target="_blank" rel="noopener">
              <MediaIcon name="external" />
              Open original
            </a>
          </div>
        )}
      </MediaDialog>
    </div>
  );
}

/** Tags of one item: remove with a chip's button, add with Enter (a leading # is dropped), then save. */
function TagEditor({ item, onSaved, onCancel }: { readonly item: MediaItem; readonly onSaved: (item: MediaItem) => void; readonly onCancel: () => void }) {
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
            data-autofocus
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
