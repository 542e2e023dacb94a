import { lazy, type ReactNode, type RefObject, Suspense, useState } from "react";
import type { PlatformId } from "../../../domain/accounts";
import { AI_ACTIONS, AI_UNAVAILABLE } from "./ai";
import { loadLater } from "./load-later";

/** Shown once an account is chosen: loaded then, not with the page. */
const CharacterCounters = lazy(() => loadLater().then((m) => ({ default: m.CharacterCounters })));

interface ContentEditorProps {
  readonly content: string;
  readonly onContent: (text: string) => void;
  readonly textArea: RefObject<HTMLTextAreaElement | null>;
  readonly error: string | undefined;
  /** The chosen platforms, each with a counter against its limit. */
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly names: Readonly<Record<string, string>>;
  readonly limits: Readonly<Record<string, number>>;
  readonly hydrated: boolean;
  /** The text tools (emoji, hashtags, fonts, formats), in a bar attached to the box. */
  readonly tools: ReactNode;
}

/** The Description box, its per-platform counters and the AI buttons (which say AI is not set up here). */
export const ContentEditor = ({ content, onContent, textArea, error, platforms, names, limits, hydrated, tools }: ContentEditorProps) => {
  const [aiNote, setAiNote] = useState(false);
  return (
    <div className="field">
      <label htmlFor="compose-content">Description</label>
      <textarea
        ref={textArea}
        id="compose-content"
        className="textarea compose-content"
        rows={7}
        placeholder="What would you like to share?"
        value={content}
        aria-invalid={error ? "true" : undefined}
        onChange={(e) => onContent(e.target.value)}
      />
      <div className="compose-text-tools" role="toolbar" aria-label="Text tools">
        {tools}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ul className="compose-counters" aria-label="Characters per platform" data-testid="char-counters">
        {platforms.length > 0 && (
          <Suspense fallback={null}>
            <CharacterCounters content={content} platforms={platforms} names={names} limits={limits} />
          </Suspense>
        )}
      </ul>
      <div className="compose-ai" role="group" aria-label="AI assistant" aria-describedby={aiNote ? "compose-ai-note" : undefined}>
        {AI_ACTIONS.map((a) => (
          <button
            key={a.id}
            type="button"
            className="btn btn-outline btn-sm"
            aria-disabled="true"
            title={AI_UNAVAILABLE}
            disabled={!hydrated}
            onClick={() => setAiNote(true)}
          >
            {a.label}
          </button>
        ))}
      </div>
      <p id="compose-ai-note" className="muted compose-ai-note" role="status" data-testid="ai-note">
        {aiNote ? `${AI_UNAVAILABLE}.` : ""}
      </p>
    </div>
  );
};
