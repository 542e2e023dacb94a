/**
 * The one toast viewport of the app shell, without React (issue 9: pages with no React island ship
 * no React). `Toaster.astro` renders the viewport and its two live regions on the server; this
 * module brings them to life: it shows the toast of `toast-store` (which any island or script
 * calls through `toast(...)`), the server's flash toast from
 * `<meta name="flash-toast" content='{"title": ..., "description": ..., "variant": ...}'>`, moves
 * the focus to the viewport on F8, pauses the countdown while the pointer or focus is on the toast,
 * and dismisses it on a swipe to the right.
 */
import { $toast, dismiss, parseFlashToast, pauseToast, resumeToast, runToastAction, toast, type ToastData } from "./toast-store";

/** Dragging a toast this far to the right dismisses it (spec core §8). */
export const SWIPE_THRESHOLD_PX = 50;
/** The hotkey that moves focus to the notifications region. */
export const TOASTER_HOTKEY = "F8";

const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">' +
  '<path d="M18 6L6 18M6 6l12 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>';

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
};

const button = (className: string, onClick: () => void): HTMLButtonElement => {
  const el = element("button", className);
  el.type = "button";
  el.addEventListener("click", onClick);
  return el;
};

/** One toast's DOM, with its swipe, hover and focus behaviour. */
const renderToast = (data: ToastData): HTMLElement => {
  const root = element("div", data.variant === "destructive" ? "toast toast-destructive" : "toast");
  root.dataset.testid = "toast";
  root.dataset.variant = data.variant;

  const text = element("div", "toast-text");
  text.append(element("p", "toast-title", data.title));
  if (data.description) text.append(element("p", "toast-description", data.description));
  root.append(text);

  if (data.action) {
    const action = button("toast-action", () => runToastAction(data.id));
    action.dataset.testid = "toast-action";
    action.textContent = data.action.label;
    root.append(action);
  }
  const close = button("toast-close", () => dismiss(data.id));
  close.setAttribute("aria-label", "Close notification");
  close.innerHTML = CLOSE_ICON;
  root.append(close);

  let start: { x: number; pointerId: number } | null = null;
  const setOffset = (offset: number) => {
    root.classList.toggle("toast-swiping", offset > 0);
    root.style.transform = offset > 0 ? `translateX(${offset}px)` : "";
    root.style.opacity = offset > 0 ? String(Math.max(0.3, 1 - offset / 200)) : "";
  };
  root.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || (event.target as Element).closest("button")) return;
    start = { x: event.clientX, pointerId: event.pointerId };
    root.setPointerCapture?.(event.pointerId);
    pauseToast();
  });
  root.addEventListener("pointermove", (event) => {
    if (start && start.pointerId === event.pointerId) setOffset(Math.max(0, event.clientX - start.x));
  });
  const endSwipe = (event: PointerEvent) => {
    if (!start || start.pointerId !== event.pointerId) return;
    const distance = event.clientX - start.x;
    start = null;
    if (event.type === "pointerup" && distance >= SWIPE_THRESHOLD_PX) {
      dismiss(data.id);
      return;
    }
    setOffset(0);
    // A mouse still hovers the toast (hover keeps it paused); touch and pen do not.
    if (event.pointerType !== "mouse") resumeToast();
  };
  root.addEventListener("pointerup", endSwipe);
  root.addEventListener("pointercancel", endSwipe);
  root.addEventListener("mouseenter", pauseToast);
  root.addEventListener("mouseleave", resumeToast);
  root.addEventListener("focusin", pauseToast);
  root.addEventListener("focusout", resumeToast);
  return root;
};

/**
 * Shows the store's toast in `viewport` (a `[data-testid="toast-viewport"]` section holding a
 * `role="status"` and a `role="alert"` region; created when missing) until the returned function
 * is called.
 */
export const mountToaster = (viewport: HTMLElement): (() => void) => {
  const region = (role: "status" | "alert") => {
    let el = viewport.querySelector<HTMLElement>(`:scope > [role="${role}"]`);
    if (!el) {
      el = document.createElement("div");
      el.setAttribute("role", role);
      el.setAttribute("aria-live", role === "alert" ? "assertive" : "polite");
      el.setAttribute("aria-atomic", "true");
      viewport.append(el);
    }
    return el;
  };
  const status = region("status");
  const alert = region("alert");

  let shownId: number | null = null;
  const unsubscribe = $toast.subscribe((current) => {
    if (current?.id === shownId) return;
    shownId = current?.id ?? null;
    status.replaceChildren();
    alert.replaceChildren();
    if (current) (current.variant === "destructive" ? alert : status).append(renderToast(current));
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === TOASTER_HOTKEY) {
      event.preventDefault();
      viewport.focus();
    }
  };
  document.addEventListener("keydown", onKeyDown);

  const stopFollowing = followModalDialogs(viewport);

  const meta = document.querySelector<HTMLMetaElement>('meta[name="flash-toast"]');
  const flash = parseFlashToast(meta?.content);
  if (flash) {
    meta?.remove();
    toast(flash);
  }

  return () => {
    unsubscribe();
    stopFollowing();
    document.removeEventListener("keydown", onKeyDown);
  };
};

const isModal = (dialog: HTMLDialogElement) => {
  try {
    return dialog.open && dialog.matches(":modal");
  } catch {
    return dialog.open; // A browser (or jsdom) without :modal.
  }
};

/**
 * Keeps the viewport inside the modal <dialog> opened last, and back in its place once none is
 * open. A modal dialog sits in the browser's top layer and makes the rest of the page inert: a
 * toast outside it would show behind the dialog's backdrop, and could be neither clicked nor read
 * by a screen reader (a popover above it would still be inert). Inside the dialog, the viewport's
 * `position: fixed` still places it on the screen as before.
 */
const followModalDialogs = (viewport: HTMLElement): (() => void) => {
  const home = viewport.parentNode;
  if (!home || typeof MutationObserver === "undefined") return () => {};
  /** The open modal dialogs, the one opened last at the end. */
  let open: HTMLDialogElement[] = [];
  const place = () => {
    open = open.filter((dialog) => dialog.isConnected && isModal(dialog));
    for (const dialog of document.querySelectorAll("dialog")) if (!open.includes(dialog) && isModal(dialog)) open.push(dialog);
    const target = open.at(-1) ?? home;
    if (viewport.parentNode !== target) target.appendChild(viewport);
  };
  const observer = new MutationObserver(place);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
  place();
  return () => {
    observer.disconnect();
    if (viewport.parentNode !== home) home.appendChild(viewport);
  };
};
