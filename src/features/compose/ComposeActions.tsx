import { lazy, Suspense } from "react";
import { DisabledReason } from "../../components/ui/DisabledReason";
import { lazyItems, Menu } from "../../components/ui/Menu";
import type { Action } from "./compose-model";
import { loadLater } from "./load-later";
import type { PlatformProblem } from "../../../domain/publishing/platform-rules";

/** Shown after a save met someone else's change: loaded with the save code. */
const ConflictNotice = lazy(() =>
  loadLater().then((m) => ({ default: m.ConflictNotice })),
);

interface ComposeActionsProps {
  readonly saving: Action | null;
  /** Nothing can be sent (the page is not ready, a save or an upload runs). */
  readonly busy: boolean;
  readonly hasAccount: boolean;
  /** What the chosen platforms would refuse: no button sends the post, and the note says why. */
  readonly problems: ReadonlyArray<PlatformProblem>;
  readonly onSubmit: (action: Action) => void;
  readonly onChooseDateAndTime: () => void;
  /** Someone else changed the post since it was read: their message, with Reload. */
  readonly conflict: string | null;
  readonly reloading: boolean;
  readonly onReload: () => void;
  /** The person's posts go to the approvers first: the workspace's name, for the note that says so. */
  readonly approval?: { readonly workspaceName: string } | null;
}

/**
 * Post Now, Schedule, Schedule Options and Add to Drafts (spec core §4), and a version conflict beside
 * them. For a person whose posts need approval the two first read what they do (submit, not publish)
 * and a note under them says who approves, before anything is pressed. While the post does not fit a
 * chosen platform, every button waits and says why (the server refuses such drafts too).
 */
export const ComposeActions = ({ saving, busy, hasAccount, problems, onSubmit, onChooseDateAndTime, conflict, reloading, onReload, approval }: ComposeActionsProps) => {
  const refused = problems.length > 0;
  const why = [hasAccount ? null : "compose-no-account", refused ? "compose-refused" : null, approval ? "compose-approval-note" : null].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <div className="compose-actions">
        <button type="button" className="btn btn-primary" disabled={busy || !hasAccount || refused} aria-describedby={why} onClick={() => onSubmit("now")}>
          {saving === "now" ? (approval ? "Submitting…" : "Posting…") : approval ? "Submit for approval" : "Post Now"}
        </button>
        <button type="button" className="btn btn-accent" disabled={busy || !hasAccount || refused} aria-describedby={why} onClick={() => onSubmit("schedule")}>
          {saving === "schedule" ? (approval ? "Submitting…" : "Scheduling…") : approval ? "Submit to schedule" : "Schedule"}
        </button>
        <Menu
          label={saving === "timeslot" ? "Adding…" : "Schedule Options"}
          disabled={busy || !hasAccount || refused}
          className="compose-schedule-options"
          items={lazyItems(loadLater, (m) => m.scheduleOptionItems(onSubmit, onChooseDateAndTime))}
        />
        <button type="button" className="btn btn-outline" disabled={busy || refused} aria-describedby={refused ? "compose-refused" : undefined} onClick={() => onSubmit("draft")}>
          {saving === "draft" ? "Saving…" : "Add to Drafts"}
        </button>
        {conflict && (
          <Suspense fallback={null}>
            <ConflictNotice message={conflict} reloading={reloading} onReload={onReload} />
          </Suspense>
        )}
      </div>
      {!hasAccount && <DisabledReason id="compose-no-account">Choose an account to post or schedule; a draft needs none.</DisabledReason>}
      {refused && (
        <p id="compose-refused" className="compose-refused" role="status" data-testid="compose-refused">
          Not yet: {problems.map((p) => p.message).join(" ")}
        </p>
      )}
      {approval && (
        <p id="compose-approval-note" className="muted compose-approval-note" data-testid="compose-approval-note">
          Your posts are approved by an owner or admin of {approval.workspaceName} before they go out. Submit for approval sends it as soon as it is
          approved; Submit to schedule, at the time you choose.
        </p>
      )}
    </>
  );
};
