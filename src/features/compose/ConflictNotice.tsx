interface ConflictNoticeProps {
  /** Someone else's change since the post was read: the server's message. */
  readonly message: string;
  readonly reloading: boolean;
  readonly onReload: () => void;
}

/** A version conflict beside the save buttons, with Reload (loaded with the save code, compose-later.ts). */
export default function ConflictNotice({ message, reloading, onReload }: ConflictNoticeProps) {
  return (
    <div className="compose-conflict" role="alert" data-testid="version-conflict">
      <p>{message}</p>
      <button type="button" className="btn btn-outline btn-sm" disabled={reloading} onClick={onReload}>
        {reloading ? "Reloading…" : "Reload"}
      </button>
    </div>
  );
}
