import { type FormEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { API_KEY_MESSAGES, API_KEY_NAME_MAX } from "../../../domain/api-access/rules";
import { Dialog } from "../../components/ui/Dialog";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { api } from "../../lib/api/client";
import { apiErrorCode, apiErrorFields, apiErrorMessage, shownBesideFields } from "../../lib/api-client";
import { localDate } from "../../lib/dates";
import {
  ACCESS_CHOICES,
  ACCESS_LABELS,
  AGENT_BADGE,
  type ApiKeyItem,
  APPROVAL_HINT,
  type CreatedApiKey,
  curlExample,
  expiryText,
  KEY_FIELDS,
  lastUsedText,
  maskedKey,
  mcpConfig,
  mcpEndpoint,
  newKeyFromForm,
  REVOKE_WARNING,
  SHOWN_ONCE,
  stateOf,
} from "./api-keys";
import "./api-keys.css";

/** The create form's fields as typed (the date field's day, the box ticked or not). */
export interface KeyDraft {
  readonly name: string;
  readonly access: string;
  readonly requireApproval: boolean;
  readonly expiresAt: string;
}

interface Props {
  /** The keys as the server read them; null when it could not. */
  readonly initial: ReadonlyArray<ApiKeyItem> | null;
  /** A key the page's plain form has just created: shown this once. */
  readonly created: CreatedApiKey | null;
  /** The create form is open (its link was followed, or its post was refused). */
  readonly formOpen: boolean;
  readonly draft: KeyDraft;
  readonly errors: Readonly<Record<string, string>>;
  readonly failure: string | null;
  /** The key whose revocation the page asks to confirm (its link, followed without JavaScript). */
  readonly revoking: string | null;
  /** This server's address, for the snippets. */
  readonly origin: string;
  readonly timeZone: string;
  /** The server's clock when it rendered, so "last used" reads the same before and after hydration. */
  readonly now: string;
}

const TAB = "/app/settings?tab=api-keys";
const EMPTY_DRAFT: KeyDraft = { name: "", access: "read", requireApproval: false, expiresAt: "" };

type Load = "ready" | "loading" | "error";

/**
 * Settings › API keys (issue 31): the workspace's keys (access, agent badge, last four, creator,
 * last use, expiry; revoked ones greyed), creating one (shown once, with how to use it and the MCP
 * configuration) and revoking one after a confirmation. Every action is a link or a plain form
 * the page answers without JavaScript; hydrated, they run in place through the declared API.
 */
export default function ApiKeysScreen(props: Props) {
  const { origin, timeZone } = props;
  const hydrated = useHydrated();
  const [keys, setKeys] = useState<ReadonlyArray<ApiKeyItem>>(props.initial ?? []);
  const [load, setLoad] = useState<Load>(props.initial ? "ready" : "error");
  const [created, setCreated] = useState<CreatedApiKey | null>(props.created);
  const [formOpen, setFormOpen] = useState(props.formOpen);
  const [confirming, setConfirming] = useState<ApiKeyItem | null>(null);
  const [now, setNow] = useState(() => new Date(props.now));
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => setNow(new Date()), []);

  const formatDay = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone });
  const formatWhen = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });

  const reload = useCallback(async () => {
    setLoad("loading");
    try {
      setKeys(await api.get("/api/api-keys"));
      setNow(new Date());
      setLoad("ready");
    } catch {
      setLoad("error");
    }
  }, []);

  // Where the focus goes once React has drawn what an action changed (the element may not exist before).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const focusSoon = (selector: string) => {
    focusNext.current = selector;
  };

  const openForm = (event: MouseEvent) => {
    event.preventDefault();
    setCreated(null);
    setFormOpen(true);
  };
  const closeForm = () => {
    setFormOpen(false);
    focusSoon("[data-create-key]");
  };
  const onCreated = (key: CreatedApiKey) => {
    setFormOpen(false);
    setCreated(key);
    const { key: _secret, ...listed } = key;
    setKeys((list) => [listed, ...list.filter((k) => k.id !== key.id)]);
  };
  const askRevoke = (event: MouseEvent<HTMLElement>, key: ApiKeyItem) => {
    event.preventDefault();
    returnFocus.current = event.currentTarget;
    setConfirming(key);
  };
  const closeConfirm = useCallback(() => {
    setConfirming(null);
    const target = returnFocus.current?.isConnected ? returnFocus.current : document.querySelector<HTMLElement>("#api-keys-heading");
    requestAnimationFrame(() => target?.focus());
  }, []);
  const revoked = async (key: ApiKeyItem) => {
    toast({ title: "API key revoked", description: `“${key.name}” no longer works. Requests with it are refused from now on.` });
    await reload();
  };

  const inlineRevoke = props.revoking ? keys.find((k) => k.id === props.revoking && stateOf(k, now) !== "revoked") : undefined;
  const live = keys.filter((k) => stateOf(k, now) !== "revoked").length;

  return (
    <div className="api-keys" data-testid="api-keys" data-hydrated={hydrated ? "true" : undefined}>
      <section className="card api-keys-panel" aria-labelledby="api-keys-heading">
        <header className="api-keys-head">
          <div className="api-keys-intro">
            <h2 id="api-keys-heading" tabIndex={-1}>
              API keys
            </h2>
            <p className="muted">
              Programs and AI agents call SocialDesk's API with a key, acting for this workspace. Keep keys secret: anyone who has one can do what
              it allows.
            </p>
          </div>
          <div className="api-keys-actions">
            <a className="btn btn-outline" href="/api/docs">
              API reference
            </a>
            {keys.length > 0 && !formOpen && (
              <ActionLink className="btn btn-primary" href={`${TAB}&new=1#new-api-key`} data-create-key hydrated={hydrated} onActivate={openForm}>
                <PlusIcon />
                Create API key
              </ActionLink>
            )}
          </div>
        </header>

        {created && <CreatedKey created={created} origin={origin} hydrated={hydrated} onDone={() => (setCreated(null), focusSoon("#api-keys-heading"))} />}

        {formOpen && (
          <CreateForm
            initialDraft={props.formOpen ? props.draft : EMPTY_DRAFT}
            initialErrors={props.formOpen ? props.errors : {}}
            initialFailure={props.formOpen ? props.failure : null}
            timeZone={timeZone}
            today={localDate(now, timeZone)}
            hydrated={hydrated}
            onCancel={closeForm}
            onCreated={onCreated}
          />
        )}

        {inlineRevoke && !confirming && <RevokeForm apiKey={inlineRevoke} hydrated={hydrated} onRevoked={revoked} />}

        {load === "error" ? (
          <div className="form-error api-keys-status" role="alert" data-testid="api-keys-error">
            <span>Could not load your API keys.</span>{" "}
            {hydrated ? (
              <button type="button" className="btn btn-outline btn-small" onClick={() => void reload()}>
                Try again
              </button>
            ) : (
              <a className="btn btn-outline btn-small" href={TAB}>
                Try again
              </a>
            )}
          </div>
        ) : keys.length === 0 && load === "ready" ? (
          !formOpen && (
            <div className="api-keys-empty" data-testid="api-keys-empty">
              <KeyIcon />
              <p className="api-keys-empty-title">No API keys yet</p>
              <p className="muted">
                A key lets a program — Zapier, your own script, an AI assistant over MCP — read your posts, inbox and analytics, and with write
                access schedule posts for you, without your password.
              </p>
              <ActionLink className="btn btn-primary" href={`${TAB}&new=1#new-api-key`} data-create-key hydrated={hydrated} onActivate={openForm}>
                <PlusIcon />
                Create your first API key
              </ActionLink>
            </div>
          )
        ) : (
          <>
            {load === "loading" && (
              <p className="muted api-keys-status" role="status">
                Loading your API keys...
              </p>
            )}
            <ul className="api-key-list" role="list" aria-busy={load === "loading"} aria-label={`API keys: ${live} in use`} data-testid="api-key-list">
              {keys.map((key) => (
                <KeyRow
                  key={key.id}
                  apiKey={key}
                  now={now}
                  hydrated={hydrated}
                  formatDay={formatDay}
                  formatWhen={formatWhen}
                  timeZone={timeZone}
                  onRevoke={askRevoke}
                />
              ))}
            </ul>
          </>
        )}
      </section>

      <McpCard origin={origin} hydrated={hydrated} />

      {confirming && <RevokeDialog apiKey={confirming} onClose={closeConfirm} onRevoked={revoked} />}
    </div>
  );
}

