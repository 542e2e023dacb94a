import { useCallback, useId, useMemo, useState } from "react";
import { PLATFORMS, type PlatformId } from "../../../domain/accounts/platforms";
import type { ContentTemplate } from "../../../infra/content-templates/ContentTemplates";
import { useHydrated } from "../../components/ui/use-hydrated";
import { Dialog } from "../../components/ui/Dialog";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorCode, apiErrorMessage } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import { PlatformBadge } from "../accounts/platform-badge";
import { type Editing, TemplateDialog } from "./TemplateDialog";
import { CARD_HASHTAGS, CARD_PLATFORMS, firstOf, templatesMatching, usageLabel } from "./template-view";
import "./content-templates.css";

interface Props {
  /** The templates the person sees, as the server rendered them. */
  readonly initial: ReadonlyArray<ContentTemplate>;
  /** The platforms of the workspace's active accounts: the targets the dialog offers. */
  readonly platforms: ReadonlyArray<{ readonly id: PlatformId; readonly name: string }>;
  /** Their role creates posts (and this is not the read-only demo): they use, edit and delete. */
  readonly canWrite: boolean;
  /** The plan has content templates too: they create. */
  readonly canCreate: boolean;
}

const PLATFORM_NAMES = new Map<string, string>(PLATFORMS.map((p) => [p.id, p.name]));
const nameOf = (platform: string) => PLATFORM_NAMES.get(platform) ?? platform;

/**
 * Content Templates (spec engagement §2): a searchable grid of the person's templates and the
 * team's, the create/edit dialog, use (counted, then compose opens filled in), delete with a confirmation.
 */
