import { type ReactNode, useMemo, useState } from "react";
import type { AccountView } from "../../../infra/accounts/SocialAccounts";
import type { PlatformId } from "../../../domain/accounts";
import type { ConnectionMethod } from "../../../domain/accounts/platforms";
import { isLimitReached, UNLIMITED, usageColour, usagePercent } from "../../../domain/plans";
import { Dialog } from "../../components/ui/Dialog";
import { DisabledReason, describedBy } from "../../components/ui/DisabledReason";
import { useHydrated } from "../../components/ui/use-hydrated";
import { api } from "../../lib/api/client";
import { apiErrorFields, apiErrorMessage } from "../../lib/api-client";
import { listed } from "../../lib/text";
// The file itself, not the module's index: the island takes no decider code.
import { BUSINESS_KIND_LABELS, BUSINESS_KINDS, type BusinessKind, FIXED_KIND_PLATFORMS } from "../../../domain/accounts/business-kind";
import { toast } from "../../islands/toast/toast-store";
import { AccountAvatar } from "./AccountAvatar";
import { filterPlatforms, type Kind, KINDS, noMatchMessage, shownCount } from "./connect-accounts-model";
import { PlatformBadge } from "./platform-badge";
import "./connect-accounts.css";

export interface PlatformCard {
  readonly id: PlatformId;
  readonly name: string;
  readonly category: "social" | "review";
  readonly description: string;
  readonly connection: ConnectionMethod;
  readonly configured: boolean;
  /** The settings an operator must set for it, sent to operators only. */
  readonly missingVariables: ReadonlyArray<string>;
  readonly listingExample: string | null;
}

interface Props {
  readonly platforms: ReadonlyArray<PlatformCard>;
  readonly initialAccounts: ReadonlyArray<AccountView>;
  readonly limit: number;
  readonly limitMessage: string;
  /** Accounts of the agency's other workspaces (its own and its clients'): the plan's limit counts them too. */
  readonly elsewhere: number;
  readonly demo: boolean;
  /** The person's role may connect, pause and disconnect accounts (owners and admins). */
  readonly canManage: boolean;
}

type Open =
  | { readonly kind: "bluesky"; readonly platform: PlatformCard }
  | { readonly kind: "instance"; readonly platform: PlatformCard }
  | { readonly kind: "listing"; readonly platform: PlatformCard }
  | { readonly kind: "telegram"; readonly platform: PlatformCard }
  | { readonly kind: "discord"; readonly platform: PlatformCard }
  | { readonly kind: "sandbox"; readonly platform: PlatformCard }
  | { readonly kind: "disconnect"; readonly account: AccountView }
  | null;

const STATUS_LABEL: Record<AccountView["status"], string> = {
  connected: "Connected",
  reconnect_needed: "Reconnect needed",
  sandbox: "Sandbox",
  listing: "Listing",
};

const METHOD_NOTE: Record<PlatformCard["connection"], string> = {
  oauth: "Sign in with the platform; we keep its access encrypted and renew it for you.",
  bluesky: "Your handle and an app password, on bsky.social or your own server.",
  telegram: "Your own bot (from BotFather), made an administrator of your channel.",
  discord: "A webhook of your channel: paste its address.",
  instance: "Your server's address; you sign in there and approve SocialDesk. Works with any server speaking Mastodon's API.",
  listing: "Adds your public profile address so its reviews can be followed here. No posting: the site allows none.",
};