function KeyRow({
  apiKey,
  now,
  hydrated,
  formatDay,
  formatWhen,
  timeZone,
  onRevoke,
}: {
  apiKey: ApiKeyItem;
  now: Date;
  hydrated: boolean;
  formatDay: (iso: string) => string;
  formatWhen: (iso: string) => string;
  timeZone: string;
  onRevoke: (event: MouseEvent<HTMLElement>, key: ApiKeyItem) => void;
}) {
  const state = stateOf(apiKey, now);
  return (
    <li className="api-key" data-testid="api-key" data-state={state}>
      <div className="api-key-title">
        <p className="api-key-name">
          <span className="name-wrap">{apiKey.name}</span>
          <span className={`badge ${apiKey.access === "write" ? "badge-brand" : ""}`}>{ACCESS_LABELS[apiKey.access]}</span>
          {apiKey.requireApproval && <span className="badge badge-agent">{AGENT_BADGE}</span>}
          {state === "revoked" && <span className="badge">Revoked</span>}
          {state === "expired" && <span className="badge badge-danger">Expired</span>}
        </p>
        {state === "revoked" ? (
          <p className="api-key-revoked">Revoked on {formatDay(apiKey.revokedAt!)}</p>
        ) : (
          <ActionLink
            className="btn btn-ghost btn-small btn-danger-text"
            href={`${TAB}&revoke=${encodeURIComponent(apiKey.id)}#revoke-api-key`}
            hydrated={hydrated}
            onActivate={(event) => onRevoke(event, apiKey)}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </ActionLink>
        )}
      </div>
      <dl className="api-key-facts">
        <div>
          <dt>Key</dt>
          <dd>
            <code>{maskedKey(apiKey.lastFour)}</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            {formatDay(apiKey.createdAt)} by <span className="name-wrap">{apiKey.createdBy.name}</span>
          </dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd data-testid="api-key-last-used">
            {apiKey.lastUsedAt ? <time dateTime={apiKey.lastUsedAt} title={formatWhen(apiKey.lastUsedAt)}>{lastUsedText(apiKey.lastUsedAt, now, formatDay)}</time> : "Never"}
          </dd>
        </div>
        <div>
          <dt>{state === "expired" ? "Expired" : "Expires"}</dt>
          <dd>{expiryText(apiKey.expiresAt, timeZone, formatDay, formatWhen)}</dd>
        </div>
      </dl>
    </li>
  );
}