export default function ContentTemplatesBoard({ initial, platforms, canWrite, canCreate }: Props) {
  const hydrated = useHydrated();
  const searchId = useId();
  const [templates, setTemplates] = useState<ReadonlyArray<ContentTemplate>>(initial);
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ContentTemplate | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const shown = useMemo(() => templatesMatching(templates, search), [templates, search]);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setTemplates(await api.get("/api/content-templates"));
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Could not load your templates."), variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }, []);

  const saved = (template: ContentTemplate) => {
    setEditing(null);
    setTemplates((list) => [template, ...list.filter((t) => t.id !== template.id)]);
  };

  const use = async (template: ContentTemplate) => {
    setBusyId(template.id);
    try {
      await api.post("/api/content-templates/:id/use", { params: { id: template.id } });
      // The compose window says "Template Used" once it has copied the template in.
      window.location.assign(`/app/compose?template=${template.id}`);
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to use template. Please try again."), variant: "destructive" });
      if (apiErrorCode(error) === "not_found") void reload();
      setBusyId(null);
    }
  };

  const remove = async (template: ContentTemplate) => {
    setBusyId(template.id);
    try {
      await api.delete("/api/content-templates/:id", { params: { id: template.id } });
      toast({ title: "Template Deleted", description: `"${template.name}" has been deleted.` });
      setTemplates((list) => list.filter((t) => t.id !== template.id));
      setDeleting(null);
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to delete template. Please try again."), variant: "destructive" });
      if (apiErrorCode(error) === "not_found") {
        setDeleting(null);
        void reload();
      }
    } finally {
      setBusyId(null);
    }
  };

  const createButton = (label: string, className: string) =>
    canCreate && (
      <button type="button" className={className} disabled={!hydrated} onClick={() => setEditing({ mode: "create" })}>
        {label}
      </button>
    );

  return (
    <section className="templates" aria-label="Your templates" data-testid="content-templates">
      <div className="templates-toolbar">
        <div className="templates-search">
          <label htmlFor={searchId} className="visually-hidden">
            Search templates
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder="Search templates…"
            value={search}
            disabled={!hydrated || templates.length === 0}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {createButton("Create Template", "btn btn-primary")}
      </div>

      {templates.length === 0 ? (
        <div className="card templates-empty" data-testid="templates-empty">
          <p className="templates-empty-title">No Templates</p>
          <p className="muted">
            {canCreate
              ? "Save a post you write often as a template, then use it to start a new post in one click."
              : "Templates your team shares will show here."}
          </p>
          {createButton("Create your first template", "btn btn-outline")}
        </div>
      ) : shown.length === 0 ? (
        <p className="card templates-empty muted" role="status">
          No templates match “{search.trim()}”.
        </p>
      ) : (
        <ul className="templates-grid" aria-busy={loading}>
          {shown.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              busy={busyId === template.id || !hydrated}
              canWrite={canWrite}
              onUse={() => void use(template)}
              onEdit={() => setEditing({ mode: "edit", template })}
              onDelete={() => setDeleting(template)}
            />
          ))}
        </ul>
      )}

      <TemplateDialog editing={editing} platforms={platforms} onClose={() => setEditing(null)} onSaved={saved} onStale={() => void reload()} />
      <Dialog open={deleting !== null} title="Delete this template?" onClose={() => setDeleting(null)} className="template-confirm">
        {deleting && (
          <>
            <p>
              “{deleting.name}” will be deleted{deleting.isPublic ? " for everyone in your team" : ""}. Posts made from it stay as they are.
            </p>
            <div className="ui-dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setDeleting(null)}>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" disabled={busyId === deleting.id} onClick={() => void remove(deleting)}>
                {busyId === deleting.id ? "Deleting…" : "Delete"}
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}

function TemplateCard({
  template,
  busy,
  canWrite,
  onUse,
  onEdit,
  onDelete,
}: {
  template: ContentTemplate;
  busy: boolean;
  canWrite: boolean;
  onUse: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const platforms = firstOf(template.platforms, CARD_PLATFORMS);
  const hashtags = firstOf(template.hashtags, CARD_HASHTAGS);
  const headingId = useId();
  return (
    <li className="card template-card" data-testid="template-card" aria-labelledby={headingId}>
      <header className="template-card-head">
        <h3 id={headingId}>{template.name}</h3>
        {template.isPublic && <span className="badge badge-brand">Team Template</span>}
      </header>
      <p className="template-card-content">{template.content}</p>
      {template.hashtags.length > 0 && (
        <ul className="template-tags" aria-label={`Hashtags of ${template.name}`}>
          {hashtags.shown.map((tag) => (
            <li key={tag} className="template-tag">
              {tag}
            </li>
          ))}
          {hashtags.more > 0 && <li className="template-tag template-more">+{hashtags.more}</li>}
        </ul>
      )}
      <div className="template-card-meta">
        {template.platforms.length > 0 && (
          <ul className="template-platforms" aria-label={`Platforms of ${template.name}`}>
            {platforms.shown.map((platform) => (
              <li key={platform} title={nameOf(platform)}>
                <PlatformBadge platform={platform as PlatformId} size="small" />
                <span className="visually-hidden">{nameOf(platform)}</span>
              </li>
            ))}
            {platforms.more > 0 && (
              <li className="template-more" title={template.platforms.slice(CARD_PLATFORMS).map(nameOf).join(", ")}>
                +{platforms.more}
                <span className="visually-hidden"> more platforms</span>
              </li>
            )}
          </ul>
        )}
        {template.mediaUrls.length > 0 && (
          <span className="muted">
            {template.mediaUrls.length} {template.mediaUrls.length === 1 ? "file" : "files"}
          </span>
        )}
        <span className="muted template-usage">{usageLabel(template.usageCount)}</span>
      </div>
      {template.isPublic && !template.canChange && <p className="muted template-author">By {template.authorName}</p>}
      {canWrite && (
        <div className="template-card-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onUse} aria-label={`Use Template ${template.name}`}>
            Use Template
          </button>
          {template.canChange && (
            <>
              <button type="button" className="btn btn-outline" disabled={busy} onClick={onEdit} aria-label={`Edit ${template.name}`}>
                Edit
              </button>
              <button type="button" className="btn btn-ghost template-delete" disabled={busy} onClick={onDelete} aria-label={`Delete ${template.name}`}>
                Delete
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
