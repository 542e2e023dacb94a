import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { DraftWithAi } from "../ai/DraftWithAi";
import type { PlatformId } from "../../../domain/accounts";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { api, type ResponseOf } from "../../lib/api/client";
import { apiErrorMessage } from "../../lib/api-client";
import { excerpt } from "../../lib/text";
import { PlatformBadge } from "../accounts/platform-badge";
import { relativeTime } from "../dashboard/dashboard-data";
import { INBOX_MESSAGES, replyWindowClosed } from "../../../domain/inbox/rules";
import type { Writer } from "./NewMessageDialog";
import {
  activeFilters,
  assigneesFor,
  EMPTY_FILTER,
  everyoneOf,
  type InboxFilterState,
  type InboxView,
  inboxQuery,
  type Person,
  replyToast,
  TYPE_LABELS,
} from "./inbox-model";
import "./inbox.css";
import { WorkspaceOptions } from "../../components/ui/WorkspaceOptions";

const TemplatesDialog = lazy(() => import("./TemplatesDialog"));
const NewMessageDialog = lazy(() => import("./NewMessageDialog"));

type InboxThread = ResponseOf<"GET", "/api/social-inbox/:id">;
type InboxMessage = InboxThread["message"];

export interface InboxPlatform {
  readonly id: string;
  readonly name: string;
  /** Why the inbox shows nothing of it, when its API gives no access. */
  readonly noInbox: string | null;
}

interface Props {
  readonly view: InboxView;
  readonly initialMessages: ReadonlyArray<InboxMessage> | null;
  readonly initialCursor: string | null;
  readonly platforms: ReadonlyArray<InboxPlatform>;
  readonly people: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  readonly canAnswer: boolean;
  /** The accounts New Message can write from (or why not). */
  readonly writers: ReadonlyArray<Writer>;
  /** Whether this server has an AI server set up (Draft with AI). */
  readonly ai?: boolean;
  /** The workspaces the person may read the inbox of (an agency's own and its clients'): with more than one, the Workspace choice. */
  readonly workspaces?: ReadonlyArray<{ readonly id: string; readonly name: string; readonly canAnswer?: boolean }>;
  /** The workspace the person works in (its team is `people`). */
  readonly workspaceId?: string;
  /** The team of each other workspace read (the clients'): whom a message of that workspace may be assigned to. */
  readonly teams?: Readonly<Record<string, ReadonlyArray<Person>>>;
}

const SEARCH_PAUSE_MS = 250;
/** How often an open reply is read back while the worker sends it, and for how long. */
const SENDING_POLL_MS = 700;
const SENDING_WAIT_MS = 30_000;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("");

