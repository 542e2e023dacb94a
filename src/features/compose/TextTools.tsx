import { lazy, type RefObject, Suspense, useLayoutEffect, useRef, useState } from "react";
import { lazyItems, Menu } from "../../components/ui/Menu";
import { toast } from "../../islands/toast/toast-store";
import type { HashtagChoices, Restyle } from "./text-actions";
import type { Selection } from "./text-tools";

/** What the text menus do and the Font and Format entries, with the text tools and the emoji grid: loaded when a text menu first opens. */
const loadTextActions = () => import("./text-actions");

/** Shown in the Emoji menu. */
const EmojiGrid = lazy(() => loadTextActions().then((m) => ({ default: m.EmojiGrid })));

/**
 * Edits of the text that put the selection back where the person was working: `edit` takes the
 * new text and the selection to restore once React has rendered it.
 */
export const useCaretEdits = (textArea: RefObject<HTMLTextAreaElement | null>, content: string, setContent: (text: string) => void) => {
  const pendingSelection = useRef<Selection | null>(null);

  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !textArea.current) return;
    pendingSelection.current = null;
    textArea.current.focus();
    textArea.current.setSelectionRange(selection.start, selection.end);
  }, [content, textArea]);

  const selection = (): Selection => {
    const area = textArea.current;
    return area ? { start: area.selectionStart, end: area.selectionEnd } : { start: content.length, end: content.length };
  };

  const edit = (result: { text: string; selection: Selection }) => {
    pendingSelection.current = result.selection;
    setContent(result.text);
  };

  return { selection, edit };
};

interface TextToolsProps {
  readonly content: string;
  readonly textArea: RefObject<HTMLTextAreaElement | null>;
  readonly onContent: (text: string) => void;
  readonly hasMedia: boolean;
  readonly onClearMedia: () => void;
  readonly disabled: boolean;
}

/** The toolbar's text menus (spec core §2): Emoji, Hashtag, Font, Format and More, on the selection or the caret. */
export const TextTools = ({ content, textArea, onContent, hasMedia, onClearMedia, disabled }: TextToolsProps) => {
  const [hashtags, setHashtags] = useState<HashtagChoices | null>(null);
  const caret = useCaretEdits(textArea, content, onContent);

  const insertText = (text: string, spaced = false) => {
    const selection = caret.selection();
    void loadTextActions().then((actions) => caret.edit(actions.insertAtCaret(content, selection, text, spaced)));
  };

  const restyle = (style: Restyle, label: string) => {
    const selection = caret.selection();
    void loadTextActions().then((actions) => actions.restyle(content, selection, style, label, caret.edit));
  };

  const loadHashtags = () => {
    if (hashtags !== null) return;
    loadTextActions()
      .then((actions) => actions.hashtagChoices())
      .then(setHashtags)
      .catch(() => setHashtags({ groups: [], recent: [] }));
  };

  const preload = () => void loadTextActions().catch(() => undefined);

  // Here, not in text-actions: some browsers allow writing to the clipboard only right after the click.
  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(content);
      toast({ title: "Copied", description: "The post's text is on your clipboard." });
    } catch {
      toast({ title: "Could not copy", description: "Your browser did not allow copying. Select the text and copy it instead.", variant: "destructive" });
    }
  };

  return (
    <>
      <Menu label="Emoji" disabled={disabled} onOpen={preload} items={[]}>
        {(close) => (
          <Suspense
            fallback={
              // As wide as the grid, so the menu is placed on screen as it will be once loaded.
              <div className="compose-emoji-grid" aria-busy="true">
                <p className="muted compose-emoji-loading">Loading…</p>
              </div>
            }
          >
            <EmojiGrid
              onPick={(emoji) => {
                close();
                insertText(emoji);
              }}
            />
          </Suspense>
        )}
      </Menu>
      <Menu
        label="Hashtag"
        disabled={disabled}
        onOpen={loadHashtags}
        items={lazyItems(loadTextActions, (actions) => actions.hashtagItems(hashtags, insertText))}
      />
      <Menu label="Font" disabled={disabled} items={lazyItems(loadTextActions, (actions) => actions.fontItems(restyle))} />
      <Menu label="Format" disabled={disabled} items={lazyItems(loadTextActions, (actions) => actions.formatItems(restyle))} />
      <Menu
        label="More"
        disabled={disabled}
        items={lazyItems(loadTextActions, (actions) =>
          actions.moreItems({ hasText: content !== "", hasMedia, copyText, clearMedia: onClearMedia, clearText: () => onContent("") }),
        )}
      />
    </>
  );
};
