import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { PlatformId } from "../../../domain/accounts";
import { SCHEDULE_TIMES, suggestTimes } from "../../../domain/publishing/best-times";
import { isVideoAddress } from "../../../domain/media/addresses";
import { MAX_REPEATS } from "../../../domain/publishing/recurrence";
import { QUEUE_ORDER_LABELS, QUEUE_ORDERS, type QueueOrder } from "../../../domain/publishing/timeslots";
import { characterCount } from "../../../domain/publishing/validation";
import { Dialog } from "../../components/ui/Dialog";
import { Menu } from "../../components/ui/Menu";
import { useHydrated } from "../../components/ui/use-hydrated";
import { apiErrorFields, apiErrorMessage, apiFetch } from "../../lib/api-client";
import { toast } from "../../islands/toast/toast-store";
import { CanvaDialog } from "../dashboard/CanvaDialog";
import { type MediaItem, type MediaPage, uploadFiles } from "../media/gallery-api";
import {
  AI_ACTIONS,
  type Action,
  accountsForCategory,
  type ComposeAccount,
  type ComposeCategory,
  driveVideoUrl,
  emptyForm,
  type FormState,
  formFromPost,
  type LoadedPost,
  ORDINALS,
  postPayload,
  selectedPlatforms,
  threadOf,
  WEEKDAY_BUTTONS,
  WEEKDAY_NAMES,
} from "./compose-model";
import { PlatformOptionsPanel } from "./PlatformOptionsPanel";
import {
  applyFont,
  applyFormat,
  changeSelection,
  EMOJIS,
  FONT_STYLES,
  type FontStyle,
  frequentHashtags,
  insertAtCaret,
  type Selection,
  TEXT_FORMATS,
  type TextFormat,
  toPlain,
} from "./text-tools";
import "./compose.css";

interface Props {
  /** Null when the accounts could not be read: the screen says so instead of offering none. */
  readonly accounts: ReadonlyArray<ComposeAccount> | null;
  readonly platforms: ReadonlyArray<{ readonly id: string; readonly name: string; readonly maxCharacters: number }>;
  readonly timeZones: ReadonlyArray<{ readonly id: string; readonly label: string }>;
  readonly timeZone: string;
  readonly today: string;
  readonly initialDate: string;
  readonly postId: string | null;
}

const MAX_MEDIA = 10;
const FAILED = "Failed to create post";

/** What each upload entry of the toolbar accepts, and what it says about other files (spec core §5). */
const UPLOADS = {
  image: { accept: "image/*", matches: (type: string) => type.startsWith("image/"), refusal: "Please select image files only", done: "Files uploaded" },
  video: { accept: "video/*", matches: (type: string) => type.startsWith("video/"), refusal: "Please select video files only", done: "Videos uploaded" },
  gif: { accept: "image/gif", matches: (type: string) => type === "image/gif", refusal: "Please select GIF files only", done: "Files uploaded" },
} as const;
type UploadKind = keyof typeof UPLOADS;

/** An online video editor (spec core §2: "Create or edit videos" opens one in a new tab). */
const VIDEO_EDITOR_URL = "https://www.canva.com/video-editor/";

const whenLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(iso));

