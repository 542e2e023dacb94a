// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Toaster from "./Toaster";
import { $toast, dismiss, toast } from "./toast-store";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  act(() => dismiss());
  vi.useRealTimers();
  document.head.querySelectorAll('meta[name="flash-toast"]').forEach((m) => m.remove());
});

describe("Toaster", () => {
  it("renders an empty notifications region", () => {
    render(<Toaster />);
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeTruthy();
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("announces a default toast politely and replaces it with the next", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Success", description: "Post created successfully!" }));
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("Success");
    expect(status.textContent).toContain("Post created successfully!");

    act(() => void toast({ title: "Note Created" }));
    expect(screen.getAllByTestId("toast")).toHaveLength(1);
    expect(screen.getByTestId("toast").textContent).toContain("Note Created");
  });

  it("puts destructive toasts in an alert", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Error", description: "Failed to delete post.", variant: "destructive" }));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Failed to delete post.");
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.getByTestId("toast").dataset.variant).toBe("destructive");
  });

  it("closes after 5000 ms", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Welcome back!" }));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByTestId("toast")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("closes with its close button", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Profile updated successfully!" }));
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(screen.queryByTestId("toast")).toBeNull();
    expect($toast.get()).toBeNull();
  });

  it("is dismissed by a swipe right of 50 px, not less", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Swipe me" }));
    const el = screen.getByTestId("toast");
    fireEvent.pointerDown(el, { pointerId: 1, clientX: 100, clientY: 10, button: 0, pointerType: "touch" });
    fireEvent.pointerMove(el, { pointerId: 1, clientX: 149, clientY: 10, pointerType: "touch" });
    fireEvent.pointerUp(el, { pointerId: 1, clientX: 149, clientY: 10, pointerType: "touch" });
    expect(screen.queryByTestId("toast")).not.toBeNull();

    fireEvent.pointerDown(el, { pointerId: 2, clientX: 100, clientY: 10, button: 0, pointerType: "touch" });
    fireEvent.pointerMove(el, { pointerId: 2, clientX: 150, clientY: 10, pointerType: "touch" });
    fireEvent.pointerUp(el, { pointerId: 2, clientX: 150, clientY: 10, pointerType: "touch" });
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("does not dismiss on a swipe left", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Stay" }));
    const el = screen.getByTestId("toast");
    fireEvent.pointerDown(el, { pointerId: 3, clientX: 200, clientY: 10, button: 0, pointerType: "touch" });
    fireEvent.pointerUp(el, { pointerId: 3, clientX: 100, clientY: 10, pointerType: "touch" });
    expect(screen.queryByTestId("toast")).not.toBeNull();
  });

  it("renders an action as a button that runs it and closes the toast", () => {
    const onClick = vi.fn();
    render(<Toaster />);
    act(
      () =>
        void toast({
          title: "Error",
          description: "This item was changed by someone else. Reload and try again.",
          variant: "destructive",
          action: { label: "Reload", onClick },
        }),
    );
    const button = screen.getByRole("button", { name: "Reload" });
    expect(screen.getByRole("alert").contains(button)).toBe(true);
    expect(button.className).toBe("toast-action");
    expect(button.getAttribute("type")).toBe("button");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("reaches the action from the keyboard: F8, then Tab, pausing the countdown while focused", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Error", variant: "destructive", action: { label: "Reload", onClick: () => undefined } }));
    fireEvent.keyDown(document, { key: "F8" });
    const button = screen.getByRole("button", { name: "Reload" });
    // Tab order: the first focusable element inside the focused viewport is the action, then Close.
    const focusables = [...screen.getByTestId("toast-viewport").querySelectorAll<HTMLElement>("button, [href], [tabindex]:not([tabindex='-1'])")];
    expect(focusables.map((el) => el.textContent || el.getAttribute("aria-label"))).toEqual(["Reload", "Close notification"]);
    act(() => button.focus());
    expect(document.activeElement).toBe(button);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId("toast")).not.toBeNull();
  });

  it("shows no action button without an action", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Saved" }));
    expect(screen.queryByTestId("toast-action")).toBeNull();
  });

  it("focuses the viewport on F8", () => {
    render(<Toaster />);
    fireEvent.keyDown(document, { key: "F8" });
    expect(document.activeElement).toBe(screen.getByTestId("toast-viewport"));
  });

  it("shows the server's flash toast on load", () => {
    const meta = document.createElement("meta");
    meta.name = "flash-toast";
    meta.content = JSON.stringify({ title: "Welcome back!", description: "Good to see you." });
    document.head.append(meta);
    render(<Toaster />);
    expect(screen.getByRole("status").textContent).toContain("Welcome back!");
    expect(document.head.querySelector('meta[name="flash-toast"]')).toBeNull();
  });
});
