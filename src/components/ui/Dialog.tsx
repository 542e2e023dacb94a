import { type ReactNode, useEffect, useRef } from "react";

interface DialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly description?: ReactNode;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly labelledBy?: string;
}

/**
 * A native <dialog> opened as a modal: the browser traps focus, Escape closes it, the backdrop
 * dims the page. Clicking the backdrop closes it too.
 */
export const Dialog = ({ open, title, description, onClose, children }: DialogProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="ui-dialog"
      aria-labelledby="ui-dialog-title"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="ui-dialog-body">
        <header className="ui-dialog-header">
          <h2 id="ui-dialog-title">{title}</h2>
          <button type="button" className="btn btn-ghost ui-dialog-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {description && <div className="muted ui-dialog-description">{description}</div>}
        {open && children}
      </div>
    </dialog>
  );
};