function CreateForm({
  initialDraft,
  initialErrors,
  initialFailure,
  timeZone,
  today,
  hydrated,
  onCancel,
  onCreated,
}: {
  initialDraft: KeyDraft;
  initialErrors: Readonly<Record<string, string>>;
  initialFailure: string | null;
  timeZone: string;
  today: string;
  hydrated: boolean;
  onCancel: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const [draft, setDraft] = useState<KeyDraft>(initialDraft);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>(initialErrors);
  const [failure, setFailure] = useState<string | null>(initialFailure);
  const [pending, setPending] = useState(false);
  // Opened: the focus goes to the first refused field, or to the name.
  useEffect(() => {
    const first = KEY_FIELDS.find((field) => initialErrors[field]);
    document.querySelector<HTMLElement>(first === "access" ? "[name=access]" : `#api-key-${first ?? "name"}`)?.focus();
  }, []);
  // A field's refusal goes once it is changed: what is shown is about what is typed.
  const set = <K extends keyof KeyDraft>(field: K, value: KeyDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.name.trim() === "") {
      setErrors({ name: API_KEY_MESSAGES.nameRequired });
      document.getElementById("api-key-name")?.focus();
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      const payload = newKeyFromForm({ ...draft, requireApproval: draft.requireApproval ? "on" : "" }, timeZone);
      onCreated(await api.post("/api/api-keys", { payload }));
    } catch (error) {
      const fields = apiErrorFields(error);
      setErrors(fields);
      if (!shownBesideFields(fields, KEY_FIELDS)) setFailure(apiErrorMessage(error, "Failed to create the API key."));
      const first = KEY_FIELDS.find((field) => fields[field]);
      if (first) document.querySelector<HTMLElement>(first === "access" ? "[name=access]" : `#api-key-${first}`)?.focus();
      setPending(false);
    }
  };

  const described = (field: string, hint?: string) => [hint, errors[field] ? `api-key-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: string) =>
    errors[field] ? (
      <p className="field-error" id={`api-key-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      id="new-api-key"
      className="api-key-form"
      method="post"
      action="/app/settings?tab=api-keys"
      noValidate
      onSubmit={hydrated ? submit : undefined}
      aria-labelledby="new-api-key-heading"
      data-testid="new-api-key"
    >
      <input type="hidden" name="_form" value="api-key-create" />
      <h3 id="new-api-key-heading">New API key</h3>
      {failure && (
        <div className="form-error" role="alert">
          {failure}
        </div>
      )}
      <div className="field">
        <label htmlFor="api-key-name">Name</label>
        <input
          id="api-key-name"
          name="name"
          className="input"
          value={draft.name}
          onChange={(e) => set("name", e.target.value)}
          maxLength={API_KEY_NAME_MAX + 20}
          placeholder="e.g. Zapier"
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described("name", "api-key-name-hint")}
          required
        />
        <p className="muted field-hint" id="api-key-name-hint">
          What will use it, so you can tell your keys apart.
        </p>
        {fieldError("name")}
      </div>
      <fieldset className="field api-key-choices" aria-describedby={described("access")}>
        <legend>Access</legend>
        {ACCESS_CHOICES.map((choice) => (
          <label key={choice.value} className="api-key-choice">
            <input
              type="radio"
              name="access"
              value={choice.value}
              checked={draft.access === choice.value}
              onChange={() => set("access", choice.value)}
              aria-describedby={`api-key-access-${choice.value}-hint`}
            />
            <span>
              <strong>{choice.label}</strong>
              <span className="muted field-hint" id={`api-key-access-${choice.value}-hint`}>
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
        {fieldError("access")}
      </fieldset>
      <label className="api-key-choice api-key-approval">
        <input
          type="checkbox"
          name="requireApproval"
          checked={draft.requireApproval}
          onChange={(e) => set("requireApproval", e.target.checked)}
          aria-describedby="api-key-approval-hint"
        />
        <span>
          <strong>Require approval for posts (agent key)</strong>
          <span className="muted field-hint" id="api-key-approval-hint">
            {APPROVAL_HINT}
          </span>
        </span>
      </label>
      <div className="field api-key-expiry">
        <label htmlFor="api-key-expiresAt">
          Expires on <span className="muted optional">(optional)</span>
        </label>
        <input
          id="api-key-expiresAt"
          name="expiresAt"
          type="date"
          className="input"
          min={today}
          value={draft.expiresAt}
          onChange={(e) => set("expiresAt", e.target.value)}
          aria-invalid={errors.expiresAt ? true : undefined}
          aria-describedby={described("expiresAt", "api-key-expiresAt-hint")}
        />
        <p className="muted field-hint" id="api-key-expiresAt-hint">
          The key stops working at the end of this day. Leave it empty for a key that works until you revoke it.
        </p>
        {fieldError("expiresAt")}
      </div>
      <div className="api-key-form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending} aria-disabled={pending}>
          {pending ? "Creating..." : "Create key"}
        </button>
        <ActionLink className="btn btn-outline" href={TAB} hydrated={hydrated} onActivate={onCancel}>
          Cancel
        </ActionLink>
      </div>
    </form>
  );
}

function CreatedKey({ created, origin, hydrated, onDone }: { created: CreatedApiKey; origin: string; hydrated: boolean; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown: the focus goes to it, so a screen reader reads the key's panel first.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="api-key-created" aria-labelledby="created-key-heading" data-testid="created-api-key">
      <h3 id="created-key-heading" tabIndex={-1} ref={heading}>
        {`Your new key “${created.name}”`}
      </h3>
      <p className="api-key-once">
        <WarningIcon />
        <strong>{SHOWN_ONCE}</strong>
      </p>
      <div className="copy-row">
        <input
          className="input mono"
          readOnly
          value={created.key}
          aria-label={`API key ${created.name}`}
          data-testid="created-key-value"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={created.key} label="Copy key" copied="The API key is on your clipboard." hydrated={hydrated} primary />
      </div>
      <h4>Use it</h4>
      <p>
        Send it in the <code>Authorization</code> header of every request, as <code>Bearer</code> followed by the key. Every operation, with its
        answers and errors, is in the <a href="/api/docs">API reference</a>.
      </p>
      <pre className="snippet" aria-label="A first request with the key">
        <code>{curlExample(origin, created.key)}</code>
      </pre>
      <h4>Connect an AI agent (MCP)</h4>
      <p>
        Add SocialDesk to your MCP client (Claude Code's <code>.mcp.json</code>, Cursor's <code>mcp.json</code>) with this configuration.
      </p>
      <Snippet label="MCP configuration with this key" text={mcpConfig(origin, created.key)} hydrated={hydrated} />
      <div className="api-key-form-actions">
        <ActionLink className="btn btn-outline" href={TAB} hydrated={hydrated} onActivate={onDone}>
          Done, I've copied it
        </ActionLink>
      </div>
    </section>
  );
}

function McpCard({ origin, hydrated }: { origin: string; hydrated: boolean }) {
  const endpoint = mcpEndpoint(origin);
  return (
    <section className="card api-keys-panel" aria-labelledby="mcp-heading" data-testid="mcp-setup">
      <h2 id="mcp-heading">Connect an AI agent (MCP)</h2>
      <p className="muted">
        SocialDesk is a Model Context Protocol server: an assistant such as Claude or Cursor can list your accounts and posts, draft posts and
        replies, and read your analytics. Give each agent a key of its own, with <strong>Require approval for posts</strong> ticked, so what it
        proposes waits for a person.
      </p>
      <div className="field mcp-field">
        <span className="mcp-label" id="mcp-endpoint-label">
          Server address (Streamable HTTP)
        </span>
        <div className="copy-row">
          <code className="copy-value" aria-labelledby="mcp-endpoint-label" data-testid="mcp-endpoint">
            {endpoint}
          </code>
          <CopyButton text={endpoint} label="Copy address" copied="The MCP server's address is on your clipboard." hydrated={hydrated} />
        </div>
      </div>
      <p className="mcp-steps">
        In your client's configuration, add the server below and put your key in place of <code>&lt;your API key&gt;</code>. In Claude Code:{" "}
        <code>
          claude mcp add --transport http socialdesk {endpoint} --header "Authorization: Bearer &lt;your API key&gt;"
        </code>
      </p>
      <Snippet label="MCP configuration" text={mcpConfig(origin)} hydrated={hydrated} />
    </section>
  );
}

function Snippet({ label, text, hydrated }: { label: string; text: string; hydrated: boolean }) {
  return (
    <div className="snippet-wrap">
      <pre className="snippet" aria-label={label}>
        <code>{text}</code>
      </pre>
      <CopyButton text={text} label="Copy configuration" copied="The configuration is on your clipboard." hydrated={hydrated} />
    </div>
  );
}

function CopyButton({ text, label, copied, hydrated, primary }: { text: string; label: string; copied: string; hydrated: boolean; primary?: boolean }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), 2000);
    return () => clearTimeout(timer);
  }, [done]);
  // In the click itself: some browsers allow writing to the clipboard only right after it.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone(true);
      toast({ title: "Copied", description: copied });
    } catch {
      toast({ title: "Error", description: "It could not be copied. Select the text and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <button type="button" className={`btn btn-small ${primary ? "btn-primary" : "btn-outline"} copy-button`} onClick={() => void copy()} disabled={!hydrated}>
      {done ? <CheckIcon /> : <CopyIcon />}
      {done ? "Copied" : label}
    </button>
  );
}

/** The revocation confirmed on the page itself: what the Revoke link opens without JavaScript. */
function RevokeForm({ apiKey, hydrated, onRevoked }: { apiKey: ApiKeyItem; hydrated: boolean; onRevoked: (key: ApiKeyItem) => Promise<void> }) {
  const [pending, setPending] = useState(false);
  const [gone, setGone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await api.delete("/api/api-keys/:id", { params: { id: apiKey.id } });
      setGone(true);
      await onRevoked(apiKey);
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to revoke the API key."), variant: "destructive" });
      setPending(false);
    }
  };
  if (gone) return null;
  return (
    <form
      id="revoke-api-key"
      className="api-key-confirm"
      method="post"
      action="/app/settings?tab=api-keys"
      onSubmit={hydrated ? submit : undefined}
      role="group"
      aria-labelledby="revoke-inline-heading"
      data-testid="revoke-api-key"
    >
      <input type="hidden" name="_form" value="api-key-revoke" />
      <input type="hidden" name="key" value={apiKey.id} />
      <h3 id="revoke-inline-heading">{`Revoke “${apiKey.name}”?`}</h3>
      <p>{REVOKE_WARNING}</p>
      <div className="api-key-form-actions">
        <button type="submit" className="btn btn-danger" disabled={pending} aria-disabled={pending}>
          {pending ? "Revoking..." : "Revoke key"}
        </button>
        <a className="btn btn-outline" href={TAB}>
          Cancel
        </a>
      </div>
    </form>
  );
}

