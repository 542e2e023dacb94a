import { AccountAvatar } from "../accounts/AccountAvatar";
import { accountsForCategory, type ComposeAccount, type ComposeCategory } from "./compose-model";

interface AccountPickerProps {
  /** Null when the accounts could not be read: the screen says so instead of offering none. */
  readonly accounts: ReadonlyArray<ComposeAccount> | null;
  readonly categories: ReadonlyArray<ComposeCategory>;
  readonly categoryId: string;
  readonly accountIds: ReadonlyArray<string>;
  readonly names: Readonly<Record<string, string>>;
  /** Connected review and listing sites, which take no posts. */
  readonly noPosting?: ReadonlyArray<string>;
  readonly error: string | undefined;
  readonly hydrated: boolean;
  readonly onCategory: (id: string) => void;
  readonly onToggle: (accountId: string) => void;
}

/** The category picker and the account checkboxes, limited to the chosen category's platforms. */
export const AccountPicker = ({
  accounts,
  categories,
  categoryId,
  accountIds,
  names,
  noPosting = [],
  error,
  hydrated,
  onCategory,
  onToggle,
}: AccountPickerProps) => {
  const all = accounts ?? [];
  const offered = accountsForCategory(
    all,
    categories.find((c) => c.id === categoryId),
  );
  return (
    <>
      <div className="field">
        <label htmlFor="compose-category">Category</label>
        <select id="compose-category" className="select" value={categoryId} disabled={!hydrated} onChange={(e) => onCategory(e.target.value)}>
          <option value="">No category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="compose-accounts" aria-invalid={error ? "true" : undefined} aria-describedby={error ? "compose-platforms-error" : undefined}>
        <legend>Accounts</legend>
        {accounts === null ? (
          <div className="compose-accounts-error" role="alert" data-testid="accounts-error">
            <p>We could not load your connected accounts. Nothing you wrote is lost.</p>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => window.location.reload()}>
              Try again
            </button>
          </div>
        ) : offered.length === 0 ? (
          <p className="muted" data-testid="no-accounts">
            {all.length === 0 ? (
              <>
                No connected accounts yet. <a href="/app/connect-accounts">Connect an account</a> to start posting.
              </>
            ) : (
              "No connected accounts match this category."
            )}
          </p>
        ) : (
          <div className="compose-account-grid" data-testid="account-list">
            {offered.map((a) => (
              <label key={a.id} className="compose-account" data-platform={a.platform}>
                <input type="checkbox" checked={accountIds.includes(a.id)} disabled={!hydrated} onChange={() => onToggle(a.id)} />
                <AccountAvatar platform={a.platform} name={a.accountName} avatar={a.avatar ?? null} size="small" />
                <span className="compose-account-text">
                  <span className="compose-account-name">{a.accountName}</span>
                  <span className="muted">
                    {names[a.platform] ?? a.platform}
                    {a.sandbox && " · Sandbox"}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
        {noPosting.length > 0 && (
          <p className="muted compose-no-posting" data-testid="no-posting">
            Not offered: {noPosting.join(", ")}. No posting: {noPosting.length === 1 ? "the site allows" : "these sites allow"} none (their accounts are for
            reviews).
          </p>
        )}
        {error && (
          <p id="compose-platforms-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </>
  );
};
