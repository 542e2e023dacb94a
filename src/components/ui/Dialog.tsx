import { type ReactNode, useEffect, useId, useRef } from "react";

interface DialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly description?: ReactNode;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Extra classes for the <dialog> and its body (e.g. a wider or taller one). */
  readonly className?: string;
  readonly bodyClassName?: string;
}

/**
 * A native <dialog> opened as a modal: the browser traps focus, Escape closes it, the backdrop
 * dims the page. Clicking the backdrop closes it too. Dialogs can open over one another: each has
 * its own title id, and its close, cancel and click events stay inside it, so Escape or a click
 * closes only the top one.
 */
export const Dialog = ({ open, title, description, onClose, children, className, bodyClassName }: DialogProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={className ? `ui-dialog ${className}` : "ui-dialog"}
      aria-labelledby={titleId}
      onClose={(event) => {
        event.stopPropagation();
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      onClick={(event) => {
        event.stopPropagation();
        if (event.target === ref.current) onClose();
      }}
    >
      <div className={bodyClassName ? `ui-dialog-body ${bodyClassName}` : "ui-dialog-body"}>
        <header className="ui-dialog-header">
          <h2 id={titleId}>{title}</h2>
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
