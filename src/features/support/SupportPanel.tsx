import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { libraryIdOf } from "../../../domain/media/urls";
import { Dialog } from "../../components/ui/Dialog";
import { api, type ResponseOf } from "../../lib/api/client";
import { apiErrorFields, apiErrorMessage, apiErrorStatus } from "../../lib/api-client";
import "./support.css";

const GalleryDialog = lazy(() => import("../compose/MediaDialogs").then((m) => ({ default: m.GalleryDialog })));

type Conversation = ResponseOf<"GET", "/api/support">;
type Message = Conversation["messages"][number];

type State =
  | { readonly kind: "loading" }
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "refused"; readonly message: string }
  | { readonly kind: "ready"; readonly conversation: Conversation };

const timeOf = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The support panel behind the shell's Help button (loaded at its first click): the workspace's chat
 * with the operators of this server, a reply heard at once while it is open; where the plan has no
 * chat, or nobody answers it on this server, the e-mail form instead.
 */
export const SupportPanel = ({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) => (
  <Dialog open={open} title="Help" onClose={onClose} className="support-drawer" bodyClassName="support-body">
    <SupportContent />
  </Dialog>
);

/** Mounted while the panel is open: reads the conversation and listens for replies. */
const SupportContent = () => {
  const [state, setState] = useState<State>({ kind: "loading" });
  const load = useCallback(async () => {
    try {
      setState({ kind: "ready", conversation: await api.get("/api/support") });
    } catch (error) {
      const status = apiErrorStatus(error);
      setState(
        status === 403
          ? { kind: "refused", message: apiErrorMessage(error, "Live chat is not in your plan.") }
          : { kind: "error", message: apiErrorMessage(error, "Could not load your conversation with support.") },
      );
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const chatOpen = state.kind === "ready";
  useEffect(() => {
    if (!chatOpen || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/support/events");
    // A reply read here is read: the conversation is read again, which marks it.
    source.addEventListener("reply", () => void load());
    source.addEventListener("closed", () => source.close());
    return () => source.close();
  }, [chatOpen, load]);

  if (state.kind === "loading") return <p className="muted" role="status">Loading your conversation…</p>;
  if (state.kind === "error")
    return (
      <div className="support-state" role="alert">
        <p>{state.message}</p>
        <button type="button" className="btn btn-outline" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  if (state.kind === "refused")
    return (
      <>
        <p className="support-notice" data-testid="support-refusal">
          {state.message} <a href="/app/pricing">Upgrade</a>
        </p>
        <EmailForm />
      </>
    );
  const { conversation } = state;
  return (
    <>
      {!conversation.operatorsAvailable && (
        <p className="support-notice" data-testid="support-unstaffed">
          Live chat is not staffed on this server: nobody here answers chat messages yet. E-mail us instead, at {conversation.supportEmail}.
        </p>
      )}
      {conversation.operatorsAvailable ? (
        <>
          <p className="muted support-intro">
            Write to the people who run this server. They aim to answer within 4 hours during their working hours; if you have left by then, the answer comes by e-mail too.
          </p>
          <Thread messages={conversation.messages} />
          <Composer
            onSent={(message) => setState({ kind: "ready", conversation: { ...conversation, conversationId: conversation.conversationId ?? "new", messages: [...conversation.messages, message] } })}
          />
        </>
      ) : (
        <>
          {conversation.messages.length > 0 && <Thread messages={conversation.messages} />}
          <EmailForm />
        </>
      )}
    </>
  );
};

const Thread = ({ messages }: { readonly messages: ReadonlyArray<Message> }) => {
  const end = useRef<HTMLLIElement>(null);
  // In braces: scrollIntoView may answer a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length]);
  if (messages.length === 0) return <p className="muted support-empty">No messages yet. Ask anything about your posts, accounts or plan.</p>;
  return (
    <ol className="support-panel-thread" aria-label="Conversation with support" data-testid="support-thread">
      {messages.map((m) => (
        <li key={m.id} className={`support-message ${m.side === "customer" ? "support-mine" : "support-theirs"}`}>
          <p className="support-meta">
            <span className="name-wrap">{m.side === "operator" ? `${m.authorName} (support)` : m.authorName}</span> · <time dateTime={m.sentAt}>{timeOf(m.sentAt)}</time>
          </p>
          <p className="support-text">{m.content}</p>
          {m.attachments.length > 0 && (
            <ul className="support-files" aria-label="Attached files">
              {m.attachments.map((file) => (
                <li key={file.mediaId}>
                  <a href={file.url} target="_blank" rel="noreferrer">
                    {file.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
      <li ref={end} aria-hidden="true" className="support-end" />
    </ol>
  );
};

const Composer = ({ onSent }: { readonly onSent: (message: Message) => void }) => {
  const [content, setContent] = useState("");
  const [files, setFiles] = useState<ReadonlyArray<{ id: string; url: string }>>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [picking, setPicking] = useState(false);
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const sent = await api.post("/api/support/messages", { payload: { content, ...(files.length > 0 ? { mediaIds: files.map((f) => f.id) } : {}) } });
      setContent("");
      setFiles([]);
      onSent(sent);
    } catch (failure) {
      const fields = apiErrorFields(failure);
      setError(fields.content ?? fields.mediaIds ?? apiErrorMessage(failure, "Your message was not sent. Try again."));
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className="support-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor="support-message" className="visually-hidden">
        Your message
      </label>
      <textarea
        id="support-message"
        className="textarea"
        rows={3}
        autoFocus
        value={content}
        placeholder="Write your message…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "support-message-error" : undefined}
        onChange={(event) => setContent(event.target.value)}
      />
      {error && (
        <p id="support-message-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className="support-chosen" aria-label="Files to send">
          {files.map((file) => (
            <li key={file.id}>
              <span className="name-wrap">{decodeURIComponent(file.url.slice(file.url.lastIndexOf("/") + 1))}</span>
              <button type="button" className="btn btn-ghost" aria-label="Remove the file" onClick={() => setFiles(files.filter((f) => f.id !== file.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="support-actions">
        <button type="button" className="btn btn-outline" onClick={() => setPicking(true)}>
          Attach from media library
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending || content.trim() === ""}>
          {sending ? "Sending…" : "Send"}
        </button>
      </div>
      {picking && (
        <Suspense fallback={null}>
          <GalleryDialog
            open
            addedTo="message"
            onClose={() => setPicking(false)}
            onAdd={(urls) => {
              const chosen = urls.flatMap((url) => {
                const id = libraryIdOf(url);
                return id && !files.some((f) => f.id === id) ? [{ id, url }] : [];
              });
              setFiles([...files, ...chosen]);
            }}
          />
        </Suspense>
      )}
    </form>
  );
};

/** The e-mail form: every plan may write to the support address; answers come to the person's e-mail. */
const EmailForm = () => {
  const [subject, setSubject] = useState("");
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  if (sent)
    return (
      <p className="support-notice" role="status" data-testid="support-email-sent">
        Sent. We answer by e-mail, to the address you sign in with.
      </p>
    );
  return (
    <form
      className="support-email"
      aria-labelledby="support-email-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setSending(true);
        try {
          await api.post("/api/support/email", { payload: { subject, content } });
          setSent(true);
        } catch (failure) {
          const fields = apiErrorFields(failure);
          setErrors(Object.keys(fields).length > 0 ? fields : { form: apiErrorMessage(failure, "Your e-mail was not sent. Try again.") });
        } finally {
          setSending(false);
        }
      }}
    >
      <h3 id="support-email-title">E-mail support</h3>
      <div className="field">
        <label htmlFor="support-subject">Subject</label>
        <input id="support-subject" className="input" value={subject} aria-invalid={errors.subject ? true : undefined} onChange={(e) => setSubject(e.target.value)} />
        {errors.subject && <p className="field-error">{errors.subject}</p>}
      </div>
      <div className="field">
        <label htmlFor="support-email-message">Message</label>
        <textarea id="support-email-message" className="textarea" rows={4} value={content} aria-invalid={errors.content ? true : undefined} onChange={(e) => setContent(e.target.value)} />
        {errors.content && <p className="field-error">{errors.content}</p>}
      </div>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="support-actions">
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? "Sending…" : "Send e-mail"}
        </button>
      </div>
    </form>
  );
};
