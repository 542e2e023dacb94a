import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "../../components/ui/use-hydrated";
import { PLATFORMS } from "../../../domain/accounts/platforms";
import {
  CATEGORY_COLORS,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_MESSAGES,
  CATEGORY_NAME_MAX,
  type CategoryColor,
  DEFAULT_CATEGORY_COLOR,
} from "../../../domain/categories/rules";
import {
  checkEvergreenSettings,
  EVERGREEN_BOUNDS,
  EVERGREEN_DEFAULTS,
  EVERGREEN_UPGRADE_MESSAGE,
  type EvergreenSettings,
} from "../../../domain/categories/evergreen";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorCode, apiErrorFields, apiErrorMessage, shownBesideFields } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import "./categories.css";
import type { Category, Evergreen } from "../../../infra/categories/Categories";

/** A category as GET /api/categories answers it. */
export type CategoryView = Category;

interface Props {
  /** The list as the server rendered it. */
  readonly initial: ReadonlyArray<CategoryView>;
  /** The user's time zone, so server and browser write dates alike. */
  readonly timeZone: string;
  /** The plan has content_recycling: evergreen settings can be changed. */
  readonly canRecycle: boolean;
}

const COLOR_LABELS: Record<CategoryColor, string> = {
  blue: "Blue",
  green: "Green",
  purple: "Purple",
  orange: "Orange",
  red: "Red",
  pink: "Pink",
};

const PLATFORM_NAMES = new Map(PLATFORMS.map((p) => [p.id as string, p.name]));
const PLATFORM_GROUPS = [
  { label: "Social networks", platforms: PLATFORMS.filter((p) => p.category === "social") },
  { label: "Review sites", platforms: PLATFORMS.filter((p) => p.category === "review") },
];

/** The evergreen fields as typed (numbers once checked). */
type EvergreenDraft = { enabled: boolean } & { [K in keyof EvergreenSettings]: string };

interface Draft {
  name: string;
  description: string;
  color: CategoryColor;
  isDefault: boolean;
  platforms: ReadonlyArray<string>;
  evergreen: EvergreenDraft;
}

const evergreenDraftOf = (enabled: boolean, settings: EvergreenSettings): EvergreenDraft => ({
  enabled,
  everyDays: String(settings.everyDays),
  minGapDays: String(settings.minGapDays),
  maxRepeats: String(settings.maxRepeats),
});
const emptyDraft = (): Draft => ({
  name: "",
  description: "",
  color: DEFAULT_CATEGORY_COLOR,
  isDefault: false,
  platforms: [],
  evergreen: evergreenDraftOf(false, EVERGREEN_DEFAULTS),
});
const draftOf = (c: CategoryView): Draft => ({
  name: c.name,
  description: c.description,
  color: c.color,
  isDefault: c.isDefault,
  platforms: c.platforms,
  evergreen: evergreenDraftOf(c.evergreen.enabled, c.evergreen),
});

/** An empty field reads as no number, so the range's sentence shows. */
const typedSettings = (draft: EvergreenDraft): EvergreenSettings => ({
  everyDays: draft.everyDays.trim() === "" ? Number.NaN : Number(draft.everyDays),
  minGapDays: draft.minGapDays.trim() === "" ? Number.NaN : Number(draft.minGapDays),
  maxRepeats: draft.maxRepeats.trim() === "" ? Number.NaN : Number(draft.maxRepeats),
});

const EVERGREEN_FIELDS: ReadonlyArray<{ readonly key: keyof EvergreenSettings; readonly label: string }> = [
  { key: "everyDays", label: "Re-queue a post every (days)" },
  { key: "minGapDays", label: "Days between repeats of a post, at least" },
  { key: "maxRepeats", label: "Repeats per post, at most" },
];

