import { type ReactNode, useEffect, useId, useRef } from "react";

interface MediaDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** A wider dialog (the preview). */
  readonly wide?: boolean;
  readonly testId?: string;
}

/**
 * A native <dialog> opened as a modal: the browser keeps focus inside and makes the page inert,
 * Escape and the backdrop close it, and focus goes back where it was when it closes. The element
 * marked `data-autofocus` gets focus when it opens (else the first focusable one, the Close button).
 */
export function MediaDialog({ open, title, onClose, children, wide = false, testId }: MediaDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before the dialog is shown, when nothing in it can take focus.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`media-dialog${wide ? " media-dialog-wide" : ""}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="media-dialog-body">
        <header className="media-dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="btn btn-ghost media-dialog-close" aria-label="Close" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M18 6L6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        {open ? children : null}
      </div>
    </dialog>
  );
}
