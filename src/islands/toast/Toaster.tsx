import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { $toast, dismiss, parseFlashToast, pauseToast, resumeToast, runToastAction, toast, type ToastData } from "./toast-store";
import "./toaster.css";

/** Dragging a toast this far to the right dismisses it (spec core §8). */
export const SWIPE_THRESHOLD_PX = 50;
/** The hotkey that moves focus to the notifications region. */
export const TOASTER_HOTKEY = "F8";

/**
 * The one toast viewport of the app shell. Rendered with `client:load` by AppLayout; shows the
 * toast of `toast-store` and, on load, the server's flash toast from
 * `<meta name="flash-toast" content='{"title": ..., "description": ..., "variant": ...}'>`.
 */
export default function Toaster() {
  const current = useStore($toast, { ssr: "initial" });
  const viewport = useRef<HTMLElement>(null);

  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="flash-toast"]');
    const flash = parseFlashToast(meta?.content);
    if (flash) {
      meta?.remove();
      toast(flash);
    }
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOASTER_HOTKEY) {
        event.preventDefault();
        viewport.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const destructive = current?.variant === "destructive";

  return (
    <section
      ref={viewport}
      className="toast-viewport"
      aria-label={`Notifications (${TOASTER_HOTKEY})`}
      tabIndex={-1}
      data-testid="toast-viewport"
    >
      {/* Both live regions stay in the page so screen readers announce what is put into them. */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {current && !destructive ? <Toast key={current.id} data={current} /> : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {current && destructive ? <Toast key={current.id} data={current} /> : null}
      </div>
    </section>
  );
}

function Toast({ data }: { data: ToastData }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; y: number; pointerId: number } | null>(null);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest("button")) return;
    start.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pauseToast();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.pointerId !== event.pointerId) return;
    setOffset(Math.max(0, event.clientX - start.current.x));
  };

  const endSwipe = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.pointerId !== event.pointerId) return;
    const distance = event.clientX - start.current.x;
    start.current = null;
    if (event.type === "pointerup" && distance >= SWIPE_THRESHOLD_PX) {
      dismiss(data.id);
      return;
    }
    setOffset(0);
    // A mouse still hovers the toast (hover keeps it paused); touch and pen do not.
    if (event.pointerType !== "mouse") resumeToast();
  };

  return (
    <div
      className={`toast${data.variant === "destructive" ? " toast-destructive" : ""}${offset > 0 ? " toast-swiping" : ""}`}
      data-testid="toast"
      data-variant={data.variant}
      style={offset > 0 ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={endSwipe}
      onMouseEnter={pauseToast}
      onMouseLeave={resumeToast}
      onFocus={pauseToast}
      onBlur={resumeToast}
    >
      <div className="toast-text">
        <p className="toast-title">{data.title}</p>
        {data.description ? <p className="toast-description">{data.description}</p> : null}
      </div>
      {data.action ? (
        <button type="button" className="toast-action" data-testid="toast-action" onClick={() => runToastAction(data.id)}>
          {data.action.label}
        </button>
      ) : null}
      <button type="button" className="toast-close" aria-label="Close notification" onClick={() => dismiss(data.id)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M18 6L6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
