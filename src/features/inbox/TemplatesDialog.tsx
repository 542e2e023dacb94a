import { useEffect, useState } from "react";
import { Field } from "../../components/forms/Field";
import { Dialog } from "../../components/ui/Dialog";
import { toast } from "../../islands/toast/toast-store";
import { api, type ResponseOf } from "../../lib/api/client";
import { apiErrorFields, apiErrorMessage, shownBesideFields } from "../../lib/api-client";

type ReplyTemplate = ResponseOf<"POST", "/api/reply-templates">;

const CATEGORIES = [
  { id: "gratitude", label: "Gratitude" },
  { id: "sales", label: "Sales" },
  { id: "support", label: "Support" },
  { id: "reviews", label: "Reviews" },
] as const;

type Draft = { readonly id: string | null; readonly title: string; readonly content: string; readonly category: string };
const BLANK: Draft = { id: null, title: "", content: "", category: "gratitude" };

interface Props {
  readonly onClose: () => void;
  readonly onUse: (template: ReplyTemplate) => void;
  /** Only this category's templates, and new ones in it (review responses). */
  readonly category?: string;
  readonly title?: string;
  readonly description?: string;
}

/** Quick Reply Templates (spec engagement §2, §3): chosen to fill the reply box, and created, changed and deleted for real. */
export default function TemplatesDialog({
  onClose,
  onUse,
  category,
  title = "Quick Reply Templates",
  description = "Choose one to fill your reply, then edit it before sending.",
}: Props) {
  const [templates, setTemplates] = useState<ReadonlyArray<ReplyTemplate> | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const load = () =>
    api.get("/api/reply-templates").then(
      (all) => setTemplates(category ? all.filter((t) => t.category === category) : all),
      (error) => toast({ title: "Error", description: apiErrorMessage(error, "Failed to load the templates."), variant: "destructive" }),
    );
  useEffect(() => void load(), []);

  const save = async () => {
    if (!draft) return;
    try {
      const body = { title: draft.title, content: draft.content, category: draft.category };
      await (draft.id ? api.put("/api/reply-templates/:id", { params: { id: draft.id }, payload: body }) : api.post("/api/reply-templates", { payload: body }));
      toast({ title: draft.id ? "Template Updated" : "Template Created", description: `"${draft.title.trim()}" is ready to use.` });
      setDraft(null);
      setErrors({});
      await load();
    } catch (error) {
      const fields = apiErrorFields(error);
      setErrors(fields);
      if (!shownBesideFields(fields, ["title", "content"])) {
        toast({ title: "Error", description: apiErrorMessage(error, "Failed to save the template. Please try again."), variant: "destructive" });
      }
    }
  };

  const remove = async (template: ReplyTemplate) => {
    try {
      await api.delete("/api/reply-templates/:id", { params: { id: template.id } });
      toast({ title: "Template Deleted", description: `"${template.title}" is gone.` });
      await load();
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to delete the template."), variant: "destructive" });
    }
  };

  return (
    <Dialog open title={title} description={description} onClose={onClose}>
      {draft ? (
        <form
          className="inbox-template-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Field id="template-title" label="Title" error={errors.title}>
            <input id="template-title" className="input" value={draft.title} maxLength={80} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
          </Field>
          <Field id="template-category" label="Category">
            <select id="template-category" className="input" value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.target.value })}>
              {CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="template-content" label="Text" error={errors.content}>
            <textarea
              id="template-content"
              className="input"
              rows={4}
              value={draft.content}
              onChange={(e) => setDraft({ ...draft, content: e.target.value })}
            />
          </Field>
          <div className="inbox-reply-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setDraft(null)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary">
              Save template
            </button>
          </div>
        </form>
      ) : (
        <>
          {templates === null ? (
            <p className="muted">Loading…</p>
          ) : templates.length === 0 ? (
            <p className="muted">No templates yet. Write the answers you give most often once, and use them in a click.</p>
          ) : (
            <ul className="inbox-templates">
              {templates.map((t) => (
                <li key={t.id} data-testid="reply-template">
                  <div>
                    <strong>{t.title}</strong> <span className="badge">{CATEGORIES.find((c) => c.id === t.category)?.label ?? t.category}</span>
                    <p className="muted">{t.content}</p>
                  </div>
                  <div className="inbox-template-actions">
                    <button type="button" className="btn btn-primary btn-small" onClick={() => onUse(t)}>
                      Use
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      onClick={() => setDraft({ id: t.id, title: t.title, content: t.content, category: t.category })}
                    >
                      Edit
                    </button>
                    <button type="button" className="btn btn-ghost btn-small btn-danger-text" onClick={() => void remove(t)}>
                      Delete
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="btn btn-outline" onClick={() => setDraft(category ? { ...BLANK, category } : BLANK)}>
            New template
          </button>
        </>
      )}
    </Dialog>
  );
}
