import { useEffect, useId, useRef, useState } from "react";
import { BIO_LINK_TITLE_MAX, BIO_LINK_TYPE_LABELS, BIO_LINK_TYPES, type BioLinkType } from "../../../domain/link-in-bio/rules";
import type { BioLink } from "../../../domain/link-in-bio/views";
import { Field } from "../../components/forms/Field";
import { Dialog } from "../../components/ui/Dialog";
import { type LinkDraft, linkDraftProblems } from "./bio-view";

/** What the address field asks for, by the link's type. */
const ADDRESS_HINTS: Readonly<Record<BioLinkType, { readonly placeholder: string; readonly hint: string }>> = {
  link: { placeholder: "https://example.com", hint: "A web address (http:// or https://)." },
  email: { placeholder: "hello@example.com", hint: "The e-mail address visitors write to." },
  phone: { placeholder: "+1 555 010 0000", hint: "The number visitors call, with its country code." },
  product: { placeholder: "https://shop.example.com/item", hint: "The product's page." },
  event: { placeholder: "https://example.com/event", hint: "The event's page or tickets." },
  video: { placeholder: "https://youtube.com/watch?v=…", hint: "The video's page." },
  music: { placeholder: "https://open.spotify.com/…", hint: "The song, album or playlist." },
};

export type LinkEditing = { readonly mode: "add" } | { readonly mode: "edit"; readonly link: BioLink };

interface Props {
  readonly editing: LinkEditing | null;
  readonly onClose: () => void;
  /** Sends the link; answers the sentences of the fields the server refused (none: it was saved). */
  readonly onSubmit: (draft: LinkDraft) => Promise<Record<string, string> | null>;
}

/** Add Link / Edit Link: title, URL, type and whether the page shows it. */
export function LinkDialog({ editing, onClose, onSubmit }: Props) {
  return (
    <Dialog open={editing !== null} title={editing?.mode === "edit" ? "Edit Link" : "Add Link"} onClose={onClose} className="bio-link-dialog">
      {editing && <LinkForm editing={editing} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function LinkForm({ editing, onClose, onSubmit }: Props & { readonly editing: LinkEditing }) {
  const id = useId();
  const [draft, setDraft] = useState<LinkDraft>(() =>
    editing.mode === "edit"
      ? { title: editing.link.title, url: editing.link.url, type: editing.link.type, isVisible: editing.link.isVisible }
      : { title: "", url: "", type: "link", isVisible: true },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  // The title first, once the dialog has opened (it focuses its first button when it opens).
  useEffect(() => {
    const frame = requestAnimationFrame(() => titleInput.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const set = <K extends keyof LinkDraft>(key: K, value: LinkDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // The type decides how the address is read: its sentence goes with either.
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([field]) => field !== key && !(key === "type" && field === "url"))));
  };
  const hints = ADDRESS_HINTS[draft.type];
  const adding = editing.mode === "add";

  const save = async () => {
    const problems = linkDraftProblems(draft);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      (problems.title ? titleInput : urlInput).current?.focus();
      return;
    }
    setPending(true);
    const refused = await onSubmit(draft);
    setPending(false);
    if (refused) setErrors(refused);
  };

  return (
    <form
      className="bio-link-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field id={`${id}-title`} label="Title" error={errors.title}>
        <input
          ref={titleInput}
          id={`${id}-title`}
          className="input"
          value={draft.title}
          maxLength={BIO_LINK_TITLE_MAX + 20}
          placeholder="e.g. Book an appointment"
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          onChange={(e) => set("title", e.target.value)}
        />
      </Field>
      <Field id={`${id}-type`} label="Type" error={errors.type}>
        <select id={`${id}-type`} className="input" value={draft.type} onChange={(e) => set("type", e.target.value as BioLinkType)}>
          {BIO_LINK_TYPES.map((type) => (
            <option key={type} value={type}>
              {BIO_LINK_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-url`} label="URL" error={errors.url}>
        <input
          ref={urlInput}
          id={`${id}-url`}
          className="input"
          value={draft.url}
          inputMode={draft.type === "email" ? "email" : draft.type === "phone" ? "tel" : "url"}
          placeholder={hints.placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-url-hint`}
          aria-invalid={errors.url ? true : undefined}
          onChange={(e) => set("url", e.target.value)}
        />
        <span className="muted bio-hint" id={`${id}-url-hint`}>
          {hints.hint}
        </span>
      </Field>
      <label className="bio-check">
        <input type="checkbox" checked={draft.isVisible} onChange={(e) => set("isVisible", e.target.checked)} />
        <span>Show this link on the page</span>
      </label>
      {errors.links && <p className="field-error">{errors.links}</p>}
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Saving…" : adding ? "Add Link" : "Save Changes"}
        </button>
      </div>
    </form>
  );
}
