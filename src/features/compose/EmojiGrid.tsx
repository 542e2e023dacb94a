import type { JSX } from "react";

/** A short set people reach for in posts; the Emoji menu inserts one at the caret. */
const EMOJIS: ReadonlyArray<{ readonly char: string; readonly name: string }> = [
  { char: "😀", name: "grinning face" },
  { char: "😊", name: "smiling face" },
  { char: "😍", name: "heart eyes" },
  { char: "🤩", name: "star-struck" },
  { char: "😂", name: "tears of joy" },
  { char: "🙌", name: "raised hands" },
  { char: "👏", name: "clapping hands" },
  { char: "👍", name: "thumbs up" },
  { char: "🙏", name: "folded hands" },
  { char: "💪", name: "flexed biceps" },
  { char: "❤️", name: "red heart" },
  { char: "💙", name: "blue heart" },
  { char: "✨", name: "sparkles" },
  { char: "🔥", name: "fire" },
  { char: "🎉", name: "party popper" },
  { char: "🎁", name: "gift" },
  { char: "📣", name: "megaphone" },
  { char: "📅", name: "calendar" },
  { char: "⏰", name: "alarm clock" },
  { char: "📍", name: "round pushpin" },
  { char: "📞", name: "telephone" },
  { char: "💡", name: "light bulb" },
  { char: "✅", name: "check mark" },
  { char: "⭐", name: "star" },
  { char: "🚀", name: "rocket" },
  { char: "🌟", name: "glowing star" },
  { char: "☀️", name: "sun" },
  { char: "🌱", name: "seedling" },
  { char: "🦷", name: "tooth" },
  { char: "⚖️", name: "balance scale" },
  { char: "🩺", name: "stethoscope" },
  { char: "🏠", name: "house" },
  { char: "☕", name: "hot beverage" },
  { char: "🍕", name: "pizza" },
  { char: "👉", name: "pointing right" },
  { char: "➡️", name: "right arrow" },
];

/** The Emoji menu's grid (loaded when the menu first opens): a choice closes the menu and inserts the emoji. */
export default function EmojiGrid({ onPick }: { readonly onPick: (emoji: string) => void }): JSX.Element {
  return (
    <div className="compose-emoji-grid">
      {EMOJIS.map((emoji, i) => (
        // The menu focuses its first item on opening; the grid may arrive after that.
        <button key={emoji.char} type="button" autoFocus={i === 0} className="compose-emoji" aria-label={emoji.name} title={emoji.name} onClick={() => onPick(emoji.char)}>
          {emoji.char}
        </button>
      ))}
    </div>
  );
}
