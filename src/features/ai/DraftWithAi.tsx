import { useId, useState } from "react";
import { AI_MESSAGES, AI_TOASTS, type AiDraftKind } from "../../../domain/ai/messages";
import { DisabledReason } from "../../components/ui/DisabledReason";
import { toast } from "../../islands/toast/toast-store";

interface DraftWithAiProps {
  readonly kind: AiDraftKind;
  /** What is answered: the message, comment or review's text. */
  readonly text: string;
  readonly rating?: number | null;
  /** The reply box's text now (put back when the draft fails or on Undo). */
  readonly current: string;
  readonly onDraft: (text: string) => void;
  /** Whether this server has an AI server set up. */
  readonly available: boolean;
  readonly disabled?: boolean;
  /** The workspace of what is answered, when it is another of the agency's than the one the person works in (a client's review). */
  readonly workspaceId?: string;
}

/**
 * "Draft with AI" beside a reply box (the inbox, reviews): the draft streams into the box for the
 * person to edit and send; nothing is sent. Without an AI server it is shown disabled, saying so.
 */
export const DraftWithAi = ({ kind, text, rating = null, current, onDraft, available, disabled = false, workspaceId }: DraftWithAiProps) => {
  const [drafting, setDrafting] = useState(false);
  const offNote = useId();
  // Said beside the button, not in a tooltip: a touch screen cannot hover.
  if (!available)
    return (
      <span className="draft-with-ai-off">
        <button type="button" className="btn btn-outline btn-small" aria-disabled="true" aria-describedby={offNote} data-testid="draft-with-ai">
          Draft with AI
        </button>
        <DisabledReason id={offNote}>{AI_MESSAGES.unavailable}</DisabledReason>
      </span>
    );

  const draft = async () => {
    const before = current;
    setDrafting(true);
    try {
      const { streamAiText } = await import("./ai-client");
      const result = await streamAiText("/api/ai/draft-reply", { kind, text, rating, ...(workspaceId ? { workspaceId } : {}) }, "draft", onDraft);
      onDraft(result);
      toast({
        title: AI_TOASTS.drafted,
        description: "Read it and edit it before you send it.",
        ...(before.trim() ? { action: { label: "Undo", onClick: () => onDraft(before) } } : {}),
      });
    } catch (error) {
      onDraft(before);
      const { message } = await import("./ai-client").then(
        (client) => client.aiFailure(error, AI_MESSAGES.draftFailed),
        () => ({ message: AI_MESSAGES.draftFailed }),
      );
      toast({ title: AI_TOASTS.draftFailed, description: message, variant: "destructive" });
    } finally {
      setDrafting(false);
    }
  };

  return (
    <button type="button" className="btn btn-outline btn-small" onClick={() => void draft()} disabled={disabled || drafting} data-testid="draft-with-ai">
      {drafting ? "Drafting…" : "Draft with AI"}
    </button>
  );
};
