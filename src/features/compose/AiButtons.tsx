import { useRef, useState } from "react";
import type { PlatformId } from "../../../domain/accounts";
import { DisabledReason } from "../../components/ui/DisabledReason";
import { toast } from "../../islands/toast/toast-store";
import { AI_ACTIONS, type AiActionId, AI_UNAVAILABLE, loadAiMessages } from "./ai";

/** Why the buttons are off, when they are. */
const NOTE_ID = "compose-ai-note";

/** The AI call's code: loaded with the first click. */
const loadClient = () => import("../ai/ai-client");

interface AiButtonsProps {
  readonly content: string;
  readonly onContent: (text: string) => void;
  readonly platforms: ReadonlyArray<PlatformId>;
  /** Whether this server has an AI server set up (the page knows). */
  readonly available: boolean;
  readonly hydrated: boolean;
  /** The description box waits while a text streams in. */
  readonly onBusy: (busy: boolean) => void;
}

/**
 * The description box's AI buttons (spec core §2): each sends the text to /api/ai/enhance-content
 * and the answer streams into the box as it is written; Undo puts back the text before. Without an
 * AI server they say so.
 */
export const AiButtons = ({ content, onContent, platforms, available, hydrated, onBusy }: AiButtonsProps) => {
  const [running, setRunning] = useState<AiActionId | null>(null);
  /** The text before the last enhancement and the text it gave: Undo is offered while the box still holds the latter. */
  const [undoable, setUndoable] = useState<{ readonly before: string; readonly after: string } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const undo = (text: string) => {
    onContent(text);
    setUndoable(null);
  };

  const run = async (action: AiActionId) => {
    const { AI_MESSAGES, AI_TOASTS } = await loadAiMessages();
    if (content.trim() === "") {
      toast({ title: AI_TOASTS.noContent, description: AI_MESSAGES.contentRequired, variant: "destructive" });
      return;
    }
    const original = content;
    abort.current = new AbortController();
    setRunning(action);
    onBusy(true);
    try {
      const { streamAiText } = await loadClient();
      const text = await streamAiText("/api/ai/enhance-content", { content: original, action, platforms }, "enhancedContent", onContent, abort.current.signal);
      onContent(text);
      setUndoable({ before: original, after: text });
      toast({ title: AI_TOASTS.enhanced, description: "Undo puts back the text before.", action: { label: "Undo", onClick: () => undo(original) } });
    } catch (error) {
      onContent(original);
      const { status, message } = await loadClient().then(
        (client) => client.aiFailure(error, AI_MESSAGES.enhanceFailed),
        () => ({ status: null, message: AI_MESSAGES.enhanceFailed }),
      );
      toast({ title: status === 400 ? AI_TOASTS.noContent : AI_TOASTS.enhanceFailed, description: message, variant: "destructive" });
    } finally {
      setRunning(null);
      onBusy(false);
    }
  };

  return (
    <>
      <div
        className="compose-ai"
        role="group"
        aria-label="AI assistant"
        aria-busy={running !== null}
        data-ai={available ? "on" : "off"}
      >
        {AI_ACTIONS.map((a) =>
          available ? (
            <button key={a.id} type="button" className="btn btn-outline btn-sm" disabled={!hydrated || running !== null} onClick={() => void run(a.id)}>
              {running === a.id ? (
                <>
                  <span className="compose-ai-spinner" aria-hidden="true" />
                  {a.label}…
                </>
              ) : (
                a.label
              )}
            </button>
          ) : (
            <button key={a.id} type="button" className="btn btn-outline btn-sm" aria-disabled="true" aria-describedby={NOTE_ID} disabled={!hydrated}>
              {a.label}
            </button>
          ),
        )}
        {undoable !== null && undoable.after === content && running === null && (
          <button type="button" className="btn btn-ghost btn-sm compose-ai-undo" onClick={() => undo(undoable.before)}>
            Undo
          </button>
        )}
      </div>
      {available ? (
        <p className="muted compose-ai-note" role="status" data-testid="ai-note">
          {running ? "Writing…" : ""}
        </p>
      ) : (
        <DisabledReason id={NOTE_ID} className="compose-ai-note">
          {AI_UNAVAILABLE}
        </DisabledReason>
      )}
    </>
  );
};
