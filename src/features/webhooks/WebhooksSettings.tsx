import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Dialog } from "../../components/ui/Dialog";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../../domain/webhooks/rules";
import { toast } from "../../islands/toast/toast-store";
import { api, type ResponseOf } from "../../lib/api/client";
import { apiErrorFields, apiErrorMessage } from "../../lib/api-client";
import { useFocusFirstInvalid } from "../../components/forms/use-focus-first-invalid";
import "../settings/settings.css";
import "./webhooks.css";

type Endpoint = ResponseOf<"GET", "/api/webhook-endpoints">[number];
type Delivery = ResponseOf<"GET", "/api/webhook-endpoints/:id/deliveries">["items"][number];

type Load = { readonly state: "loading" } | { readonly state: "error"; readonly message: string } | { readonly state: "ready"; readonly endpoints: ReadonlyArray<Endpoint> };

const STATUS_LABEL: Record<Delivery["status"], string> = { pending: "Retrying", delivered: "Delivered", failed: "Failed" };

const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit", timeZone });

/**
 * Settings › Webhooks (issue 31): the workspace's endpoints (add, edit, switch off, delete after a
 * confirmation), each one's signing secret with a copy button, "Send test event", and its deliveries
 * with their last answer and a Redeliver button. Owners and admins only (the page shows it to them).
 */
