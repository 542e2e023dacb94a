import { useCallback, useEffect, useId, useRef, useState } from "react";
import { PLATFORMS } from "../../../domain/accounts/platforms";
import { toast } from "../../islands/toast/toast-store";
import { api, type ResponseOf } from "../../lib/api/client";
import { apiErrorStatus } from "../../lib/api-client";
import { AccountAvatar } from "../accounts/AccountAvatar";
import "./settings.css";

/** An account as GET /api/social-accounts answers it. */
type AccountItem = ResponseOf<"GET", "/api/social-accounts">[number];

const PLATFORM = new Map(PLATFORMS.map((p) => [p.id as string, p]));
const STATUS_LABEL = { connected: "Connected", reconnect_needed: "Reconnect needed", sandbox: "Sandbox", listing: "Listing" } as const;
const CONNECT_PAGE = "/app/connect-accounts";

/** Where "Reconnect" goes: the platform's OAuth flow again, or the connect screen for the other kinds. */
export const reconnectHref = (account: { readonly platform: string; readonly status: AccountItem["status"] }): string => {
  const platform = PLATFORM.get(account.platform === "x" ? "twitter" : account.platform);
  const oauth = platform?.connection === "oauth" && account.status !== "sandbox" && account.status !== "listing";
  return oauth ? `/api/auth/${encodeURIComponent(platform.id)}` : CONNECT_PAGE;
};

const followersText = (n: number) =>
  `${n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)}M` : n >= 10_000 ? `${Math.round(n / 1000)}K` : n.toLocaleString("en-US")} follower${n === 1 ? "" : "s"}`;

type Load = { readonly state: "loading" } | { readonly state: "error" } | { readonly state: "ready"; readonly accounts: ReadonlyArray<AccountItem> };

/**
 * Settings › Connected Accounts (spec core §2): the workspace's accounts with disconnect (after a
 * confirmation) and reconnect. An API that is not there yet (404) reads as no accounts.
 */
export default function ConnectedAccounts() {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [confirming, setConfirming] = useState<AccountItem | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const fetchAccounts = useCallback(async () => {
    try {
      const list = await api.get("/api/social-accounts");
      setLoad({ state: "ready", accounts: list.filter((a) => a.isConnected !== false || a.status === "reconnect_needed") });
    } catch (error) {
      setLoad(apiErrorStatus(error) === 404 ? { state: "ready", accounts: [] } : { state: "error" });
    }
  }, []);

  useEffect(() => {
    void fetchAccounts();
  }, [fetchAccounts]);

  const closeConfirm = () => {
    setConfirming(null);
    const target = returnFocus.current?.isConnected ? returnFocus.current : document.querySelector<HTMLElement>("#accounts-heading");
    requestAnimationFrame(() => target?.focus());
  };

  if (load.state === "loading") {
    return (
      <p className="muted accounts-status" aria-busy="true" data-testid="accounts-loading">
        Loading your accounts...
      </p>
    );
  }
  if (load.state === "error") {
    return (
      <div className="form-error accounts-status" role="alert">
        <span>Could not load your accounts.</span>{" "}
        <button type="button" className="btn btn-outline btn-small" onClick={() => (setLoad({ state: "loading" }), void fetchAccounts())}>
          Try again
        </button>
      </div>
    );
  }
  if (load.accounts.length === 0) {
    return (
      <div className="accounts-empty" data-testid="accounts-empty">
        <p className="accounts-empty-title">No accounts connected yet.</p>
        <p className="muted">Connect your social and review accounts to schedule posts and follow your reviews.</p>
        <a className="btn btn-primary" href={CONNECT_PAGE}>
          Connect Accounts
        </a>
      </div>
    );
  }

  return (
    <>
      <ul className="account-list" role="list" data-testid="account-list">
        {load.accounts.map((account) => {
          const platform = PLATFORM.get(account.platform);
          const status = account.status;
          const reconnect = status === "reconnect_needed" || platform?.connection === "oauth" || platform?.connection === "bluesky" || platform?.connection === "instance";
          return (
            <li key={account.id} className="account" data-testid="connected-account">
              {platform ? (
                <AccountAvatar platform={platform.id} name={account.accountName} avatar={account.avatar ?? null} />
              ) : (
                <span className="account-avatar" aria-hidden="true" />
              )}
              <div className="account-body">
                <p className="account-name">
                  <span className="name-wrap" title={account.accountName}>
                    {account.accountName}
                  </span>
                  <span className={`badge status-${status}`}>{STATUS_LABEL[status]}</span>
                  {account.isActive === false && <span className="badge">Paused</span>}
                </p>
                <p className="muted account-meta">
                  {platform?.name ?? account.platform}
                  {account.username ? ` · @${account.username.replace(/^@/, "")}` : ""}
                  {typeof account.followers === "number" && status !== "listing" ? ` · ${followersText(account.followers)}` : ""}
                </p>
              </div>
              <div className="account-actions">
                {reconnect && status !== "sandbox" && status !== "listing" && (
                  <a
                    className={`btn btn-small ${status === "reconnect_needed" ? "btn-primary" : "btn-outline"}`}
                    href={reconnectHref({ platform: account.platform, status })}
                    aria-label={`Reconnect ${account.accountName}`}
                  >
                    Reconnect
                  </a>
                )}
                <button
                  type="button"
                  className="btn btn-ghost btn-small btn-danger-text"
                  onClick={(e) => {
                    returnFocus.current = e.currentTarget;
                    setConfirming(account);
                  }}
                  aria-label={`Disconnect ${account.accountName}`}
                >
                  Disconnect
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="muted accounts-more">
        <a href={CONNECT_PAGE}>Connect another account</a>
      </p>
      {confirming && (
        <DisconnectDialog
          account={confirming}
          onClose={closeConfirm}
          onDone={(id) => setLoad((l) => (l.state === "ready" ? { state: "ready", accounts: l.accounts.filter((a) => a.id !== id) } : l))}
        />
      )}
    </>
  );
}

function DisconnectDialog({ account, onClose, onDone }: { account: AccountItem; onClose: () => void; onDone: (id: string) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [onClose]);

  const disconnect = async () => {
    setPending(true);
    try {
      await api.delete("/api/social-accounts/:id", { params: { id: account.id } });
      toast({ title: "Account disconnected successfully!" });
      onDone(account.id);
      ref.current?.close();
    } catch {
      toast({ title: "Error", description: "Failed to disconnect account.", variant: "destructive" });
      setPending(false);
    }
  };

  return (
    <dialog ref={ref} className="settings-dialog" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="disconnect-dialog">
      <div className="settings-dialog-body">
        <h2 id={`${id}-title`}>Disconnect {account.accountName}?</h2>
        <p id={`${id}-text`} className="muted">
          Posts will no longer go to this account. Its history stays, and you can connect it again at any time.
        </p>
      </div>
      <footer className="settings-dialog-footer">
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={() => ref.current?.close()}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={disconnect} disabled={pending} aria-disabled={pending}>
          {pending ? "Disconnecting..." : "Disconnect"}
        </button>
      </footer>
    </dialog>
  );
}
