import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $toast, TOAST_DURATION_MS, dismiss, parseFlashToast, pauseToast, resumeToast, runToastAction, toast } from "./toast-store";

beforeEach(() => {
  vi.useFakeTimers();
  dismiss();
});

afterEach(() => {
  dismiss();
  vi.useRealTimers();
});

describe("toast store", () => {
  it("shows a toast with default variant and 5000 ms duration", () => {
    toast({ title: "Success", description: "Post created successfully!" });
    expect($toast.get()).toMatchObject({
      title: "Success",
      description: "Post created successfully!",
      variant: "default",
      duration: 5000,
    });
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it("keeps only one toast: a new one replaces the current", () => {
    const first = toast({ title: "First" });
    const second = toast({ title: "Error", description: "Failed to delete post.", variant: "destructive" });
    expect($toast.get()?.title).toBe("Error");
    expect($toast.get()?.variant).toBe("destructive");
    expect(second.id).not.toBe(first.id);
    // Dismissing the replaced toast does not close the visible one.
    first.dismiss();
    expect($toast.get()?.title).toBe("Error");
  });

  it("closes by itself after 5000 ms", () => {
    toast({ title: "Welcome back!" });
    vi.advanceTimersByTime(4999);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it("gives a replacing toast its own full duration", () => {
    toast({ title: "One" });
    vi.advanceTimersByTime(4000);
    toast({ title: "Two" });
    vi.advanceTimersByTime(4000);
    expect($toast.get()?.title).toBe("Two");
    vi.advanceTimersByTime(1000);
    expect($toast.get()).toBeNull();
  });

  it("honours a custom duration", () => {
    toast({ title: "Short", duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect($toast.get()).toBeNull();
  });

  it("dismiss() closes the current toast at once", () => {
    toast({ title: "Bye" });
    dismiss();
    expect($toast.get()).toBeNull();
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect($toast.get()).toBeNull();
  });

  it("pauses and resumes the countdown with the time left", () => {
    toast({ title: "Hover me" });
    vi.advanceTimersByTime(3000);
    pauseToast();
    vi.advanceTimersByTime(10_000);
    expect($toast.get()).not.toBeNull();
    resumeToast();
    vi.advanceTimersByTime(1999);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it("carries an optional action; running it closes the toast and calls it once", () => {
    const onClick = vi.fn();
    const { id } = toast({ title: "Error", description: "Changed elsewhere.", variant: "destructive", action: { label: "Reload", onClick } });
    expect($toast.get()?.action?.label).toBe("Reload");
    runToastAction(id);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect($toast.get()).toBeNull();
    runToastAction(id);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("runs no action of a toast already replaced, and keeps none without a label", () => {
    const onClick = vi.fn();
    const first = toast({ title: "One", action: { label: "Reload", onClick } });
    toast({ title: "Two" });
    runToastAction(first.id);
    expect(onClick).not.toHaveBeenCalled();
    expect($toast.get()?.title).toBe("Two");
    expect($toast.get()?.action).toBeUndefined();
    toast({ title: "Three", action: { label: "  ", onClick } });
    expect($toast.get()?.action).toBeUndefined();
  });
});

describe("parseFlashToast", () => {
  it("reads title, description and variant", () => {
    expect(parseFlashToast('{"title":"Welcome back!"}')).toEqual({ title: "Welcome back!", variant: "default" });
    expect(parseFlashToast('{"title":"Error","description":"Nope","variant":"destructive"}')).toEqual({
      title: "Error",
      description: "Nope",
      variant: "destructive",
    });
  });

  it("never takes an action from the page (only code gives one)", () => {
    expect(parseFlashToast('{"title":"Hi","action":{"label":"Reload"}}')).toEqual({ title: "Hi", variant: "default" });
  });

  it("ignores junk", () => {
    for (const raw of [null, undefined, "", "not json", "42", "null", '{"title":""}', '{"title":3}', "[]"]) {
      expect(parseFlashToast(raw), String(raw)).toBeNull();
    }
  });
});
