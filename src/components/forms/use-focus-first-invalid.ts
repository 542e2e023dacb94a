import { useCallback, useEffect, useState, type RefObject } from "react";

/**
 * Moves the focus to the form's first field marked invalid, once React has committed the errors
 * just set: a frame requested at the time of setting them may come before that commit on a busy
 * machine, and then finds no invalid field.
 */
export const useFocusFirstInvalid = (form: RefObject<HTMLElement | null>): (() => void) => {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked, form]);
  return useCallback(() => setAsked((n) => n + 1), []);
};
