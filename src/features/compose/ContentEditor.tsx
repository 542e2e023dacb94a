import { lazy, type ReactNode, type RefObject, useState } from "react";
import { AiButtons } from "./AiButtons";
import type { PlatformId } from "../../../domain/accounts";
import { loadLater } from "./load-later";
import { Later } from "../../components/ui/Later";
import type { PlatformProblem } from "../../../domain/publishing/platform-rules";

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
  /** What the chosen platforms would refuse in the post (domain/publishing/platform-rules). */
  readonly problems: ReadonlyArray<PlatformProblem>;
  readonly hydrated: boolean;
  /** The text tools (emoji, hashtags, fonts, formats), in a bar attached to the box. */
  readonly tools: ReactNode;
  /** Whether the AI buttons work on this server. */
  readonly ai: boolean;
}

/** The Description box, its per-platform counters and the AI buttons. */
export const ContentEditor = ({ content, onContent, textArea, error, platforms, names, limits, problems, hydrated, tools, ai }: ContentEditorProps) => {
  const [aiWriting, setAiWriting] = useState(false);
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
        aria-busy={aiWriting}
        readOnly={aiWriting}
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
          <Later>
            <CharacterCounters content={content} platforms={platforms} names={names} limits={limits} />
          </Later>
        )}
      </ul>
      {problems.length > 0 && (
        <ul className="compose-platform-problems" id="compose-platform-problems" aria-label="What the platforms would refuse" data-testid="platform-problems">
          {problems.map((p) => (
            <li key={p.platform} className="field-error" data-platform={p.platform}>
              {p.message}
            </li>
          ))}
        </ul>
      )}
      <AiButtons content={content} onContent={onContent} platforms={platforms} available={ai} hydrated={hydrated} onBusy={setAiWriting} />
    </div>
  );
};