/** The social inbox (issue 11): the list with its filters and bulk actions, and the open message with its thread and reply box. */
export default function SocialInbox({
  view,
  initialMessages,
  initialCursor,
  platforms,
  people,
  canAnswer: answersHere,
  writers,
  ai = false,
  workspaces = [],
  workspaceId = "",
  teams = {},
}: Props) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState<InboxFilterState>({ ...EMPTY_FILTER, type: view === "all" ? "" : view });
  const [messages, setMessages] = useState<ReadonlyArray<InboxMessage>>(initialMessages ?? []);
  const [cursor, setCursor] = useState(initialCursor);
  const [failed, setFailed] = useState(initialMessages === null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<InboxThread | null>(null);
  const [reply, setReply] = useState("");
  const [sending, setSending] = useState(false);
  const [templates, setTemplates] = useState(false);
  const [writing, setWriting] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const first = useRef(true);
  const current = useRef(filter);
  current.current = filter;
  const [arrived, setArrived] = useState(0);
  const now = new Date();

  const load = async (next: InboxFilterState, after?: string | null) => {
    try {
      const page = await api.get("/api/social-inbox", { query: { ...inboxQuery(next), ...(after ? { cursor: after } : {}) } });
      setMessages((list) => (after ? [...list, ...page.items] : page.items));
      setCursor(page.next);
      setFailed(false);
      // A refresh (a message arrived, a filter changed) keeps the selection of what is still listed.
      if (!after) setSelected((ids) => new Set(page.items.filter((m) => ids.has(m.id)).map((m) => m.id)));
    } catch {
      setFailed(true);
    }
  };

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => void load(filter), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [filter]);

  // New messages appear without reloading: the server tells the open inbox (server-sent events), of every workspace read.
  const across = filter.workspace !== "";
  /** Whether the person may answer, assign and archive a message: by their role in its own workspace. */
  const answersIn = (id: string) => (workspaceId === "" || id === workspaceId ? answersHere : (workspaces.find((w) => w.id === id)?.canAnswer ?? false));
  const canAnswer = across ? answersHere || workspaces.some((w) => w.canAnswer) : answersHere;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(across ? "/api/social-inbox/events?workspaces=all" : "/api/social-inbox/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener("arrived", () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        setArrived((n) => n + 1);
        void load(current.current);
      }, 300);
    });
    // Closed for a newer stream of the same person (another tab): stays closed instead of reconnecting, and says so.
    source.addEventListener("closed", (event) => {
      source.close();
      const { message } = JSON.parse((event as MessageEvent<string>).data) as { message: string };
      toast({ title: "Live updates paused", description: message });
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [across]);

  const replace = (message: InboxMessage) => {
    setMessages((list) => list.map((m) => (m.id === message.id ? message : m)));
    setOpen((thread) => (thread && thread.message.id === message.id ? { ...thread, message } : thread));
  };

  const openMessage = async (message: InboxMessage) => {
    try {
      const thread = await api.get("/api/social-inbox/:id", { params: { id: message.id } });
      setOpen(thread);
      setReply("");
      // A phone shows the message instead of the list: from its top, wherever the list was scrolled to.
      requestAnimationFrame(() => {
        if (panel.current && panel.current.getBoundingClientRect().top < 0) panel.current.scrollIntoView({ block: "start" });
      });
      if (thread.message.status === "unread")
        replace(await api.put("/api/social-inbox/:id/status", { params: { id: message.id }, payload: { status: "read" } }));
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to open the message. Please try again."), variant: "destructive" });
    }
  };

  /** Reads the conversation back while the worker sends a reply: how it went, once it is known. */
  const follow = async (messageId: string, replyId: string) => {
    const deadline = Date.now() + SENDING_WAIT_MS;
    let thread = await api.get("/api/social-inbox/:id", { params: { id: messageId } });
    setOpen(thread);
    while (thread.replies.find((r) => r.id === replyId)?.status === "sending" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, SENDING_POLL_MS));
      thread = await api.get("/api/social-inbox/:id", { params: { id: messageId } });
      setOpen(thread);
    }
    replace(thread.message);
    return thread.replies.find((r) => r.id === replyId);
  };

  const send = async (content: string) => {
    if (!open || content.trim() === "" || sending) return;
    setSending(true);
    const { message } = open;
    // The box is emptied as the reply leaves: what is typed while it is sending is the next reply and
    // stays; a refused reply comes back into an empty box.
    setReply((current) => (current === content ? "" : current));
    try {
      const sent = await api.post("/api/social-inbox/:id/reply", { params: { id: message.id }, payload: { content, isPublic: message.isPublic } });
      const outcome = await follow(message.id, sent.id);
      const done = replyToast(view, outcome?.status === "sent");
      toast(
        outcome?.status === "failed"
          ? { ...done, description: outcome.reason ?? done.description, variant: "destructive" }
          : outcome?.status === "sent"
            ? done
            : { title: "Sending", description: "Your reply is on its way." },
      );
    } catch (error) {
      setReply((current) => (current.trim() === "" ? content : current));
      const failedToast = replyToast(view, false);
      toast({ title: failedToast.title, description: apiErrorMessage(error, failedToast.description), variant: "destructive" });
    } finally {
      setSending(false);
    }
  };

  const act = async (ids: ReadonlyArray<string>, action: "read" | "unread" | "archive" | "unarchive" | "assign", assigneeId?: string | null) => {
    try {
      await api.post("/api/social-inbox/bulk", { payload: { ids, action, ...(action === "assign" ? { assigneeId } : {}) } });
      const words = {
        read: "marked read",
        unread: "marked unread",
        archive: "archived",
        unarchive: "moved back to the inbox",
        assign: assigneeId ? "assigned" : "unassigned",
      };
      toast({ title: "Done", description: `${ids.length} ${ids.length === 1 ? "message" : "messages"} ${words[action]}.` });
      // Done with those: the next bulk action starts from a fresh choice.
      setSelected(new Set());
      if (open && ids.includes(open.message.id) && (action === "archive" || action === "unarchive")) setOpen(null);
      await load(filter);
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to update the messages. Please try again."), variant: "destructive" });
    }
  };

  const toggle = (id: string) =>
    setSelected((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const chosen = [...selected];
  const pending = open?.replies.some((r) => r.status === "sending") ?? false;
  const platformOf = (id: string) => platforms.find((p) => p.id === id);
  const noInbox = filter.platform ? platformOf(filter.platform)?.noInbox : null;
  const filtersOn = activeFilters(filter);

  return (
    <div className={`inbox${open ? " inbox-reading" : ""}`} data-testid="social-inbox" data-hydrated={hydrated ? "true" : undefined}>
      <section className="card inbox-list" aria-label="Messages">
        <div className="inbox-filters">
          <input
            type="search"
            className="input inbox-search"
            placeholder="Search messages"
            aria-label="Search messages"
            value={filter.q}
            onChange={(e) => setFilter({ ...filter, q: e.target.value })}
          />
          {workspaces.length > 1 && (
            <select
              className="input inbox-workspace"
              aria-label="Workspace"
              data-testid="inbox-workspace"
              value={filter.workspace}
              onChange={(e) => setFilter({ ...filter, workspace: e.target.value })}
            >
              <WorkspaceOptions workspaces={workspaces} />
            </select>
          )}
          {/* On a phone the filters wait behind this button (a disclosure), so the messages come first; it says how many are on. */}
          <button
            type="button"
            className="btn btn-outline btn-small inbox-filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="inbox-filter-fields"
            onClick={() => setFiltersOpen((shown) => !shown)}
          >
            Filters
            {filtersOn > 0 && (
              <span className="badge badge-brand" data-testid="inbox-filters-on">
                {filtersOn}
                <span className="visually-hidden"> on</span>
              </span>
            )}
          </button>
          <div id="inbox-filter-fields" className="inbox-filter-fields" data-open={filtersOpen ? "true" : undefined}>
            <select
              className="input"
              aria-label="Status"
              value={filter.status}
              onChange={(e) => setFilter({ ...filter, status: e.target.value as InboxFilterState["status"] })}
            >
              <option value="">All statuses</option>
              <option value="unread">Unread</option>
              <option value="read">Read</option>
              <option value="replied">Replied</option>
            </select>
            <select className="input" aria-label="Platform" value={filter.platform} onChange={(e) => setFilter({ ...filter, platform: e.target.value })}>
              <option value="">All platforms</option>
              {platforms.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.noInbox ? `${p.name} (no inbox)` : p.name}
                </option>
              ))}
            </select>
            {(
              [
                ["assignee", "Assignee", [["", "Anyone"], ["none", "Unassigned"], ...(across ? everyoneOf(teams, people) : people).map((p) => [p.id, p.name])]],
                [
                  "sentiment",
                  "Sentiment",
                  [
                    ["", "Any sentiment"],
                    ["positive", "Positive"],
                    ["neutral", "Neutral"],
                    ["negative", "Negative"],
                  ],
                ],
                [
                  "priority",
                  "Priority",
                  [
                    ["", "Any priority"],
                    ["urgent", "Urgent"],
                    ["high", "High"],
                    ["medium", "Medium"],
                    ["low", "Low"],
                  ],
                ],
              ] as const
            ).map(([name, label, options]) => (
              <select key={name} className="input" aria-label={label} value={filter[name]} onChange={(e) => setFilter({ ...filter, [name]: e.target.value })}>
                {options.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            ))}
            <label className="inbox-archived">
              <input type="checkbox" checked={filter.archived} onChange={(e) => setFilter({ ...filter, archived: e.target.checked })} /> Archived
            </label>
            {filtersOn > 0 && (
              <button type="button" className="btn btn-ghost btn-small" onClick={() => setFilter({ ...EMPTY_FILTER, type: filter.type, q: filter.q, workspace: filter.workspace })}>
                Clear filters
              </button>
            )}
          </div>
          {answersHere && (
            <button type="button" className="btn btn-primary btn-small inbox-new" onClick={() => setWriting(true)} disabled={!hydrated}>
              New Message
            </button>
          )}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {arrived > 0 ? `New messages arrived (${arrived}).` : ""}
        </p>
        {noInbox && (
          <p className="inbox-note" role="note">
            {noInbox}
          </p>
        )}
        {canAnswer && messages.length > 0 && (
          <div className="inbox-bulk" role="toolbar" aria-label="Bulk actions">
            <label>
              <input
                type="checkbox"
                checked={chosen.length === messages.length}
                onChange={(e) => setSelected(new Set(e.target.checked ? messages.map((m) => m.id) : []))}
              />{" "}
              {chosen.length > 0 ? `${chosen.length} selected` : "Select all"}
            </label>
            {chosen.length > 0 && (
              <>
                <button type="button" className="btn btn-outline btn-small" onClick={() => void act(chosen, "read")}>
                  Mark read
                </button>
                <button type="button" className="btn btn-outline btn-small" onClick={() => void act(chosen, filter.archived ? "unarchive" : "archive")}>
                  {filter.archived ? "Move to inbox" : "Archive"}
                </button>
                <select
                  className="input"
                  aria-label="Assign the selected messages"
                  value=""
                  onChange={(e) => void act(chosen, "assign", e.target.value === "none" ? null : e.target.value)}
                >
                  <option value="" disabled>
                    Assign to…
                  </option>
                  <option value="none">Nobody</option>
                  {assigneesFor(
                    chosen.flatMap((id) => messages.find((m) => m.id === id)?.workspaceId ?? []),
                    teams,
                    people,
                  ).map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </>
            )}
          </div>
        )}
        {failed ? (
          <p className="inbox-empty">The messages could not be loaded. Please reload the page.</p>
        ) : messages.length === 0 ? (
          <p className="inbox-empty" data-testid="inbox-empty">
            No messages found
          </p>
        ) : (
          <ul className="inbox-messages">
            {messages.map((m) => (
              <li
                key={m.id}
                className={`inbox-item${m.status === "unread" ? " inbox-unread" : ""}${open?.message.id === m.id ? " inbox-current" : ""}`}
                data-testid="inbox-message"
              >
                {answersIn(m.workspaceId) && (
                  <input type="checkbox" aria-label={`Select the message from ${m.fromUser.name}`} checked={selected.has(m.id)} onChange={() => toggle(m.id)} />
                )}
                <button type="button" className="inbox-open" onClick={() => void openMessage(m)} disabled={!hydrated}>
                  <span className="inbox-avatar" aria-hidden="true">
                    {initialsOf(m.fromUser.name)}
                    <PlatformBadge platform={m.platform as PlatformId} size="tiny" />
                  </span>
                  <span className="inbox-summary">
                    <span className="inbox-from">
                      <strong className="name-wrap" title={m.fromUser.name}>
                        {m.fromUser.name}
                      </strong>
                      {m.fromUser.verified && (
                        <span className="inbox-verified" title="Verified">
                          ✓
                        </span>
                      )}
                      <span className="muted">{relativeTime(m.timestamp, now)}</span>
                    </span>
                    <span className="inbox-text">
                      {m.outgoing && "You: "}
                      {excerpt(m.content, 120)}
                    </span>
                    <span className="inbox-tags">
                      {across && (
                        <span className="badge badge-brand inbox-client name-wrap" data-testid="inbox-client" title={`Workspace: ${m.workspaceName}`}>
                          {m.workspaceName}
                        </span>
                      )}
                      <span className="badge">{TYPE_LABELS[m.type]}</span>
                      <span className={`badge inbox-${m.sentiment}`}>{m.sentiment}</span>
                      {m.priority !== "low" && <span className={`badge inbox-priority-${m.priority}`}>{m.priority}</span>}
                      {m.status === "replied" && <span className="badge badge-accent">Replied</span>}
                      {m.status === "unread" && <span className="visually-hidden">Unread</span>}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {cursor && !failed && (
          <button type="button" className="btn btn-outline inbox-more" onClick={() => void load(filter, cursor)}>
            Load more messages
          </button>
        )}
      </section>

      <section className="card inbox-panel" aria-label="Conversation" ref={panel}>
        {!open ? (
          <p className="inbox-empty">Choose a message to read it and reply.</p>
        ) : (
          <>
            <header className="inbox-panel-head">
              <button type="button" className="btn btn-ghost btn-small inbox-back" onClick={() => setOpen(null)}>
                ← Messages
              </button>
              <div>
                <h2 className="name-wrap">{open.message.fromUser.name}</h2>
                <p className="muted">
                  @{open.message.fromUser.username} · {TYPE_LABELS[open.message.type]} on {platformOf(open.message.platform)?.name ?? open.message.platform}
                  {across && <span data-testid="inbox-open-client"> · {open.message.workspaceName}</span>}
                  {open.message.postTitle && <> · on “{open.message.postTitle}”</>}
                </p>
              </div>
              {answersIn(open.message.workspaceId) && (
                <div className="inbox-panel-actions">
                  <select
                    className="input"
                    aria-label="Assigned to"
                    value={open.message.assigneeId ?? "none"}
                    onChange={(e) =>
                      void api
                        .put("/api/social-inbox/:id", {
                          params: { id: open.message.id },
                          payload: { assigneeId: e.target.value === "none" ? null : e.target.value },
                        })
                        .then(replace, (error) =>
                        toast({ title: "Error", description: apiErrorMessage(error, "Failed to assign the message."), variant: "destructive" }),
                      )
                    }
                  >
                    <option value="none">Unassigned</option>
                    {assigneesFor([open.message.workspaceId], teams, people).map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    onClick={() => void act([open.message.id], open.message.archived ? "unarchive" : "archive")}
                  >
                    {open.message.archived ? "Move to inbox" : "Archive"}
                  </button>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => void act([open.message.id], "unread").then(() => setOpen(null))}>
                    Mark unread
                  </button>
                </div>
              )}
            </header>
            <ol className="inbox-thread">
              {open.thread.map((m) => (
                <li key={m.id} hidden={m.outgoing} className={m.id === open.message.id ? "inbox-bubble inbox-bubble-current" : "inbox-bubble"}>
                  <p className="inbox-bubble-from">
                    <strong>{m.fromUser.name}</strong> <span className="muted">{relativeTime(m.timestamp, now)}</span>
                  </p>
                  <p>{m.content}</p>
                </li>
              ))}
              {open.replies.map((r) => (
                <li key={r.id} className="inbox-bubble inbox-bubble-ours" data-testid="inbox-reply">
                  <p>{r.content}</p>
                  <p className="inbox-reply-state">
                    {r.status === "sent" ? "Sent" : r.status === "sending" ? "Sending…" : `Not sent: ${r.reason ?? "unknown reason"}`}
                    {r.status === "failed" && answersIn(open.message.workspaceId) && (
                      <button type="button" className="btn btn-ghost btn-small" onClick={() => void send(r.content)} disabled={sending || pending}>
                        Retry
                      </button>
                    )}
                  </p>
                </li>
              ))}
            </ol>
            {answersIn(open.message.workspaceId) && replyWindowClosed({ ...open.message, sentAt: open.message.timestamp }, now) ? (
              <p className="inbox-note" role="note">
                {INBOX_MESSAGES.dmWindowClosed}
              </p>
            ) : answersIn(open.message.workspaceId) ? (
              <form
                className="inbox-reply"
                onSubmit={(e) => {
                  e.preventDefault();
                  void send(reply);
                }}
              >
                <label htmlFor="inbox-reply-text" className="visually-hidden">
                  Your reply
                </label>
                <textarea
                  id="inbox-reply-text"
                  className="input"
                  rows={3}
                  placeholder={open.message.isPublic ? "Write a public reply…" : "Write a private reply…"}
                  value={reply}
                  onChange={(e) => setReply(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void send(reply);
                  }}
                />
                <div className="inbox-reply-actions">
                  <button type="button" className="btn btn-outline btn-small" onClick={() => setTemplates(true)}>
                    Quick Reply Templates
                  </button>
                  <DraftWithAi
                    kind={open.message.isPublic ? "comment" : "message"}
                    text={open.message.content}
                    current={reply}
                    onDraft={setReply}
                    available={ai}
                    disabled={sending || pending}
                  />
                  <button type="submit" className="btn btn-primary" disabled={reply.trim() === "" || sending || pending}>
                    {sending ? "Sending…" : open.message.isPublic ? "Reply publicly" : "Send reply"}
                  </button>
                </div>
              </form>
            ) : (
              <p className="muted">Your role reads the inbox only.</p>
            )}
          </>
        )}
      </section>
      {writing && (
        <Suspense fallback={null}>
          <NewMessageDialog
            writers={writers}
            onClose={() => setWriting(false)}
            onSent={(thread) => {
              setWriting(false);
              setOpen(thread);
              void load(filter).then(() => follow(thread.message.id, thread.replies[0]!.id));
            }}
          />
        </Suspense>
      )}
      {templates && (
        <Suspense fallback={null}>
          <TemplatesDialog
            onClose={() => setTemplates(false)}
            onUse={(template) => {
              setReply(template.content);
              setTemplates(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