function RevokeDialog({ apiKey, onClose, onRevoked }: { apiKey: ApiKeyItem; onClose: () => void; onRevoked: (key: ApiKeyItem) => Promise<void> }) {
  const [pending, setPending] = useState(false);

  const revoke = async () => {
    setPending(true);
    try {
      await api.delete("/api/api-keys/:id", { params: { id: apiKey.id } });
      onClose();
      await onRevoked(apiKey);
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to revoke the API key."), variant: "destructive" });
      setPending(false);
      // Revoked meanwhile (another tab, another admin): the list shows it as it is.
      const code = apiErrorCode(error);
      if (code === "conflict" || code === "not_found") {
        onClose();
        await onRevoked(apiKey);
      }
    }
  };

  return (
    <Dialog open title={`Revoke “${apiKey.name}”?`} description={REVOKE_WARNING} onClose={onClose} className="api-key-dialog">
      <div className="ui-dialog-actions" data-testid="revoke-dialog">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void revoke()} disabled={pending} aria-disabled={pending}>
          {pending ? "Revoking..." : "Revoke key"}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * A link the page answers without JavaScript (it opens the form or the confirmation there); once
 * hydrated, a button that does the same in place.
 */
function ActionLink({
  href,
  hydrated,
  onActivate,
  className,
  children,
  ...rest
}: {
  href: string;
  hydrated: boolean;
  onActivate: (event: MouseEvent<HTMLElement>) => void;
  className: string;
  children: ReactNode;
  "aria-label"?: string;
  "data-create-key"?: boolean;
}) {
  return hydrated ? (
    <button
      type="button"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onActivate(event);
      }}
      {...rest}
    >
      {children}
    </button>
  ) : (
    <a className={className} href={href} {...rest}>
      {children}
    </a>
  );
}

const Svg = ({ children, size = 16 }: { children: ReactNode; size?: number }) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    {children}
  </svg>
);
const PlusIcon = () => (
  <Svg size={18}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
const CopyIcon = () => (
  <Svg>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Svg>
);
const CheckIcon = () => (
  <Svg>
    <path d="M20 6 9 17l-5-5" />
  </Svg>
);
const WarningIcon = () => (
  <Svg size={18}>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </Svg>
);
const KeyIcon = () => (
  <span className="api-keys-empty-icon" aria-hidden="true">
    <Svg size={28}>
      <circle cx="7.5" cy="15.5" r="5.5" />
      <path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3" />
    </Svg>
  </span>
);