/** The card's line: when the next post is due (paused on a plan without recycling), and the settings in words. */
const evergreenSummary = (evergreen: Evergreen, canRecycle: boolean, formatWhen: (iso: string) => string) => {
  const next = !canRecycle
    ? "Paused: your plan does not include evergreen recycling"
    : !evergreen.nextRepeatAt
      ? "Waiting for a published post with repeats left"
      : new Date(evergreen.nextRepeatAt).getTime() <= Date.now()
        ? "Next repeat: the next free time slot"
        : `Next repeat: ${formatWhen(evergreen.nextRepeatAt)}`;
  return `${next} · every ${evergreen.everyDays} ${evergreen.everyDays === 1 ? "day" : "days"}, up to ${evergreen.maxRepeats} repeats per post, ${evergreen.minGapDays} days apart`;
};

type Editing = { readonly mode: "create" } | { readonly mode: "edit"; readonly category: CategoryView };

/** Client-side checks with the server's messages; the server checks again. */
const checkDraft = (draft: Draft): Record<string, string> => {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  if (name === "") errors.name = CATEGORY_MESSAGES.nameRequired;
  else if (name.length > CATEGORY_NAME_MAX) errors.name = CATEGORY_MESSAGES.nameTooLong;
  if (draft.description.trim().length > CATEGORY_DESCRIPTION_MAX) errors.description = CATEGORY_MESSAGES.descriptionTooLong;
  if (draft.evergreen.enabled) {
    const evergreen = checkEvergreenSettings(typedSettings(draft.evergreen), EVERGREEN_DEFAULTS);
    if (!evergreen.ok) Object.assign(errors, evergreen.errors);
  }
  return errors;
};

/**
 * Content Categories (spec engagement §2): the list, the create/edit dialog and the delete
 * confirmation. Server-rendered with the list, then hydrated (client:load).
 */
