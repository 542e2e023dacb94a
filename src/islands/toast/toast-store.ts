/**
 * Toasts (spec core §8): one visible at a time, a new one replaces the current one, each shows
 * for 5000 ms unless dismissed sooner (the pointer or focus on it pauses the countdown). A toast
 * may carry one action button (`action: { label: "Reload", onClick }`). Any island may call
 * `toast(...)`; the one toaster of AppLayout (`Toaster.astro`, a plain script) renders it.
 */
import { atom } from "nanostores";

export type ToastVariant = "default" | "destructive";

/** A button in the toast (e.g. "Reload"): clicking it runs `onClick` and closes the toast. */
export interface ToastAction {
  readonly label: string;
  readonly onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to 5000. */
  duration?: number;
  action?: ToastAction;
}

export interface ToastData {
  readonly id: number;
  readonly title: string;
  readonly description?: string;
  readonly variant: ToastVariant;
  readonly duration: number;
  readonly action?: ToastAction;
}

export const TOAST_DURATION_MS = 5000;

/** The visible toast, or null. */
export const $toast = atom<ToastData | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
/** When the running timer was started and how long it had to go (for pause/resume). */
let timerStartedAt = 0;
let remaining = 0;

const clearTimer = (): void => {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
};

const startTimer = (id: number, ms: number): void => {
  clearTimer();
  remaining = ms;
  timerStartedAt = Date.now();
  timer = setTimeout(() => dismiss(id), ms);
};

/** Shows a toast, replacing the one on screen. Returns its id and a way to close it. */
export const toast = (input: ToastInput): { id: number; dismiss: () => void } => {
  const id = nextId++;
  const duration = input.duration ?? TOAST_DURATION_MS;
  $toast.set({
    id,
    title: input.title,
    ...(input.description ? { description: input.description } : {}),
    variant: input.variant ?? "default",
    duration,
    ...(input.action && input.action.label.trim() !== "" ? { action: { label: input.action.label, onClick: input.action.onClick } } : {}),
  });
  if (Number.isFinite(duration) && duration > 0) startTimer(id, duration);
  else clearTimer();
  return { id, dismiss: () => dismiss(id) };
};

/** Closes the toast on screen, or only toast `id` if given and still shown. */
export const dismiss = (id?: number): void => {
  const current = $toast.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimer();
  $toast.set(null);
};

/** Runs the action of toast `id` (if it is still the one shown) and closes it. */
export const runToastAction = (id: number): void => {
  const current = $toast.get();
  if (!current || current.id !== id || !current.action) return;
  const { onClick } = current.action;
  dismiss(id);
  onClick();
};

/** Stops the countdown (while the pointer or focus is on the toast). */
export const pauseToast = (): void => {
  if (timer === undefined) return;
  clearTimer();
  remaining = Math.max(0, remaining - (Date.now() - timerStartedAt));
};

/** Resumes a paused countdown with the time it had left. */
export const resumeToast = (): void => {
  const current = $toast.get();
  if (!current || timer !== undefined || !(Number.isFinite(current.duration) && current.duration > 0)) return;
  startTimer(current.id, remaining);
};

/** A toast the server asks for on page load (`<meta name="flash-toast" content='{...}'>`). */
export const parseFlashToast = (raw: string | null | undefined): ToastInput | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { title, description, variant } = value as Record<string, unknown>;
    if (typeof title !== "string" || title.trim() === "") return null;
    return {
      title: title.slice(0, 200),
      ...(typeof description === "string" && description !== "" ? { description: description.slice(0, 500) } : {}),
      variant: variant === "destructive" ? "destructive" : "default",
    };
  } catch {
    return null;
  }
};
