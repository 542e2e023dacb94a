import { type RefObject, useState } from "react";
import type { PlatformId } from "../../../domain/accounts";
import { characterCount } from "../../../domain/publishing/validation";
import { AI_ACTIONS, AI_UNAVAILABLE } from "./ai";

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
}

/** The Description box, its per-platform counters and the AI buttons (which say AI is not set up here). */
export const ContentEditor = ({ content, onContent, textArea, error, platforms, names, limits, hydrated }: ContentEditorProps) => {
  const [aiNote, setAiNote] = useState(false);
  const count = characterCount(content);
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
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ul className="compose-counters" aria-label="Characters per platform" data-testid="char-counters">
        {platforms.map((p) => {
          const max = limits[p] ?? 0;
          return (
            <li key={p} data-testid={`counter-${p}`} data-over={count > max ? "true" : "false"} className={count > max ? "compose-counter over" : "compose-counter"}>
              {names[p] ?? p}: {count}/{max}
            </li>
          );
        })}
      </ul>
      <div className="compose-ai" role="group" aria-label="AI assistant" aria-describedby={aiNote ? "compose-ai-note" : undefined}>
        {AI_ACTIONS.map((a) => (
          <button key={a.id} type="button" className="btn btn-outline btn-sm" aria-disabled="true" title={AI_UNAVAILABLE} disabled={!hydrated} onClick={() => setAiNote(true)}>
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