const formatNumber = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)}M` : n >= 1_000 ? `${(n / 1_000).toFixed(1)}K` : String(n));

/** Why Connect and Add sandbox account are off in the demo. */
const DEMO_NOTE = "Demo mode is read-only. Start your free trial to connect your own accounts and try sandbox ones.";

export default function ConnectAccounts({ platforms, initialAccounts, limit, limitMessage, elsewhere, demo, canManage }: Props) {
  const [accounts, setAccounts] = useState<ReadonlyArray<AccountView>>(initialAccounts);
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [kind, setKind] = useState<Kind>("all");
  const hydrated = useHydrated();

  const count = accounts.length + elsewhere;
  const reached = isLimitReached(count, limit);
  const byPlatform = useMemo(() => new Set(accounts.map((a) => a.platform)), [accounts]);
  const stats = [
    { label: "Connected accounts", value: String(count) },
    { label: "Total followers", value: formatNumber(accounts.reduce((sum, a) => sum + a.followers, 0)) },
    { label: "Platforms", value: String(byPlatform.size) },
    { label: "Need attention", value: String(accounts.filter((a) => a.status === "reconnect_needed").length) },
  ];

  const upsert = (account: AccountView) =>
    setAccounts((list) => (list.some((a) => a.id === account.id) ? list.map((a) => (a.id === account.id ? account : a)) : [...list, account]));

  const connected = (account: AccountView) => {
    upsert(account);
    setOpen(null);
    const name = platforms.find((p) => p.id === account.platform)?.name ?? account.platform;
    toast({ title: "Account Connected!", description: `Successfully connected your ${name} account.` });
  };

  const failed = (error: unknown) =>
    toast({ title: "Connection Failed", description: apiErrorMessage(error, "Failed to connect account. Please try again."), variant: "destructive" });

  const toggleActive = async (account: AccountView) => {
    setBusy(account.id);
    try {
      upsert(await api.put("/api/social-accounts/:id", { params: { id: account.id }, payload: { isActive: !account.isActive } }));
      toast({
        title: account.isActive ? "Account paused" : "Account resumed",
        description: account.isActive ? "Nothing will be published to it until you resume it." : "Posts can go to it again.",
      });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to update the account."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const disconnect = async (account: AccountView) => {
    setBusy(account.id);
    try {
      await api.delete("/api/social-accounts/:id", { params: { id: account.id } });
      setAccounts((list) => list.filter((a) => a.id !== account.id));
      setOpen(null);
      toast({ title: "Success", description: "Account disconnected successfully!" });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to disconnect account."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  /** The platform's sandbox accounts' names: a second one (another location) is named apart from them. */
  const sandboxNames = (platform: PlatformId) => accounts.filter((a) => a.platform === platform && a.kind === "sandbox").map((a) => a.accountName);

  const startConnect = (platform: PlatformCard) => {
    if (platform.connection === "oauth") window.location.assign(`/api/auth/${platform.id}`);
    else setOpen({ kind: platform.connection, platform });
  };

  const shown = filterPlatforms(platforms, query, kind, byPlatform);
  const groups = [
    { title: "Social networks", items: shown.filter((p) => p.category === "social") },
    { title: "Review and directory sites", items: shown.filter((p) => p.category === "review") },
  ].filter((group) => group.items.length > 0);
  const colour = usageColour(count, limit);

  return (
    <div className="connect" data-testid="connect-accounts" data-hydrated={hydrated ? "true" : undefined}>
      <section className="stats" aria-label="Your accounts at a glance">
        {stats.map((s) => (
          <div className="card stat" key={s.label}>
            <span className="stat-value">{s.value}</span>
            <span className="muted">{s.label}</span>
          </div>
        ))}
      </section>

      <section className={`card meter${reached ? " meter-reached" : ""}`} aria-labelledby="meter-title" data-testid="account-meter">
        <div className="meter-head">
          <h2 id="meter-title">Account limit</h2>
          <span data-testid="account-usage">{limit === UNLIMITED ? `${count} accounts · unlimited` : `${count} of ${limit} accounts used`}</span>
        </div>
        <div
          className="meter-track"
          role="meter"
          aria-valuemin={0}
          aria-valuemax={limit === UNLIMITED ? count : limit}
          aria-valuenow={count}
          aria-label="Accounts used"
        >
          <div className={`meter-fill usage-${colour} width-${Math.round(usagePercent(count, limit) / 5) * 5}`} data-colour={colour} />
        </div>
        {reached && (
          <p className="meter-message" role="status">
            {limitMessage}{" "}
            <a className="btn btn-primary" href="/app/pricing">
              Upgrade
            </a>
          </p>
        )}
      </section>

      {accounts.length > 0 && (
        <section className="card" aria-labelledby="connected-title">
          <h2 id="connected-title">Connected accounts</h2>
          <ul className="account-list">
            {accounts.map((account) => {
              const platform = platforms.find((p) => p.id === account.platform);
              return (
                <li key={account.id} className="account-row" data-testid={`account-${account.platform}`}>
                  <AccountAvatar platform={account.platform} name={account.accountName} avatar={account.avatar} />
                  <div className="account-main">
                    <span className="account-title">
                      <strong className="name-wrap" title={account.accountName}>
                        {account.accountName}
                      </strong>
                      <span className={`badge status-${account.status}`}>{STATUS_LABEL[account.status]}</span>
                      {!account.isActive && <span className="badge">Paused</span>}
                    </span>
                    <span className="muted">
                      {platform?.name}
                      {account.username ? ` · @${account.username}` : ""}
                      {account.kind !== "listing" ? ` · ${formatNumber(account.followers)} followers` : ""}
                      {account.metadata.rating ? ` · ${account.metadata.rating}★ (${account.metadata.reviews ?? 0} reviews)` : ""}
                    </span>
                    {account.status === "reconnect_needed" && (
                      <span className="field-error">{account.statusReason ?? "The platform no longer accepts our access. Reconnect the account."}</span>
                    )}
                  </div>
                  <div className="account-actions">
                    {account.kind === "sandbox" && (
                      <a className="btn btn-outline" href={`/app/sandbox?account=${account.id}`}>
                        Sandbox timeline
                      </a>
                    )}
                    {canManage && account.status === "reconnect_needed" && platform && (
                      <button
                        type="button"
                        className="btn btn-primary"
                        onClick={() => startConnect(platform)}
                      >
                        Reconnect
                      </button>
                    )}
                    {canManage && (
                      <>
                        <button type="button" className="btn btn-outline" disabled={!hydrated || busy === account.id} onClick={() => toggleActive(account)}>
                          {account.isActive ? "Pause" : "Resume"}
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-danger-text"
                          disabled={!hydrated || busy === account.id}
                          onClick={() => setOpen({ kind: "disconnect", account })}
                        >
                          Disconnect
                        </button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <section className="card platform-filter" aria-label="Find a platform">
        <input
          className="input search-input"
          type="search"
          placeholder="Search platforms"
          aria-label="Search platforms"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div className="kind-chips" role="group" aria-label="Kind">
          {KINDS.map((k) => (
            <button key={k.id} type="button" className="chip" aria-pressed={kind === k.id} onClick={() => setKind(k.id)}>
              {k.label}
            </button>
          ))}
        </div>
      </section>
      <div className={groups.length === 0 ? "card no-match" : "match-count"}>
        {/* Always in the page, so screen readers hear each change as the search is typed. */}
        <p className={groups.length === 0 ? undefined : "visually-hidden"} role="status">
          {groups.length === 0 ? noMatchMessage(query, kind) : shownCount(shown.length, platforms.length)}
        </p>
        {groups.length === 0 && (query.trim() || kind !== "all") && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setQuery("");
              setKind("all");
            }}
          >
            Show all platforms
          </button>
        )}
      </div>

      {!canManage && (
        <p className="limit-note" data-testid="role-note">
          Only owners and admins connect accounts. Ask one of them to add the account you need.
        </p>
      )}
      {/* The buttons below are disabled at the limit: the reason and the way out sit right above them. */}
      {canManage && reached && groups.length > 0 && (
        <DisabledReason id="limit-note" className="limit-note">
          {limitMessage} <a href="/app/pricing">Upgrade</a>
        </DisabledReason>
      )}
      {canManage && demo && (
        <DisabledReason id="demo-note" className="demo-note">
          {DEMO_NOTE}
        </DisabledReason>
      )}

      {groups.map((group) => (
        <section key={group.title} aria-labelledby={`group-${group.title}`}>
          <h2 id={`group-${group.title}`} className="group-title">
            {group.title}
          </h2>
          <ul className="platform-grid">
            {group.items.map((platform) => {
              const isConnected = byPlatform.has(platform.id);
              return (
                <li key={platform.id} className="card platform-card" data-testid={`platform-${platform.id}`}>
                  <div className="platform-head">
                    <PlatformBadge platform={platform.id} />
                    <h3>{platform.name}</h3>
                  </div>
                  <p className="muted">{platform.description}</p>
                  <p className="method">{METHOD_NOTE[platform.connection]}</p>
                  {!platform.configured &&
                    (platform.missingVariables.length > 0 ? (
                      <DisabledReason id={`${platform.id}-not-configured`} className="not-configured">
                        Not configured on this server. Set{" "}
                        {platform.missingVariables.map((name, i) => (
                          <span key={name}>
                            {i > 0 && " and "}
                            <code>{name}</code>
                          </span>
                        ))}
                        .
                      </DisabledReason>
                    ) : (
                      <DisabledReason id={`${platform.id}-not-configured`} className="not-configured">
                        Not available yet on this server. You can still try it with a sandbox account.
                      </DisabledReason>
                    ))}
                  {canManage && (
                    <div className="platform-actions">
                      <button
                        type="button"
                        className="btn btn-primary"
                        disabled={!hydrated || isConnected || !platform.configured || demo || reached}
                        {...describedBy({ "limit-note": reached && !isConnected, "demo-note": demo, [`${platform.id}-not-configured`]: !platform.configured })}
                        onClick={() => startConnect(platform)}
                      >
                        {isConnected ? "Connected" : "Connect"}
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline"
                        disabled={!hydrated || demo || reached}
                        {...describedBy({ "limit-note": reached, "demo-note": demo })}
                        onClick={() => setOpen({ kind: "sandbox", platform })}
                      >
                        {sandboxNames(platform.id).length > 0 ? "Add another sandbox account" : "Add sandbox account"}
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}

      <BlueskyDialog open={open?.kind === "bluesky"} onClose={() => setOpen(null)} onConnected={connected} onFailed={failed} />
      <TelegramDialog open={open?.kind === "telegram"} onClose={() => setOpen(null)} onConnected={connected} onFailed={failed} />
      <DiscordDialog open={open?.kind === "discord"} onClose={() => setOpen(null)} onConnected={connected} onFailed={failed} />
      <InstanceDialog platform={open?.kind === "instance" ? open.platform : null} onClose={() => setOpen(null)} />
      <ListingDialog platform={open?.kind === "listing" ? open.platform : null} onClose={() => setOpen(null)} onConnected={connected} onFailed={failed} />
      <SandboxDialog
        platform={open?.kind === "sandbox" ? open.platform : null}
        taken={open?.kind === "sandbox" ? sandboxNames(open.platform.id) : []}
        onClose={() => setOpen(null)}
        onConnected={connected}
        onFailed={failed}
      />
      <Dialog
        open={open?.kind === "disconnect"}
        title="Disconnect this account?"
        description="Scheduled posts will no longer go to it. Its history stays, and you can connect it again later."
        onClose={() => setOpen(null)}
      >
        {open?.kind === "disconnect" && (
          <div className="ui-dialog-actions">
            <button type="button" className="btn btn-outline" onClick={() => setOpen(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" disabled={busy === open.account.id} onClick={() => disconnect(open.account)}>
              Disconnect {open.account.accountName}
            </button>
          </div>
        )}
      </Dialog>
    </div>
  );
}

interface FormDialogProps {
  readonly onClose: () => void;
  readonly onConnected: (account: AccountView) => void;
  readonly onFailed: (error: unknown) => void;
}

/** A connection's call (the typed client's), answering the account connected. */
type Connect = () => Promise<AccountView>;

/** Sends a form's connection; field messages show beside the fields, anything else as a toast. */
const useSubmit = ({ onConnected, onFailed }: Omit<FormDialogProps, "onClose">) => {
  const [pending, setPending] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (connect: Connect) => {
    setPending(true);
    setFields({});
    try {
      onConnected(await connect());
    } catch (error) {
      const messages = apiErrorFields(error);
      if (Object.keys(messages).length > 0) setFields(messages);
      else onFailed(error);
    } finally {
      setPending(false);
    }
  };
  return { pending, fields, submit };
};

const FieldError = ({ message, id }: { message?: string; id: string }) =>
  message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;

/**
 * Mastodon: the person's server, then a navigation to /api/auth/mastodon, which registers
 * SocialDesk there and sends the browser to the server's own sign-in; the outcome comes back as a toast.
 */
const InstanceDialog = ({ platform, onClose }: { platform: PlatformCard | null; onClose: () => void }) => (
  <Dialog
    open={platform !== null}
    title={`Connect ${platform?.name ?? "Mastodon"}`}
    description="Type the address of the server your account is on. You will sign in there and approve SocialDesk; Pixelfed, GoToSocial and Akkoma servers work too."
    onClose={onClose}
  >
    <form
      className="stack"
      onSubmit={(event) => {
        // A navigation, as for the other sign-ins: a form's own submission may not be redirected to another site (CSP form-action 'self').
        event.preventDefault();
        const instance = String(new FormData(event.currentTarget).get("instance") ?? "").trim();
        window.location.assign(`/api/auth/${platform?.id ?? "mastodon"}?instance=${encodeURIComponent(instance)}`);
      }}
    >
      <div className="field">
        <label htmlFor="instance-address">Your server</label>
        <input className="input" id="instance-address" name="instance" placeholder="mastodon.social" autoComplete="url" inputMode="url" required />
        <p className="muted">Or your full handle, like @you@mastodon.social.</p>
      </div>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary">
          Continue to your server
        </button>
      </div>
    </form>
  </Dialog>
);

const BlueskyDialog = ({ open, ...props }: FormDialogProps & { open: boolean }) => {
  const { pending, fields, submit } = useSubmit(props);
  return (
    <Dialog
      open={open}
      title="Connect Bluesky"
      description="Use an app password, not your account password (Bluesky: Settings → Privacy and security → App passwords)."
      onClose={props.onClose}
    >
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const text = (name: string) => String(data.get(name) ?? "");
          submit(() =>
            api.post("/api/social-accounts/bluesky", {
              payload: { identifier: text("identifier"), appPassword: text("appPassword"), service: text("service") || undefined },
            }),
          );
        }}
      >
        <div className="field">
          <label htmlFor="bsky-identifier">Handle or email</label>
          <input
            className="input"
            id="bsky-identifier"
            name="identifier"
            placeholder="yourname.bsky.social"
            autoComplete="username"
            aria-invalid={Boolean(fields.identifier)}
            required
          />
          <FieldError id="bsky-identifier-error" message={fields.identifier} />
        </div>
        <div className="field">
          <label htmlFor="bsky-password">App password</label>
          <input
            className="input"
            id="bsky-password"
            name="appPassword"
            type="password"
            autoComplete="current-password"
            aria-invalid={Boolean(fields.appPassword)}
            required
          />
          <FieldError id="bsky-password-error" message={fields.appPassword} />
        </div>
        <div className="field">
          <label htmlFor="bsky-service">Server</label>
          <input className="input" id="bsky-service" name="service" type="url" placeholder="https://bsky.social" />
          <FieldError id="bsky-service-error" message={fields.service} />
        </div>
        <div className="ui-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? "Connecting..." : "Connect"}
          </button>
        </div>
      </form>
    </Dialog>
  );
};

interface OneFieldDialogProps extends FormDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly description: string;
  readonly field: { readonly name: string; readonly label: string; readonly placeholder: string; readonly url?: boolean };
  /** Sends the field's value (and the form's other fields). */
  readonly send: (value: string, data: FormData) => Promise<AccountView>;
  readonly submitLabel: string;
  readonly pendingLabel: string;
  /** More fields after the first one, given the field messages. */
  readonly more?: (fields: Record<string, string>) => ReactNode;
}

/** The listing and sandbox dialogs: one field, posted with the platform. */
const OneFieldDialog = ({ open, title, description, field, send, submitLabel, pendingLabel, more, ...props }: OneFieldDialogProps) => {
  const { pending, fields, submit } = useSubmit(props);
  const id = `dialog-${field.name}`;
  return (
    <Dialog open={open} title={title} description={description} onClose={props.onClose}>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          submit(() => send(String(data.get(field.name) ?? ""), data));
        }}
      >
        <div className="field">
          <label htmlFor={id}>{field.label}</label>
          <input
            className="input"
            id={id}
            name={field.name}
            type="text"
            inputMode={field.url ? "url" : undefined}
            autoComplete={field.url ? "url" : "off"}
            placeholder={field.placeholder}
            aria-invalid={Boolean(fields[field.name])}
            required
          />
          <FieldError id={`${id}-error`} message={fields[field.name]} />
        </div>
        {more?.(fields)}
        <div className="ui-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
};

const TelegramDialog = ({ open, ...props }: FormDialogProps & { open: boolean }) => (
  <OneFieldDialog
    {...props}
    open={open}
    title="Connect a Telegram channel"
    description="Your own bot posts to the channel: SocialDesk checks that it may before adding it."
    field={{ name: "botToken", label: "Bot token", placeholder: "123456789:AAH…" }}
    send={(botToken, data) => api.post("/api/social-accounts/telegram", { payload: { botToken, chatId: String(data.get("chatId") ?? "") } })}
    submitLabel="Connect"
    pendingLabel="Checking the bot..."
    more={(fields) => (
      <>
        <div className="field">
          <label htmlFor="telegram-chat">Channel</label>
          <input className="input" id="telegram-chat" name="chatId" placeholder="@yourchannel or -100…" autoComplete="off" aria-invalid={Boolean(fields.chatId)} required />
          <FieldError id="telegram-chat-error" message={fields.chatId} />
        </div>
        <ol className="how-to muted">
          <li>
            In Telegram, open <strong>@BotFather</strong>, send <code>/newbot</code> and copy the token it gives.
          </li>
          <li>In your channel, open Administrators → Add admin, choose your bot and leave "Post messages" on.</li>
          <li>Enter the channel's @username here (a private channel: its id, which starts with -100).</li>
        </ol>
      </>
    )}
  />
);

const DiscordDialog = ({ open, ...props }: FormDialogProps & { open: boolean }) => (
  <OneFieldDialog
    {...props}
    open={open}
    title="Connect a Discord channel"
    description="Posts go to the channel through its webhook. The address holds a secret: SocialDesk keeps it encrypted."
    field={{ name: "webhookUrl", label: "Webhook URL", placeholder: "https://discord.com/api/webhooks/…", url: true }}
    send={(webhookUrl) => api.post("/api/social-accounts/discord", { payload: { webhookUrl } })}
    submitLabel="Connect"
    pendingLabel="Checking the webhook..."
    more={() => (
      <ol className="how-to muted">
        <li>In Discord, open the channel's settings (the gear next to its name) → Integrations → Webhooks.</li>
        <li>Choose New Webhook, give it the name posts should show, then Copy Webhook URL.</li>
        <li>Paste the address here.</li>
      </ol>
    )}
  />
);

const ListingDialog = ({ platform, ...props }: FormDialogProps & { platform: PlatformCard | null }) => (
  <OneFieldDialog
    {...props}
    open={platform !== null}
    title={platform ? `Connect ${platform.name}` : "Connect"}
    description={platform ? `${platform.name} allows no posting by other apps: we keep your profile's address to follow its reviews.` : ""}
    field={{ name: "url", label: "Profile address", placeholder: platform?.listingExample ?? "https://", url: true }}
    send={(url) => api.post("/api/social-accounts/listing", { payload: { platform: platform?.id ?? "", url } })}
    submitLabel="Connect"
    pendingLabel="Connecting..."
  />
);

