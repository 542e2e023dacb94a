import type { ReactNode } from "react";

/**
 * A labelled control with its error below it, laid out as Field.astro lays one out, for React:
 * `<div class="field"><label for={id}>{label}</label>{children}<p class="field-error">{error}</p></div>`.
 * The control (input, select, textarea, with `id` and its own attributes) and anything shown under
 * it are the children; the error paragraph is there only while there is an error.
 */
export function Field({ id, label, error, children }: { id: string; label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