export default function WebhooksSettings({ timeZone }: { readonly timeZone: string }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [adding, setAdding] = useState(false);
  /** The endpoint just added: its heading takes the focus once it is shown. */
  const [justAdded, setJustAdded] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const fetchEndpoints = useCallback(async () => {
    try {
      setLoad({ state: "ready", endpoints: await api.get("/api/webhook-endpoints") });
    } catch (error) {
      setLoad({ state: "error", message: apiErrorMessage(error, "Could not load your webhook endpoints.") });
    }
  }, []);

  useEffect(() => {
    void fetchEndpoints();
  }, [fetchEndpoints]);

  const replace = (endpoint: Endpoint) =>
    setLoad((l) => (l.state === "ready" ? { state: "ready", endpoints: l.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e)) } : l));

  if (load.state === "loading") {
    return (
      <p className="muted accounts-status" aria-busy="true" data-testid="webhooks-loading">
        Loading your webhook endpoints...
      </p>
    );
  }
  if (load.state === "error") {
    return (
      <div className="form-error accounts-status" role="alert">
        <span>{load.message}</span>{" "}
        <button type="button" className="btn btn-outline btn-small" onClick={() => (setLoad({ state: "loading" }), void fetchEndpoints())}>
          Try again
        </button>
      </div>
    );
  }

  const closeAdd = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <div className="webhooks" data-testid="webhooks">
      {adding ? (
        <EndpointForm
          title="Add an endpoint"
          submitLabel="Add endpoint"
          onCancel={closeAdd}
          onSubmit={async (fields) => {
            const endpoint = await api.post("/api/webhook-endpoints", { payload: fields });
            setLoad((l) => (l.state === "ready" ? { state: "ready", endpoints: [...l.endpoints, endpoint] } : l));
            setAdding(false);
            setJustAdded(endpoint.id);
            toast({ title: "Endpoint added", description: "Copy its signing secret to verify the deliveries." });
          }}
        />
      ) : (
        <p className="webhooks-actions">
          <button ref={addButton} type="button" className="btn btn-primary" onClick={() => setAdding(true)} data-testid="add-endpoint">
            Add endpoint
          </button>
        </p>
      )}
      {load.endpoints.length === 0 && !adding ? (
        <div className="accounts-empty" data-testid="webhooks-empty">
          <p className="accounts-empty-title">No webhook endpoints yet.</p>
          <p className="muted">Add one to have SocialDesk tell your own systems, Zapier or Slack when posts go out, messages and reviews arrive.</p>
        </div>
      ) : (
        <ul className="endpoint-list" role="list">
          {load.endpoints.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              timeZone={timeZone}
              focusOnShow={endpoint.id === justAdded}
              onChanged={replace}
              onRemoved={() => {
                setLoad((l) => (l.state === "ready" ? { state: "ready", endpoints: l.endpoints.filter((e) => e.id !== endpoint.id) } : l));
                requestAnimationFrame(() => addButton.current?.focus());
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

interface Fields {
  readonly url: string;
  readonly events: ReadonlyArray<WebhookEventType>;
  readonly description: string;
}

function EndpointForm({
  title,
  submitLabel,
  initial,
  onSubmit,
  onCancel,
}: {
  readonly title: string;
  readonly submitLabel: string;
  readonly initial?: Fields;
  readonly onSubmit: (fields: { url: string; events: WebhookEventType[]; description: string }) => Promise<void>;
  readonly onCancel: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(initial?.url ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [events, setEvents] = useState<ReadonlySet<WebhookEventType>>(new Set(initial?.events ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  useEffect(() => urlRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      await onSubmit({ url, events: WEBHOOK_EVENT_TYPES.filter((e) => events.has(e)), description });
    } catch (error) {
      const fields = apiErrorFields(error);
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : apiErrorMessage(error, "Could not save the endpoint."));
      setPending(false);
      focusFirstInvalid();
    }
  };

  const toggle = (type: WebhookEventType) => {
    setErrors(({ events: _, ...rest }) => rest);
    setEvents((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });
  };

  return (
    <form ref={formRef} className="endpoint-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="endpoint-form">
      <h3 id={`${id}-title`}>{title}</h3>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-url`}>Endpoint URL</label>
        <input
          ref={urlRef}
          id={`${id}-url`}
          className="input"
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/socialdesk"
          value={url}
          onChange={(e) => (setUrl(e.target.value), setErrors(({ url: _, ...rest }) => rest))}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-error` : `${id}-url-hint`}
          required
        />
        {errors.url ? (
          <p id={`${id}-url-error`} className="field-error">
            {errors.url}
          </p>
        ) : (
          <p id={`${id}-url-hint`} className="muted field-hint">
            An https address on the public internet. Each event is POSTed to it, signed.
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          Description <span className="muted">(optional)</span>
        </label>
        <input
          id={`${id}-description`}
          className="input"
          name="description"
          value={description}
          placeholder="Zapier: new reviews to Slack"
          onChange={(e) => (setDescription(e.target.value), setErrors(({ description: _, ...rest }) => rest))}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
        />
        {errors.description && (
          <p id={`${id}-description-error`} className="field-error">
            {errors.description}
          </p>
        )}
      </div>
      <fieldset className="event-choices" aria-invalid={errors.events ? true : undefined} aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend>Events to send</legend>
        {errors.events && (
          <p id={`${id}-events-error`} className="field-error">
            {errors.events}
          </p>
        )}
        <ul role="list">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type}>
              <label className="event-choice">
                <input type="checkbox" name="events" value={type} checked={events.has(type)} onChange={() => toggle(type)} />
                <span>
                  <code>{type}</code>
                  <span className="muted event-choice-hint">{WEBHOOK_EVENT_LABELS[type]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="endpoint-form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending} aria-disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function EndpointItem({
  endpoint,
  timeZone,
  focusOnShow,
  onChanged,
  onRemoved,
}: {
  readonly endpoint: Endpoint;
  readonly timeZone: string;
  readonly focusOnShow: boolean;
  readonly onChanged: (endpoint: Endpoint) => void;
  readonly onRemoved: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<null | "test" | "toggle">(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Added, or back from editing: the heading takes the focus once it is shown again.
  const [focusHeading, setFocusHeading] = useState(focusOnShow);
  const headingId = `endpoint-${endpoint.id}`;

  useEffect(() => {
    if (!editing && focusHeading) {
      heading.current?.focus();
      setFocusHeading(false);
    }
  }, [editing, focusHeading]);

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      toast({ title: "Signing secret copied" });
    } catch {
      setRevealed(true);
      toast({ title: "Could not copy", description: "Select the secret and copy it by hand.", variant: "destructive" });
    }
  };

  const sendTest = async () => {
    setBusy("test");
    try {
      await api.post("/api/webhook-endpoints/:id/test", { params: { id: endpoint.id } });
      toast({ title: "Test event sent", description: "Its delivery is listed under Deliveries." });
      setShowDeliveries(true);
      setRefreshKey((k) => k + 1);
    } catch (error) {
      toast({ title: "Could not send the test event", description: apiErrorMessage(error, "Try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const toggleEnabled = async () => {
    setBusy("toggle");
    try {
      const changed = await api.put("/api/webhook-endpoints/:id", { params: { id: endpoint.id }, payload: { enabled: !endpoint.enabled } });
      onChanged(changed);
      toast({ title: changed.enabled ? "Endpoint enabled" : "Endpoint disabled" });
    } catch (error) {
      toast({ title: "Could not change the endpoint", description: apiErrorMessage(error, "Try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  if (editing) {
    return (
      <li className="endpoint">
        <EndpointForm
          title={`Edit ${endpoint.url}`}
          submitLabel="Save changes"
          initial={endpoint}
          onCancel={() => (setEditing(false), setFocusHeading(true))}
          onSubmit={async (fields) => {
            onChanged(await api.put("/api/webhook-endpoints/:id", { params: { id: endpoint.id }, payload: fields }));
            setEditing(false);
            setFocusHeading(true);
            toast({ title: "Endpoint saved" });
          }}
        />
      </li>
    );
  }

  const masked = `${endpoint.secret.slice(0, 10)}${"•".repeat(16)}`;
  return (
    <li className="endpoint" data-testid="webhook-endpoint" aria-labelledby={headingId}>
      <div className="endpoint-head">
        <h3 ref={heading} id={headingId} tabIndex={-1} className="endpoint-url">
          {endpoint.url}
        </h3>
        <span className={`badge ${endpoint.enabled ? "endpoint-on" : "endpoint-off"}`}>{endpoint.enabled ? "Enabled" : "Disabled"}</span>
      </div>
      {endpoint.description && <p className="endpoint-description">{endpoint.description}</p>}
      {endpoint.disabledReason && (
        <p className="endpoint-disabled" data-testid="disabled-reason">
          {endpoint.disabledReason}
        </p>
      )}
      <ul className="event-tags" role="list" aria-label="Events sent">
        {endpoint.events.map((type) => (
          <li key={type}>
            <code>{type}</code>
          </li>
        ))}
      </ul>
      <div className="secret-row">
        <span className="secret-label" id={`${headingId}-secret`}>
          Signing secret
        </span>
        <code className="secret" aria-labelledby={`${headingId}-secret`} data-testid="endpoint-secret">
          {revealed ? endpoint.secret : masked}
        </code>
        <span className="secret-buttons">
          <button type="button" className="btn btn-outline btn-small" onClick={() => setRevealed((r) => !r)} aria-pressed={revealed}>
            {revealed ? "Hide" : "Show"}
          </button>
          <button type="button" className="btn btn-outline btn-small" onClick={copySecret}>
            Copy
          </button>
        </span>
      </div>
      <div className="endpoint-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={sendTest} disabled={busy !== null || !endpoint.enabled} aria-disabled={busy !== null || !endpoint.enabled}>
          {busy === "test" ? "Sending..." : "Send test event"}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={() => setShowDeliveries((s) => !s)} aria-expanded={showDeliveries} aria-controls={`${headingId}-deliveries`}>
          {showDeliveries ? "Hide deliveries" : "Deliveries"}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(true)} aria-label={`Edit ${endpoint.url}`}>
          Edit
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={toggleEnabled} disabled={busy !== null}>
          {endpoint.enabled ? "Disable" : "Enable"}
        </button>
        <button ref={deleteButton} type="button" className="btn btn-ghost btn-small btn-danger-text" onClick={() => setConfirming(true)} aria-label={`Delete ${endpoint.url}`}>
          Delete
        </button>
      </div>
      {showDeliveries && <Deliveries id={`${headingId}-deliveries`} endpoint={endpoint} timeZone={timeZone} refreshKey={refreshKey} />}
      {confirming && (
        <DeleteDialog
          endpoint={endpoint}
          onClose={() => (setConfirming(false), requestAnimationFrame(() => deleteButton.current?.focus()))}
          onDone={onRemoved}
        />
      )}
    </li>
  );
}

/** The endpoint's deliveries, newest first; refreshed while one is waiting for its first answer. */
function Deliveries({ id, endpoint, timeZone, refreshKey }: { readonly id: string; readonly endpoint: Endpoint; readonly timeZone: string; readonly refreshKey: number }) {
  const [items, setItems] = useState<ReadonlyArray<Delivery> | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [redelivering, setRedelivering] = useState<string | null>(null);

  const fetchFirst = useCallback(async () => {
    try {
      const page = await api.get("/api/webhook-endpoints/:id/deliveries", { params: { id: endpoint.id } });
      setItems(page.items);
      setNext(page.next);
      setError(null);
      return page.items;
    } catch (e) {
      setError(apiErrorMessage(e, "Could not load the deliveries."));
      return [];
    }
  }, [endpoint.id]);

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A delivery not tried yet is being sent now: read again shortly, a few times.
    const poll = async (left: number) => {
      const shown = await fetchFirst();
      if (!stop && left > 0 && shown.some((d) => d.status === "pending" && d.attempts === 0)) timer = setTimeout(() => void poll(left - 1), 700);
    };
    void poll(15);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [fetchFirst, refreshKey]);

  const more = async () => {
    if (!next) return;
    try {
      const page = await api.get("/api/webhook-endpoints/:id/deliveries", { params: { id: endpoint.id }, query: { cursor: next } });
      setItems((current) => [...(current ?? []), ...page.items]);
      setNext(page.next);
    } catch (e) {
      setError(apiErrorMessage(e, "Could not load more deliveries."));
    }
  };

  const redeliver = async (delivery: Delivery) => {
    setRedelivering(delivery.id);
    try {
      await api.post("/api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver", { params: { id: endpoint.id, deliveryId: delivery.id } });
      toast({ title: "Sent again", description: `${delivery.eventType} with the same webhook-id.` });
      setTimeout(() => void fetchFirst(), 700);
    } catch (e) {
      toast({ title: "Could not redeliver", description: apiErrorMessage(e, "Try again."), variant: "destructive" });
    } finally {
      setRedelivering(null);
    }
  };

  return (
    <section id={id} className="deliveries" aria-label={`Deliveries to ${endpoint.url}`} data-testid="deliveries">
      <div className="deliveries-head">
        <h4>Deliveries</h4>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void fetchFirst()}>
          Refresh
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {items === null ? (
        <p className="muted" aria-busy="true">
          Loading deliveries...
        </p>
      ) : items.length === 0 ? (
        <p className="muted" data-testid="deliveries-empty">
          Nothing sent yet. Events you chose are sent here as they happen; "Send test event" sends one now.
        </p>
      ) : (
        <ul className="delivery-list" role="list" aria-live="polite">
          {items.map((delivery) => (
            <li key={delivery.id} className="delivery" data-testid="delivery">
              <div className="delivery-main">
                <code className="delivery-type">{delivery.eventType}</code>
                <span className={`badge delivery-${delivery.status}`}>{STATUS_LABEL[delivery.status]}</span>
                <span className="muted delivery-meta">
                  {when(delivery.createdAt, timeZone)} · {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}
                </span>
              </div>
              <p className="delivery-answer" data-testid="delivery-answer">
                {delivery.attempts === 0 ? (
                  <span className="muted">Sending...</span>
                ) : (
                  <>
                    {delivery.lastStatus !== null && <strong>HTTP {delivery.lastStatus}</strong>}
                    {delivery.lastStatus !== null && (delivery.lastError || delivery.lastResponse) ? " · " : ""}
                    {delivery.lastError ?? (delivery.lastResponse ? <span className="delivery-excerpt">{delivery.lastResponse}</span> : null)}
                  </>
                )}
                {delivery.status === "pending" && delivery.attempts > 0 && delivery.nextAttemptAt && (
                  <span className="muted"> · next try {when(delivery.nextAttemptAt, timeZone)}</span>
                )}
              </p>
              <p className="muted delivery-id">
                webhook-id <code>{delivery.messageId}</code>
              </p>
              <button
                type="button"
                className="btn btn-outline btn-small delivery-redeliver"
                onClick={() => void redeliver(delivery)}
                disabled={redelivering !== null || !endpoint.enabled}
                aria-label={`Redeliver ${delivery.eventType} of ${when(delivery.createdAt, timeZone)}`}
              >
                {redelivering === delivery.id ? "Sending..." : "Redeliver"}
              </button>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" className="btn btn-outline btn-small deliveries-more" onClick={() => void more()}>
          Show older deliveries
        </button>
      )}
    </section>
  );
}

function DeleteDialog({ endpoint, onClose, onDone }: { readonly endpoint: Endpoint; readonly onClose: () => void; readonly onDone: () => void }) {
  const [pending, setPending] = useState(false);

  const remove = async () => {
    setPending(true);
    try {
      await api.delete("/api/webhook-endpoints/:id", { params: { id: endpoint.id } });
      toast({ title: "Endpoint deleted" });
      onDone();
    } catch (error) {
      toast({ title: "Could not delete the endpoint", description: apiErrorMessage(error, "Try again."), variant: "destructive" });
      setPending(false);
      onClose();
    }
  };

  return (
    <Dialog
      open
      title="Delete this endpoint?"
      description={`SocialDesk stops sending events to ${endpoint.url}, and its deliveries are deleted. This can't be undone; a new endpoint gets a new secret.`}
      onClose={onClose}
    >
      <div className="ui-dialog-actions" data-testid="delete-endpoint-dialog">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void remove()} disabled={pending} aria-disabled={pending}>
          {pending ? "Deleting..." : "Delete endpoint"}
        </button>
      </div>
    </Dialog>
  );
}