const SandboxDialog = ({ platform, taken, ...props }: FormDialogProps & { platform: PlatformCard | null; taken: ReadonlyArray<string> }) => (
  <OneFieldDialog
    {...props}
    open={platform !== null}
    title={platform ? `Add ${taken.length > 0 ? "another" : "a"} ${platform.name} sandbox account` : "Add a sandbox account"}
    description={
      taken.length > 0
        ? `For another location or brand: give it a name of its own (you have ${listed(taken.map((name) => `"${name}"`))}). Its posts, messages and reviews stay its own, inside SocialDesk.`
        : "A test account: its posts go only to a sandbox timeline inside SocialDesk, never to the platform."
    }
    field={{ name: "accountName", label: "Account name", placeholder: platform ? (taken.length > 0 ? "Main Street location" : `Test ${platform.name}`) : "" }}
    send={(accountName, data) =>
      api.post("/api/social-accounts/sandbox", {
        payload: { platform: platform?.id ?? "", accountName, businessKind: String(data.get("businessKind") ?? "") as BusinessKind | "" },
      })
    }
    more={(fields) =>
      // A review site of one trade (Healthgrades, Avvo…) has its kind already.
      platform && !FIXED_KIND_PLATFORMS.has(platform.id) ? (
        <div className="field">
          <label htmlFor="dialog-business-kind">Kind of business</label>
          <select
            className="input"
            id="dialog-business-kind"
            name="businessKind"
            defaultValue=""
            aria-describedby="dialog-business-kind-hint"
            aria-invalid={Boolean(fields.businessKind)}
          >
            <option value="">From the account's name</option>
            {BUSINESS_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {BUSINESS_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <p className="muted kind-hint" id="dialog-business-kind-hint">
            The sample comments, messages and reviews it receives are written for this kind of business.
          </p>
          <FieldError id="dialog-business-kind-error" message={fields.businessKind} />
        </div>
      ) : null
    }
    submitLabel="Add account"
    pendingLabel="Adding..."
  />
);