export default function Compose({ accounts: loadedAccounts, platforms, timeZones, timeZone, today, initialDate, postId }: Props) {
  const accounts = loadedAccounts ?? [];
  const hydrated = useHydrated();
  const [form, setForm] = useState<FormState>(() => emptyForm(timeZone, initialDate));
  const [categories, setCategories] = useState<ReadonlyArray<ComposeCategory>>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState<Action | null>(null);
  const [enhancing, setEnhancing] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [gallery, setGallery] = useState<ReadonlyArray<MediaItem> | null>(null);
  const [driveOpen, setDriveOpen] = useState(false);
  const [driveUrl, setDriveUrl] = useState("");
  const [editing, setEditing] = useState<LoadedPost | null>(null);
  const [canvaOpen, setCanvaOpen] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [recentTags, setRecentTags] = useState<ReadonlyArray<string> | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const pendingSelection = useRef<Selection | null>(null);
  /** Which upload entry opened the file picker: its files are checked against it. */
  const uploadKind = useRef<UploadKind>("image");

  const names = useMemo(() => Object.fromEntries(platforms.map((p) => [p.id, p.name])), [platforms]);
  const limits = useMemo(() => Object.fromEntries(platforms.map((p) => [p.id, p.maxCharacters])), [platforms]);
  const category = categories.find((c) => c.id === form.categoryId);
  const offered = accountsForCategory(accounts, category);
  const chosenPlatforms: PlatformId[] = selectedPlatforms(accounts, form.accountIds);
  const count = characterCount(form.content);
  const suggestions = form.autoOptimize ? suggestTimes(chosenPlatforms) : [];
  const hasAccount = form.accountIds.length > 0;

  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));

  // Text tools change the text, then put the selection back where the person was working.
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !textArea.current) return;
    pendingSelection.current = null;
    textArea.current.focus();
    textArea.current.setSelectionRange(selection.start, selection.end);
  }, [form.content]);

  const selectionOf = (): Selection => {
    const area = textArea.current;
    return area ? { start: area.selectionStart, end: area.selectionEnd } : { start: form.content.length, end: form.content.length };
  };

  const editText = (result: { text: string; selection: Selection }) => {
    pendingSelection.current = result.selection;
    set({ content: result.text });
  };

  const insertText = (text: string, spaced = false) => editText(insertAtCaret(form.content, selectionOf(), text, spaced));

  const restyle = (change: (part: string) => string, title: string, description: string) => {
    if (form.content === "") {
      toast({ title: "No text yet", description: "Write something first, then select the part to change.", variant: "destructive" });
      return;
    }
    editText(changeSelection(form.content, selectionOf(), change));
    toast({ title, description });
  };

  const font = (style: FontStyle, label: string) => restyle((part) => applyFont(part, style), "Font Applied", `${label} applied to your text.`);
  const format = (format: TextFormat, label: string) => restyle((part) => applyFormat(part, format), "Text Formatted", `${label} applied to your text.`);

  const loadHashtags = () => {
    if (recentTags !== null) return;
    apiFetch<Array<{ content: string }>>("/api/posts?limit=100")
      .then((posts) => setRecentTags(frequentHashtags(posts.map((p) => p.content))))
      .catch(() => setRecentTags([]));
  };

  const pick = (kind: UploadKind) => {
    const input = fileInput.current;
    if (!input) return;
    uploadKind.current = kind;
    input.accept = UPLOADS[kind].accept;
    input.click();
  };

  useEffect(() => {
    apiFetch<ComposeCategory[]>("/api/categories")
      .then((list) => setCategories(list.map((c) => ({ id: c.id, name: c.name, platforms: c.platforms ?? [] }))))
      .catch(() => setCategories([]));
  }, []);

  useEffect(() => {
    if (!postId) return;
    apiFetch<LoadedPost>(`/api/posts/${encodeURIComponent(postId)}`)
      .then((post) => {
        setEditing(post);
        setForm(formFromPost(post, timeZone));
      })
      .catch((error) => toast({ title: "Error", description: apiErrorMessage(error, "Could not load the post."), variant: "destructive" }));
  }, [postId, timeZone]);

  const chooseCategory = (id: string) => set({ categoryId: id, accountIds: [] });
  const toggleAccount = (id: string) =>
    setForm((f) => ({ ...f, accountIds: f.accountIds.includes(id) ? f.accountIds.filter((a) => a !== id) : [...f.accountIds, id] }));
  const addMedia = (urls: ReadonlyArray<string>) => setForm((f) => ({ ...f, media: [...f.media, ...urls.filter((u) => !f.media.includes(u))].slice(0, MAX_MEDIA) }));
  const setOption = (platform: PlatformId, key: string, value: unknown) =>
    setForm((f) => ({ ...f, options: { ...f.options, [platform]: { ...f.options[platform], [key]: value } } }));

  const attachUploads = async (files: ReadonlyArray<File>, done: string) => {
    setUploading(0);
    try {
      const { items } = await uploadFiles([...files], (fraction) => setUploading(Math.round(fraction * 100))).promise;
      addMedia(items.map((i) => i.fileUrl));
      toast({ title: done, description: `${items.length} file${items.length === 1 ? "" : "s"} added to the post.` });
    } catch (error) {
      toast({ title: "Upload failed", description: apiErrorMessage(error, "Failed to upload media"), variant: "destructive" });
    } finally {
      setUploading(null);
    }
  };

  const onFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = "";
    if (files.length === 0) return;
    const upload = UPLOADS[uploadKind.current];
    if (files.some((file) => !upload.matches(file.type))) {
      toast({ title: "Invalid file type", description: upload.refusal, variant: "destructive" });
      return;
    }
    await attachUploads(files, upload.done);
  };

  /** Dropped files may mix images and videos: each is checked by its own kind. */
  const onDroppedFiles = async (list: FileList) => {
    const files = Array.from(list);
    if (files.some((file) => !UPLOADS.image.matches(file.type) && !UPLOADS.video.matches(file.type))) {
      toast({ title: "Invalid file type", description: "Please select image or video files only", variant: "destructive" });
      return;
    }
    await attachUploads(files, files.every((file) => UPLOADS.video.matches(file.type)) ? UPLOADS.video.done : UPLOADS.image.done);
  };

  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(form.content);
      toast({ title: "Copied", description: "The post's text is on your clipboard." });
    } catch {
      toast({ title: "Could not copy", description: "Your browser did not allow copying. Select the text and copy it instead.", variant: "destructive" });
    }
  };

  const openGallery = async () => {
    setGalleryOpen(true);
    setGallery(null);
    try {
      const page = await apiFetch<MediaPage>("/api/media?limit=100");
      setGallery(page.items);
    } catch (error) {
      setGallery([]);
      toast({ title: "Error", description: apiErrorMessage(error, "Could not load your media."), variant: "destructive" });
    }
  };

  const addDrive = () => {
    const result = driveVideoUrl(driveUrl);
    if (!result.ok) {
      toast({ title: result.title, description: result.description, variant: "destructive" });
      return;
    }
    addMedia([result.url]);
    setDriveUrl("");
    setDriveOpen(false);
    toast({ title: "Video Added", description: "The Google Drive video was added to the post." });
  };

  const generateImage = async () => {
    if (form.content.trim() === "") {
      toast({ title: "Content Required", description: "Please enter post content to generate an image", variant: "destructive" });
      return;
    }
    setGenerating(true);
    try {
      const result = await apiFetch<{ url?: string }>("/api/ai/generate-image", { method: "POST", body: { prompt: form.content, style: "social media post" } });
      if (typeof result?.url !== "string" || result.url === "") throw new Error("no image");
      addMedia([result.url]);
      toast({ title: "Image Generated", description: "The image was added to the post." });
    } catch {
      toast({ title: "Generation Failed", description: "Could not generate image. Please try again.", variant: "destructive" });
    } finally {
      setGenerating(false);
    }
  };

  const chooseDateAndTime = () => {
    set({ scheduleType: form.scheduleType === "recurring" ? "recurring" : "schedule" });
    requestAnimationFrame(() => dateInput.current?.focus());
  };

  const enhance = async (action: string) => {
    if (form.content.trim() === "") {
      toast({ title: "No content to enhance", description: "Please enter some content first", variant: "destructive" });
      return;
    }
    setEnhancing(action);
    try {
      const result = await apiFetch<{ enhancedContent?: string }>("/api/ai/enhance-content", {
        method: "POST",
        body: { content: form.content, action, platforms: chosenPlatforms },
      });
      if (typeof result?.enhancedContent !== "string") throw new Error("no content");
      set({ content: result.enhancedContent });
      toast({ title: "Content Enhanced", description: "Your post was updated." });
    } catch {
      toast({ title: "Enhancement Failed", description: "Could not enhance content. Please try again.", variant: "destructive" });
    } finally {
      setEnhancing(null);
    }
  };

  const submit = async (action: Action) => {
    if (!hasAccount) {
      setErrors({ platforms: "Select at least one platform" });
      return;
    }
    if (action === "schedule" && (!form.scheduleDate || !form.scheduleTime)) {
      setErrors({ scheduledAt: "Choose a date and a time." });
      return;
    }
    setErrors({});
    setSaving(action);
    try {
      const payload = postPayload(action === "schedule" && form.scheduleType === "now" ? { ...form, scheduleType: "schedule" } : form, accounts, action);
      const saved = editing
        ? await apiFetch<{ scheduledAt: string | null }>(`/api/posts/${encodeURIComponent(editing.id)}`, { method: "PUT", body: payload })
        : await apiFetch<{ scheduledAt: string | null }>("/api/posts", { method: "POST", body: payload });
      toast({
        title: editing ? "Post updated" : "Post created",
        description:
          action === "now"
            ? "Your post is being published."
            : action === "timeslot" && saved?.scheduledAt
              ? `Added to the next timeslot: ${whenLabel(saved.scheduledAt, form.timeZone)}.`
              : action === "draft"
                ? "Your post was saved to drafts."
                : "Your post is scheduled.",
      });
      if (!editing) setForm(emptyForm(timeZone, ""));
    } catch (error) {
      const fields = apiErrorFields(error);
      setErrors(fields);
      toast({ title: "Error", description: apiErrorMessage(error, FAILED), variant: "destructive" });
    } finally {
      setSaving(null);
    }
  };

  const busy = saving !== null || uploading !== null || !hydrated;
  const full = form.media.length >= MAX_MEDIA;

  return (
    <div className="compose" data-testid="compose" data-hydrated={hydrated ? "true" : "false"}>
      <div className="compose-main">
        <header className="compose-head">
          <h1>{editing ? "Edit Post" : "Create Post"}</h1>
        </header>

        <section className="card compose-card">
          <div className="field">
            <label htmlFor="compose-category">Category</label>
            <select id="compose-category" className="select" value={form.categoryId} disabled={!hydrated} onChange={(e) => chooseCategory(e.target.value)}>
              <option value="">All accounts</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>

          <fieldset className="compose-accounts" aria-invalid={errors.platforms ? "true" : undefined} aria-describedby={errors.platforms ? "compose-platforms-error" : undefined}>
            <legend>Accounts</legend>
            {loadedAccounts === null ? (
              <div className="compose-accounts-error" role="alert" data-testid="accounts-error">
                <p>We could not load your connected accounts. Nothing you wrote is lost.</p>
                <button type="button" className="btn btn-outline btn-sm" onClick={() => window.location.reload()}>
                  Try again
                </button>
              </div>
            ) : offered.length === 0 ? (
              <p className="muted" data-testid="no-accounts">
                {accounts.length === 0 ? (
                  <>
                    No connected accounts yet. <a href="/app/connect-accounts">Connect an account</a> to start posting.
                  </>
                ) : (
                  "No connected accounts match this category."
                )}
              </p>
            ) : (
              <div className="compose-account-grid" data-testid="account-list">
                {offered.map((a) => (
                  <label key={a.id} className="compose-account" data-platform={a.platform}>
                    <input type="checkbox" checked={form.accountIds.includes(a.id)} disabled={!hydrated} onChange={() => toggleAccount(a.id)} />
                    <span className="compose-account-name">{a.accountName}</span>
                    <span className="muted">{names[a.platform] ?? a.platform}</span>
                    {a.sandbox && <span className="badge">Sandbox</span>}
                  </label>
                ))}
              </div>
            )}
            {errors.platforms && (
              <p id="compose-platforms-error" className="field-error" role="alert">
                {errors.platforms}
              </p>
            )}
          </fieldset>

          <div className="field">
            <label htmlFor="compose-content">Description</label>
            <textarea
              ref={textArea}
              id="compose-content"
              className="textarea compose-content"
              rows={7}
              placeholder="What would you like to share?"
              value={form.content}
              aria-invalid={errors.content ? "true" : undefined}
              onChange={(e) => set({ content: e.target.value })}
            />
            {errors.content && (
              <p className="field-error" role="alert">
                {errors.content}
              </p>
            )}
            <ul className="compose-counters" aria-label="Characters per platform" data-testid="char-counters">
              {chosenPlatforms.map((p) => {
                const max = limits[p] ?? 0;
                return (
                  <li key={p} data-testid={`counter-${p}`} data-over={count > max ? "true" : "false"} className={count > max ? "compose-counter over" : "compose-counter"}>
                    {names[p] ?? p}: {count}/{max}
                  </li>
                );
              })}
            </ul>
            <div className="compose-ai" role="group" aria-label="AI assistant">
              {AI_ACTIONS.map((a) => (
                <button key={a.id} type="button" className="btn btn-outline btn-sm" disabled={!hydrated || enhancing !== null} onClick={() => void enhance(a.id)}>
                  {enhancing === a.id ? "Working…" : a.label}
                </button>
              ))}
            </div>
          </div>

          <div className="field">
            <span className="compose-label" id="compose-media-label">Media</span>
            <div
              className={`compose-media-drop${dragging ? " compose-media-dragging" : ""}`}
              data-testid="media-drop"
              onDragOver={(e) => {
                if (!hydrated || !e.dataTransfer.types.includes("Files")) return;
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                if (!e.dataTransfer.files.length) return;
                e.preventDefault();
                setDragging(false);
                void onDroppedFiles(e.dataTransfer.files);
              }}
            >
              <input ref={fileInput} type="file" multiple hidden data-testid="media-input" onChange={(e) => void onFiles(e.target.files)} />
              <div className="compose-toolbar" role="toolbar" aria-labelledby="compose-media-label">
                <Menu
                  label="Image"
                  disabled={busy || full}
                  items={[
                    { label: "Upload Image", onSelect: () => pick("image") },
                    { label: "Select from Media Gallery", onSelect: () => void openGallery() },
                    { label: "Import from Canva", onSelect: () => setCanvaOpen(true) },
                    { label: "Stock images", disabled: true, hint: "No stock photo library is connected to this workspace." },
                    { label: generating ? "Generating image…" : "Create AI-Generated Image", disabled: generating, onSelect: () => void generateImage() },
                  ]}
                />
                <Menu
                  label="Video"
                  disabled={busy || full}
                  items={[
                    { label: "Add Video", onSelect: () => pick("video") },
                    { label: "Google Drive video URL", onSelect: () => setDriveOpen(true) },
                    { label: "Create or edit videos", href: VIDEO_EDITOR_URL, external: true, hint: "Opens an online video editor in a new tab." },
                  ]}
                />
                <Menu
                  label="GIF"
                  disabled={busy || full}
                  items={[
                    { label: "Search GIF", disabled: true, hint: "No GIF library is connected to this workspace." },
                    { label: "Upload from computer", onSelect: () => pick("gif") },
                  ]}
                />
                <Menu label="Emoji" disabled={!hydrated} items={[]}>
                  {(close) => (
                    <div className="compose-emoji-grid">
                      {EMOJIS.map((emoji) => (
                        <button
                          key={emoji.char}
                          type="button"
                          className="compose-emoji"
                          aria-label={emoji.name}
                          title={emoji.name}
                          onClick={() => {
                            close();
                            insertText(emoji.char);
                          }}
                        >
                          {emoji.char}
                        </button>
                      ))}
                    </div>
                  )}
                </Menu>
                <Menu
                  label="Hashtag"
                  disabled={!hydrated}
                  onOpen={loadHashtags}
                  items={[
                    { label: "Insert #", hint: "Start a hashtag at the cursor.", onSelect: () => insertText("#", true) },
                    ...(recentTags === null
                      ? [{ label: "Loading your hashtags…", disabled: true }]
                      : recentTags.length === 0
                        ? [{ label: "No hashtags in your posts yet", disabled: true }]
                        : recentTags.map((tag) => ({ label: tag, hint: "Used in your posts", onSelect: () => insertText(tag, true) }))),
                  ]}
                />
                <Menu
                  label="Font"
                  disabled={!hydrated}
                  items={[
                    ...FONT_STYLES.map((f) => ({ label: f.name, hint: f.sample, onSelect: () => font(f.id, f.name) })),
                    { label: "Normal", hint: "Plain letters again", onSelect: () => restyle(toPlain, "Font Applied", "Normal letters again.") },
                  ]}
                />
                <Menu label="Format" disabled={!hydrated} items={TEXT_FORMATS.map((f) => ({ label: f.label, onSelect: () => format(f.id, f.label) }))} />
                <Menu
                  label="More"
                  disabled={!hydrated}
                  items={[
                    { label: "Copy text", disabled: form.content === "", onSelect: () => void copyText() },
                    { label: "Remove all media", disabled: form.media.length === 0, onSelect: () => set({ media: [] }) },
                    { label: "Clear text", disabled: form.content === "", onSelect: () => set({ content: "" }) },
                  ]}
                />
              </div>
              <p className="muted compose-drop-hint">
                {uploading !== null ? `Uploading… ${uploading}%` : full ? `A post takes at most ${MAX_MEDIA} files.` : "Drop images or videos here, or use the Image, Video and GIF menus."}
              </p>
            </div>
            {form.media.length > 0 && (
              <ul className="compose-thumbs" aria-label="Attached media" data-testid="attached-media">
                {form.media.map((url, i) => (
                  <li key={`${url}-${i}`} className="compose-thumb">
                    {isVideoAddress(url) ? <span className="compose-thumb-video">Video</span> : <img src={url} alt={`Attachment ${i + 1}`} />}
                    <button type="button" className="compose-thumb-remove" aria-label={`Remove attachment ${i + 1}`} onClick={() => set({ media: form.media.filter((_, j) => j !== i) })}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <PlatformOptionsPanel platforms={chosenPlatforms} names={names} options={form.options} onChange={setOption} />

        {hasAccount && (
          <section className="card compose-card" data-testid="scheduling" aria-labelledby="compose-scheduling-title">
            <h2 id="compose-scheduling-title">Post Scheduling</h2>
            <div className="compose-radios" role="radiogroup" aria-label="When to post">
              {(["now", "schedule", "recurring"] as const).map((t) => (
                <label key={t} className="compose-check">
                  <input type="radio" name="scheduleType" value={t} checked={form.scheduleType === t} onChange={() => set({ scheduleType: t, repeat: t === "recurring" ? true : form.repeat })} />
                  <span>{t === "now" ? "Post now" : t === "schedule" ? "Schedule" : "Recurring"}</span>
                </label>
              ))}
            </div>

            {form.scheduleType !== "now" && (
              <div className="compose-when">
                <div className="field">
                  <label htmlFor="compose-date">Date</label>
                  <input ref={dateInput} id="compose-date" className="input" type="date" min={today} value={form.scheduleDate} onChange={(e) => set({ scheduleDate: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor="compose-time">Time</label>
                  <select id="compose-time" className="select" value={form.scheduleTime} onChange={(e) => set({ scheduleTime: e.target.value })}>
                    <option value="">Choose a time</option>
                    {SCHEDULE_TIMES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="compose-zone">Time zone</label>
                  <select id="compose-zone" className="select" value={form.timeZone} onChange={(e) => set({ timeZone: e.target.value })}>
                    {timeZones.map((z) => (
                      <option key={z.id} value={z.id}>
                        {z.label}
                      </option>
                    ))}
                  </select>
                </div>
                {errors.scheduledAt && (
                  <p className="field-error compose-wide" role="alert">
                    {errors.scheduledAt}
                  </p>
                )}
                <label className="compose-check compose-wide">
                  <input type="checkbox" checked={form.autoOptimize} onChange={(e) => set({ autoOptimize: e.target.checked })} />
                  <span>Auto-optimize posting time</span>
                </label>
                {suggestions.length > 0 && (
                  <div className="compose-suggest compose-wide" role="group" aria-label="Suggested times" data-testid="suggested-times">
                    <span className="muted">Suggested:</span>
                    {suggestions.map((t) => (
                      <button key={t} type="button" className={form.scheduleTime === t ? "btn btn-primary btn-sm" : "btn btn-outline btn-sm"} aria-pressed={form.scheduleTime === t} onClick={() => set({ scheduleTime: t })}>
                        {t}
                      </button>
                    ))}
                  </div>
                )}
              </div>
            )}

            <div className="field compose-queue-order">
              <label htmlFor="compose-queue-order">Queue order</label>
              <select id="compose-queue-order" className="select" value={form.queueOrder} aria-describedby="compose-queue-order-hint" onChange={(e) => set({ queueOrder: e.target.value as QueueOrder })}>
                {QUEUE_ORDERS.map((order) => (
                  <option key={order} value={order}>
                    {QUEUE_ORDER_LABELS[order]}
                  </option>
                ))}
              </select>
              <p id="compose-queue-order-hint" className="muted">How Schedule Options › Add to Timeslot picks the time.</p>
            </div>

            <fieldset className="compose-repeat">
              <legend>Repeat this post?</legend>
              <label className="compose-check">
                <input type="checkbox" checked={form.repeat || form.scheduleType === "recurring"} disabled={form.scheduleType === "recurring"} onChange={(e) => set({ repeat: e.target.checked, scheduleType: e.target.checked && form.scheduleType === "now" ? "schedule" : form.scheduleType })} />
                <span>Repeat</span>
              </label>
              {(form.repeat || form.scheduleType === "recurring") && (
                <div className="compose-repeat-body">
                  <div className="field">
                    <label htmlFor="compose-interval">Repeats</label>
                    <select id="compose-interval" className="select" value={form.recurringType} onChange={(e) => set({ recurringType: e.target.value as FormState["recurringType"] })}>
                      <option value="daily">Daily</option>
                      <option value="weekly">Weekly</option>
                      <option value="monthly">Monthly</option>
                    </select>
                  </div>
                  {form.recurringType === "weekly" && (
                    <div className="compose-weekdays" role="group" aria-label="Days of the week">
                      {WEEKDAY_BUTTONS.map((d) => {
                        const on = form.recurringDays.includes(d.value);
                        return (
                          <button
                            key={d.value}
                            type="button"
                            className={on ? "btn btn-primary btn-sm" : "btn btn-outline btn-sm"}
                            aria-pressed={on}
                            onClick={() => set({ recurringDays: on ? form.recurringDays.filter((v) => v !== d.value) : [...form.recurringDays, d.value] })}
                          >
                            {d.label}
                          </button>
                        );
                      })}
                    </div>
                  )}
                  {form.recurringType === "monthly" && (
                    <div className="compose-when">
                      <div className="field">
                        <label htmlFor="compose-ordinal">On the</label>
                        <select id="compose-ordinal" className="select" value={form.recurringDay} onChange={(e) => set({ recurringDay: e.target.value as FormState["recurringDay"] })}>
                          {ORDINALS.map((o) => (
                            <option key={o} value={o}>
                              {o}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="field">
                        <label htmlFor="compose-weekday">Weekday</label>
                        <select id="compose-weekday" className="select" value={form.recurringDayOfWeek} onChange={(e) => set({ recurringDayOfWeek: e.target.value as FormState["recurringDayOfWeek"] })}>
                          {WEEKDAY_NAMES.map((w) => (
                            <option key={w} value={w}>
                              {w}
                            </option>
                          ))}
                        </select>
                      </div>
                    </div>
                  )}
                  <div className="compose-when">
                    <div className="field">
                      <label htmlFor="compose-end">Ends</label>
                      <select id="compose-end" className="select" value={form.endType} onChange={(e) => set({ endType: e.target.value as FormState["endType"] })}>
                        <option value="after">After a number of posts</option>
                        <option value="on">On a date</option>
                      </select>
                    </div>
                    {form.endType === "after" ? (
                      <div className="field">
                        <label htmlFor="compose-count">Occurrences</label>
                        <input
                          id="compose-count"
                          className="input"
                          type="number"
                          min={1}
                          max={MAX_REPEATS}
                          value={form.recurringCount}
                          onChange={(e) => set({ recurringCount: Math.min(MAX_REPEATS, Math.max(1, Number(e.target.value) || 1)) })}
                        />
                      </div>
                    ) : (
                      <div className="field">
                        <label htmlFor="compose-end-date">End date</label>
                        <input id="compose-end-date" className="input" type="date" min={form.scheduleDate || today} value={form.recurringEnd} onChange={(e) => set({ recurringEnd: e.target.value })} />
                      </div>
                    )}
                  </div>
                </div>
              )}
            </fieldset>
          </section>
        )}

        <div className="compose-actions">
          <button type="button" className="btn btn-primary" disabled={busy || !hasAccount} onClick={() => void submit("now")}>
            {saving === "now" ? "Posting…" : "Post Now"}
          </button>
          <button type="button" className="btn btn-accent" disabled={busy || !hasAccount} onClick={() => void submit("schedule")}>
            {saving === "schedule" ? "Scheduling…" : "Schedule"}
          </button>
          <Menu
            label={saving === "timeslot" ? "Adding…" : "Schedule Options"}
            disabled={busy || !hasAccount}
            className="compose-schedule-options"
            items={[
              { label: "Add to Timeslot", hint: "The next free best time of these accounts.", onSelect: () => void submit("timeslot") },
              { label: "Choose date & time", onSelect: chooseDateAndTime },
            ]}
          />
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void submit("draft")}>
            {saving === "draft" ? "Saving…" : "Add to Drafts"}
          </button>
        </div>
      </div>

      <aside className="compose-preview" aria-label="Post Preview" data-testid="post-preview">
        <h2>Post Preview</h2>
        {chosenPlatforms.length === 0 ? (
          <p className="muted">Choose an account to see a preview.</p>
        ) : (
          chosenPlatforms.map((p) => {
            const account = accounts.find((a) => a.platform === p && form.accountIds.includes(a.id));
            return (
              <article key={p} className="card compose-preview-card" data-platform={p}>
                <header>
                  <strong>{account?.accountName ?? names[p]}</strong> <span className="muted">{names[p]}</span>
                </header>
                <p className="compose-preview-text">{form.content || <span className="muted">Your text appears here.</span>}</p>
                {form.media[0] && !isVideoAddress(form.media[0]) && <img src={form.media[0]} alt="" className="compose-preview-img" />}
                {p === "twitter" && threadOf(form.options).length > 0 && (
                  <ol className="compose-preview-thread" aria-label="Thread">
                    {threadOf(form.options).map((part, i) => (
                      <li key={i} className="compose-preview-text">{part}</li>
                    ))}
                  </ol>
                )}
              </article>
            );
          })
        )}
      </aside>

      <Dialog open={galleryOpen} title="Select from Media Gallery" onClose={() => setGalleryOpen(false)}>
        {gallery === null ? (
          <p className="muted">Loading…</p>
        ) : gallery.length === 0 ? (
          <p className="muted" data-testid="gallery-empty">
            No media files found. Upload some files to your Media Gallery first.
          </p>
        ) : (
          <ul className="compose-gallery">
            {gallery.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="compose-gallery-item"
                  onClick={() => {
                    addMedia([item.fileUrl]);
                    setGalleryOpen(false);
                    toast({ title: "Image Selected", description: "The file was added to the post." });
                  }}
                >
                  {isVideoAddress(item.fileUrl) ? <span className="compose-thumb-video">Video</span> : <img src={item.thumbnailUrl ?? item.fileUrl} alt={item.originalName} />}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>

      <CanvaDialog
        open={canvaOpen}
        onClose={() => setCanvaOpen(false)}
        onDesign={(url) => {
          addMedia([url]);
          setCanvaOpen(false);
          toast({ title: "Design Imported", description: "Your Canva design has been added to the post!" });
        }}
      />

      <Dialog open={driveOpen} title="Add a Google Drive video" onClose={() => setDriveOpen(false)}>
        <div className="field">
          <label htmlFor="compose-drive">Google Drive video URL</label>
          <input id="compose-drive" className="input" value={driveUrl} placeholder="https://drive.google.com/file/d/…/view" onChange={(e) => setDriveUrl(e.target.value)} />
        </div>
        <div className="ui-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={() => setDriveOpen(false)}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={addDrive}>
            Add Video
          </button>
        </div>
      </Dialog>
    </div>
  );
}
