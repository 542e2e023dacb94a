// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $toast, dismiss, toast } from "./toast-store";
import { mountToaster } from "./toaster";

/** The viewport as Toaster.astro renders it on the server. */
const serverMarkup = `<section class="toast-viewport" aria-label="Notifications (F8)" tabindex="-1" data-testid="toast-viewport">
  <div role="status" aria-live="polite" aria-atomic="true"></div>
  <div role="alert" aria-live="assertive" aria-atomic="true"></div>
</section>`;

let unmount: (() => void) | undefined;
const mount = () => {
  document.body.innerHTML = serverMarkup;
  const viewport = document.querySelector<HTMLElement>('[data-testid="toast-viewport"]')!;
  unmount = mountToaster(viewport);
  return viewport;
};
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const allByTestId = (id: string) => document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`);
const role = (name: string) => document.querySelector<HTMLElement>(`[role="${name}"]`)!;
const buttonNamed = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent) === name) ?? null;
const pointer = (el: Element, type: string, init: { pointerId: number; clientX: number; button?: number; pointerType: string }) => {
  // jsdom has no PointerEvent: a MouseEvent with the pointer fields the toaster reads.
  const event = new MouseEvent(type, { bubbles: true, clientX: init.clientX, button: init.button ?? 0 });
  Object.assign(event, { pointerId: init.pointerId, pointerType: init.pointerType });
  el.dispatchEvent(event);
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  unmount?.();
  unmount = undefined;
  dismiss();
  vi.useRealTimers();
  document.body.innerHTML = "";
  document.head.querySelectorAll('meta[name="flash-toast"]').forEach((m) => m.remove());
});

describe("toaster", () => {
  it("keeps an empty notifications region", () => {
    const viewport = mount();
    expect(viewport.getAttribute("aria-label")).toBe("Notifications (F8)");
    expect(byTestId("toast")).toBeNull();
  });

  it("creates the live regions when the markup has none", () => {
    document.body.innerHTML = '<section data-testid="toast-viewport" tabindex="-1"></section>';
    unmount = mountToaster(byTestId("toast-viewport")!);
    expect(role("status").getAttribute("aria-live")).toBe("polite");
    expect(role("alert").getAttribute("aria-live")).toBe("assertive");
  });

  it("announces a default toast politely and replaces it with the next", () => {
    mount();
    toast({ title: "Success", description: "Post created successfully!" });
    const status = role("status");
    expect(status.querySelector(".toast-title")?.textContent).toBe("Success");
    expect(status.querySelector(".toast-description")?.textContent).toBe("Post created successfully!");
    expect(byTestId("toast")?.className).toBe("toast");
    expect(byTestId("toast")?.dataset.variant).toBe("default");

    toast({ title: "Note Created" });
    expect(allByTestId("toast")).toHaveLength(1);
    expect(byTestId("toast")?.textContent).toContain("Note Created");
    expect(byTestId("toast")?.querySelector(".toast-description")).toBeNull();
  });

  it("shows text as text, never as markup", () => {
    mount();
    toast({ title: "<img src=x onerror=alert(1)>" });
    expect(byTestId("toast")?.querySelector("img")).toBeNull();
    expect(byTestId("toast")?.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  it("puts destructive toasts in an alert", () => {
    mount();
    toast({ title: "Error", description: "Failed to delete post.", variant: "destructive" });
    expect(role("alert").textContent).toContain("Failed to delete post.");
    expect(role("status").textContent).toBe("");
    expect(byTestId("toast")?.dataset.variant).toBe("destructive");
    expect(byTestId("toast")?.className).toBe("toast toast-destructive");
  });

  it("closes after 5000 ms", () => {
    mount();
    toast({ title: "Welcome back!" });
    vi.advanceTimersByTime(4999);
    expect(byTestId("toast")).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(byTestId("toast")).toBeNull();
  });

  it("closes with its close button", () => {
    mount();
    toast({ title: "Profile updated successfully!" });
    const close = buttonNamed("Close notification")!;
    expect(close.className).toBe("toast-close");
    expect(close.getAttribute("type")).toBe("button");
    expect(close.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    close.click();
    expect(byTestId("toast")).toBeNull();
    expect($toast.get()).toBeNull();
  });

  it("pauses while the pointer is on it and resumes with the time it had left", () => {
    mount();
    toast({ title: "Hover me" });
    vi.advanceTimersByTime(3000);
    byTestId("toast")!.dispatchEvent(new MouseEvent("mouseenter"));
    vi.advanceTimersByTime(10_000);
    expect(byTestId("toast")).not.toBeNull();
    byTestId("toast")!.dispatchEvent(new MouseEvent("mouseleave"));
    vi.advanceTimersByTime(1999);
    expect(byTestId("toast")).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(byTestId("toast")).toBeNull();
  });

  it("is dismissed by a swipe right of 50 px, not less", () => {
    mount();
    toast({ title: "Swipe me" });
    const el = byTestId("toast")!;
    pointer(el, "pointerdown", { pointerId: 1, clientX: 100, pointerType: "touch" });
    pointer(el, "pointermove", { pointerId: 1, clientX: 149, pointerType: "touch" });
    expect(el.classList.contains("toast-swiping")).toBe(true);
    expect(el.style.transform).toBe("translateX(49px)");
    pointer(el, "pointerup", { pointerId: 1, clientX: 149, pointerType: "touch" });
    expect(byTestId("toast")).not.toBeNull();
    expect(el.classList.contains("toast-swiping")).toBe(false);
    expect(el.style.transform).toBe("");

    pointer(el, "pointerdown", { pointerId: 2, clientX: 100, pointerType: "touch" });
    pointer(el, "pointermove", { pointerId: 2, clientX: 150, pointerType: "touch" });
    pointer(el, "pointerup", { pointerId: 2, clientX: 150, pointerType: "touch" });
    expect(byTestId("toast")).toBeNull();
  });

  it("does not dismiss on a swipe left", () => {
    mount();
    toast({ title: "Stay" });
    const el = byTestId("toast")!;
    pointer(el, "pointerdown", { pointerId: 3, clientX: 200, pointerType: "touch" });
    pointer(el, "pointerup", { pointerId: 3, clientX: 100, pointerType: "touch" });
    expect(byTestId("toast")).not.toBeNull();
  });

  it("renders an action as a button that runs it and closes the toast", () => {
    const onClick = vi.fn();
    mount();
    toast({
      title: "Error",
      description: "This item was changed by someone else. Reload and try again.",
      variant: "destructive",
      action: { label: "Reload", onClick },
    });
    const button = buttonNamed("Reload")!;
    expect(role("alert").contains(button)).toBe(true);
    expect(button.className).toBe("toast-action");
    expect(button.dataset.testid).toBe("toast-action");
    expect(button.getAttribute("type")).toBe("button");
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(byTestId("toast")).toBeNull();
  });

  it("reaches the action from the keyboard: F8, then Tab, pausing the countdown while focused", () => {
    mount();
    toast({ title: "Error", variant: "destructive", action: { label: "Reload", onClick: () => undefined } });
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "F8", bubbles: true }));
    expect(document.activeElement).toBe(byTestId("toast-viewport"));
    // Tab order: the first focusable element inside the focused viewport is the action, then Close.
    const focusables = [...byTestId("toast-viewport")!.querySelectorAll<HTMLElement>("button, [href], [tabindex]:not([tabindex='-1'])")];
    expect(focusables.map((el) => el.textContent || el.getAttribute("aria-label"))).toEqual(["Reload", "Close notification"]);
    const button = buttonNamed("Reload")!;
    button.focus();
    expect(document.activeElement).toBe(button);
    vi.advanceTimersByTime(10_000);
    expect(byTestId("toast")).not.toBeNull();
  });

  it("shows no action button without an action", () => {
    mount();
    toast({ title: "Saved" });
    expect(byTestId("toast-action")).toBeNull();
  });

  it("shows the server's flash toast on load", () => {
    const meta = document.createElement("meta");
    meta.name = "flash-toast";
    meta.content = JSON.stringify({ title: "Welcome back!", description: "Good to see you." });
    document.head.append(meta);
    mount();
    expect(role("status").textContent).toContain("Welcome back!");
    expect(document.head.querySelector('meta[name="flash-toast"]')).toBeNull();
  });

  it("shows a toast asked for before it was mounted (an island that hydrated first)", () => {
    toast({ title: "Early" });
    mount();
    expect(byTestId("toast")?.textContent).toContain("Early");
  });
});
