import type { ReactNode } from "react";

/**
 * Why the control beside it cannot be used now (a plan's feature, a permission, something not set
 * up on this server, the read-only demo), in words that show without hovering: a touch screen has no
 * hover, so a `title` never shows there. The control points here with `aria-describedby`
 * (`describedBy`), so a screen reader says the reason with the control. The app's one way to say it.
 */
export const DisabledReason = ({ id, children, className }: { readonly id: string; readonly children: ReactNode; readonly className?: string }) => (
  <small id={id} className={className ? `disabled-reason ${className}` : "disabled-reason"} data-testid="disabled-reason">
    {children}
  </small>
);

/** A control's `aria-describedby` from its reasons' ids, each with whether it holds now: `describedBy({ "limit-note": reached })`. */
export const describedBy = (reasons: Readonly<Record<string, unknown>>): { readonly "aria-describedby"?: string } => {
  const ids = Object.keys(reasons).filter((id) => reasons[id]);
  return ids.length > 0 ? { "aria-describedby": ids.join(" ") } : {};
};
