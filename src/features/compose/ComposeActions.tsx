import { lazy, Suspense } from "react";
import { lazyItems, Menu } from "../../components/ui/Menu";
import type { Action } from "./compose-model";
import { loadLater } from "./load-later";

/** Shown after a save met someone else's change: loaded with the save code. */
const ConflictNotice = lazy(() => loadLater().then((m) => ({ default: m.ConflictNotice })));

interface ComposeActionsProps {
  readonly saving: Action | null;
  /** Nothing can be sent (the page is not ready, a save or an upload runs). */
  readonly busy: boolean;
  readonly hasAccount: boolean;
  readonly onSubmit: (action: Action) => void;
  readonly onChooseDateAndTime: () => void;
  /** Someone else changed the post since it was read: their message, with Reload. */
  readonly conflict: string | null;
  readonly reloading: boolean;
  readonly onReload: () => void;
}

/** Post Now, Schedule, Schedule Options and Add to Drafts (spec core §4), and a version conflict beside them. */
export const ComposeActions = ({ saving, busy, hasAccount, onSubmit, onChooseDateAndTime, conflict, reloading, onReload }: ComposeActionsProps) => (
  <div className="compose-actions">
    <button type="button" className="btn btn-primary" disabled={busy || !hasAccount} onClick={() => onSubmit("now")}>
      {saving === "now" ? "Posting…" : "Post Now"}
    </button>
    <button type="button" className="btn btn-accent" disabled={busy || !hasAccount} onClick={() => onSubmit("schedule")}>
      {saving === "schedule" ? "Scheduling…" : "Schedule"}
    </button>
    <Menu
      label={saving === "timeslot" ? "Adding…" : "Schedule Options"}
      disabled={busy || !hasAccount}
      className="compose-schedule-options"
      items={lazyItems(loadLater, (m) => m.scheduleOptionItems(onSubmit, onChooseDateAndTime))}
    />
    <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onSubmit("draft")}>
      {saving === "draft" ? "Saving…" : "Add to Drafts"}
    </button>
    {conflict && (
      <Suspense fallback={null}>
        <ConflictNotice message={conflict} reloading={reloading} onReload={onReload} />
      </Suspense>
    )}
  </div>
);