export default function CategoriesManager({ initial, timeZone, canRecycle }: Props) {
  const [categories, setCategories] = useState<ReadonlyArray<CategoryView>>(initial);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CategoryView | null>(null);
  const hydrated = useHydrated();
  const returnFocus = useRef<HTMLElement | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setCategories(await api.get("/api/categories"));
      setLoadError(false);
    } catch {
      setLoadError(true);
    } finally {
      setLoading(false);
    }
  }, []);

  const open = (next: Editing) => {
    returnFocus.current = document.activeElement as HTMLElement | null;
    setEditing(next);
  };
  const askDelete = (category: CategoryView) => {
    returnFocus.current = document.activeElement as HTMLElement | null;
    setDeleting(category);
  };
  const closed = () => {
    setEditing(null);
    setDeleting(null);
    // Back to the button that opened the dialog, or to the list's main action when it is gone.
    const target = returnFocus.current?.isConnected ? returnFocus.current : document.querySelector<HTMLElement>("[data-new-category]");
    requestAnimationFrame(() => target?.focus());
  };

  const formatDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone });
  const formatWhen = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });

  return (
    <section className="categories" aria-labelledby="categories-heading" data-testid="categories">
      <div className="categories-toolbar">
        <h2 id="categories-heading">Your categories</h2>
        <button
          type="button"
          className="btn btn-primary"
          data-new-category
          data-requires="manage_posts"
          onClick={() => open({ mode: "create" })}
          disabled={!hydrated}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          New Category
        </button>
      </div>

      {loadError && (
        <div className="form-error categories-error" role="alert">
          <span>Could not load your categories.</span>{" "}
          <button type="button" className="btn btn-outline btn-small" onClick={reload}>
            Try again
          </button>
        </div>
      )}

      {categories.length === 0 ? (
        <div className="card categories-empty" data-testid="categories-empty">
          <p className="categories-empty-title">No categories yet...</p>
          <p className="muted">Create a category to group your posts by theme and to limit which accounts a post can go to.</p>
          <button type="button" className="btn btn-outline" onClick={() => open({ mode: "create" })} disabled={!hydrated}>
            Create your first category
          </button>
        </div>
      ) : (
        <ul className="category-list" aria-busy={loading} data-testid="category-list">
          {categories.map((category) => (
            <li key={category.id} className="card category" data-testid="category" data-category-id={category.id}>
              <span className="swatch" data-color={category.color} aria-hidden="true" />
              <div className="category-body">
                <h3 className="category-name">
                  <span>{category.name}</span>
                  {category.isDefault && <span className="badge badge-brand">Default</span>}
                  {category.evergreen.enabled && (
                    <span className="badge badge-accent" data-testid="evergreen-badge">
                      Evergreen
                    </span>
                  )}
                  <span className="visually-hidden">, {COLOR_LABELS[category.color]}</span>
                </h3>
                {category.description && <p className="category-description muted">{category.description}</p>}
                <div className="category-platforms">
                  <span className="visually-hidden">Platforms:</span>
                  {category.platforms.length === 0 ? (
                    <span className="chip chip-all">All platforms</span>
                  ) : (
                    <ul className="chips" aria-label={`Platforms of ${category.name}`}>
                      {category.platforms.map((id) => (
                        <li key={id} className="chip" data-platform={id}>
                          {PLATFORM_NAMES.get(id) ?? id}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                {category.evergreen.enabled && (
                  <p className="category-evergreen" data-testid="evergreen-summary">
                    {evergreenSummary(category.evergreen, canRecycle, formatWhen)}
                  </p>
                )}
                <p className="category-meta muted">Created {formatDate(category.createdAt)}</p>
              </div>
              <div className="category-actions" data-requires="manage_posts">
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  onClick={() => open({ mode: "edit", category })}
                  disabled={!hydrated}
                  aria-label={`Edit ${category.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-small btn-danger-text"
                  onClick={() => askDelete(category)}
                  disabled={!hydrated}
                  aria-label={`Delete ${category.name}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {editing && <CategoryDialog editing={editing} canRecycle={canRecycle} onClose={closed} onSaved={reload} />}
      {deleting && <DeleteDialog category={deleting} onClose={closed} onDeleted={reload} />}
    </section>
  );
}

/** Opens a native modal <dialog> on mount: focus moves in, the page behind is inert, Escape closes. */
const useModal = (onClose: () => void) => {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const handleClose = () => onClose();
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, [onClose]);
  return ref;
};

function CategoryDialog({
  editing,
  canRecycle,
  onClose,
  onSaved,
}: {
  editing: Editing;
  canRecycle: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const ref = useModal(onClose);
  const id = useId();
  const [draft, setDraft] = useState<Draft>(editing.mode === "edit" ? draftOf(editing.category) : emptyDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const creating = editing.mode === "create";

  useEffect(() => nameRef.current?.focus(), []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setEvergreen = (change: Partial<EvergreenDraft>) => setDraft((d) => ({ ...d, evergreen: { ...d.evergreen, ...change } }));
  const initialEvergreen = editing.mode === "edit" ? draftOf(editing.category).evergreen : emptyDraft().evergreen;
  const evergreenChanged = canRecycle && JSON.stringify(draft.evergreen) !== JSON.stringify(initialEvergreen);
  /** The evergreen settings, after the category's own save (`version`: the one that save answered). */
  const saveEvergreen = (categoryId: string, version: number) =>
    api.put("/api/categories/:id/evergreen", {
      params: { id: categoryId },
      payload: draft.evergreen.enabled ? { enabled: true, ...typedSettings(draft.evergreen), version } : { enabled: false, version },
    });
  const togglePlatform = (platform: string, on: boolean) =>
    set("platforms", on ? [...draft.platforms, platform] : draft.platforms.filter((p) => p !== platform));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.name) nameRef.current?.focus();
      else document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setPending(true);
    const body = {
      name: draft.name.trim(),
      description: draft.description.trim(),
      color: draft.color,
      isDefault: draft.isDefault,
      platforms: draft.platforms,
    };
    try {
      if (creating) {
        const created = await api.post("/api/categories", { payload: body });
        if (evergreenChanged) {
          // The category exists now: a refused evergreen setting is told, and the dialog closes on the list as it is.
          await saveEvergreen(created.id, created.version).catch((error) =>
            toast({ title: "Error", description: apiErrorMessage(error, "Failed to make the category evergreen"), variant: "destructive" }),
          );
        }
        toast({ title: "Category Created", description: "Your new category has been created successfully." });
      } else {
        const saved = await api.put("/api/categories/:id", {
          params: { id: editing.category.id },
          payload: { ...body, version: editing.category.version },
        });
        if (evergreenChanged) await saveEvergreen(saved.id, saved.version);
        toast({ title: "Category Updated", description: `Your changes to "${body.name}" have been saved.` });
      }
      ref.current?.close();
      await onSaved();
    } catch (error) {
      const fields = apiErrorFields(error);
      setErrors(fields);
      if (!shownBesideFields(fields, ["name", "description", "color", "platforms", ...Object.keys(EVERGREEN_BOUNDS)])) {
        toast({
          title: "Error",
          description: apiErrorMessage(error, creating ? "Failed to create category" : "Failed to update category"),
          variant: "destructive",
        });
      }
      // Someone else changed or deleted it: show the list as it is now.
      const code = apiErrorCode(error);
      if (code === "version_conflict" || code === "not_found") await onSaved();
      setPending(false);
    }
  };

  const fieldError = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <dialog ref={ref} className="category-dialog" aria-labelledby={`${id}-title`} data-testid="category-dialog">
      <form className="dialog-form" onSubmit={submit} noValidate>
        <header className="dialog-header">
          <h2 id={`${id}-title`}>{creating ? "Create Category" : "Edit Category"}</h2>
          <button type="button" className="dialog-close" aria-label="Close" onClick={() => ref.current?.close()}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M18 6L6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="dialog-body stack">
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              className="input"
              value={draft.name}
              maxLength={CATEGORY_NAME_MAX + 20}
              onChange={(e) => set("name", e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
              placeholder="e.g. Promotions"
              autoComplete="off"
              required
            />
            {fieldError("name")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>
              Description <span className="muted optional">(optional)</span>
            </label>
            <textarea
              id={`${id}-description`}
              className="textarea"
              rows={2}
              value={draft.description}
              onChange={(e) => set("description", e.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${id}-description-error` : undefined}
              placeholder="What posts belong here"
            />
            {fieldError("description")}
          </div>
          <fieldset className="field colors" aria-describedby={errors.color ? `${id}-color-error` : undefined}>
            <legend>Color</legend>
            <div className="color-options">
              {CATEGORY_COLORS.map((color) => (
                <label key={color} className="color-option">
                  <input type="radio" name="color" value={color} checked={draft.color === color} onChange={() => set("color", color)} />
                  <span className="swatch" data-color={color} aria-hidden="true" />
                  <span>{COLOR_LABELS[color]}</span>
                </label>
              ))}
            </div>
            {fieldError("color")}
          </fieldset>
          <label className="switch-row">
            <input type="checkbox" role="switch" checked={draft.isDefault} onChange={(e) => set("isDefault", e.target.checked)} />
            <span>
              <strong>Default category</strong>
              <span className="muted switch-hint">Only one category is the default; choosing this one replaces the current default.</span>
            </span>
          </label>
          <fieldset className="field platforms" aria-describedby={`${id}-platforms-hint${errors.platforms ? ` ${id}-platforms-error` : ""}`}>
            <legend>Limit to platforms</legend>
            <p className="muted platforms-hint" id={`${id}-platforms-hint`}>
              When composing a post in this category, only accounts on these platforms are offered. Leave all unticked to allow every platform.
            </p>
            {PLATFORM_GROUPS.map((group) => (
              <div key={group.label} className="platform-group">
                <p className="platform-group-label">{group.label}</p>
                <div className="platform-options">
                  {group.platforms.map((platform) => (
                    <label key={platform.id} className="platform-option">
                      <input
                        type="checkbox"
                        name="platforms"
                        value={platform.id}
                        checked={draft.platforms.includes(platform.id)}
                        onChange={(e) => togglePlatform(platform.id, e.target.checked)}
                      />
                      <span>{platform.name}</span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
            {fieldError("platforms")}
          </fieldset>
          <fieldset className="field evergreen" data-testid="evergreen-settings" aria-describedby={`${id}-evergreen-hint`}>
            <legend>Evergreen recycling</legend>
            <p className="muted platforms-hint" id={`${id}-evergreen-hint`}>
              {canRecycle ? "Published posts of this category go out again in your next free time slots, one post per period." : EVERGREEN_UPGRADE_MESSAGE}
            </p>
            {!canRecycle && (
              <p className="evergreen-upgrade">
                <a className="btn btn-outline btn-small" href="/app/pricing">
                  See plans
                </a>
              </p>
            )}
            <label className="switch-row">
              <input
                type="checkbox"
                role="switch"
                checked={draft.evergreen.enabled}
                disabled={!canRecycle}
                onChange={(e) => setEvergreen({ enabled: e.target.checked })}
              />
              <span>
                <strong>Evergreen</strong>
                <span className="muted switch-hint">The post that waited longest is re-queued first; each repeat shows in the post's history.</span>
              </span>
            </label>
            {draft.evergreen.enabled && (
              <div className="evergreen-fields">
                {EVERGREEN_FIELDS.map(({ key, label }) => (
                  <div key={key} className="field">
                    <label htmlFor={`${id}-${key}`}>{label}</label>
                    <input
                      id={`${id}-${key}`}
                      className="input"
                      type="number"
                      inputMode="numeric"
                      min={EVERGREEN_BOUNDS[key].min}
                      max={EVERGREEN_BOUNDS[key].max}
                      step={1}
                      value={draft.evergreen[key]}
                      disabled={!canRecycle}
                      onChange={(e) => setEvergreen({ [key]: e.target.value })}
                      aria-invalid={errors[key] ? true : undefined}
                      aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
                    />
                    {fieldError(key)}
                  </div>
                ))}
              </div>
            )}
          </fieldset>
        </div>
        <footer className="dialog-footer">
          <button type="button" className="btn btn-outline" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending} aria-disabled={pending}>
            {pending ? (creating ? "Creating..." : "Saving...") : creating ? "Create Category" : "Save Changes"}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

function DeleteDialog({ category, onClose, onDeleted }: { category: CategoryView; onClose: () => void; onDeleted: () => Promise<void> }) {
  const ref = useModal(onClose);
  const id = useId();
  const [pending, setPending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => cancelRef.current?.focus(), []);

  const confirm = async () => {
    setPending(true);
    try {
      await api.delete("/api/categories/:id", { params: { id: category.id } });
      toast({ title: "Category Deleted", description: `"${category.name}" has been deleted.` });
      ref.current?.close();
      await onDeleted();
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to delete category"), variant: "destructive" });
      setPending(false);
      if (apiErrorCode(error) === "not_found") {
        ref.current?.close();
        await onDeleted();
      }
    }
  };

  return (
    <dialog
      ref={ref}
      className="category-dialog confirm-dialog"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="delete-category-dialog"
    >
      <div className="dialog-body stack">
        <h2 id={`${id}-title`}>Delete this category?</h2>
        <p id={`${id}-text`}>"{category.name}" will be removed from your categories. Your posts stay as they are.</p>
      </div>
      <footer className="dialog-footer">
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={() => ref.current?.close()}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={pending} aria-disabled={pending}>
          {pending ? "Deleting..." : "Delete"}
        </button>
      </footer>
    </dialog>
  );
}
