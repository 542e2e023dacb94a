/** The per-platform option panels (spec core §3) for the selected platforms, sent as `options`. */
import type { PlatformId } from "../../../domain/accounts";
import { platformById } from "../../../domain/accounts/platforms";
import { characterCount, STORY_MAX_HOURS, THREAD_MAX_POSTS } from "../../../domain/publishing/validation";
import { businessDetails, businessTypeLabel } from "../../../domain/publishing/business-post";
import type { BusinessFields, OptionsState } from "./compose-model";

interface Props {
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly names: Readonly<Record<string, string>>;
  readonly options: OptionsState;
  readonly onChange: (platform: PlatformId, key: string, value: unknown) => void;
  /** An edited Business Profile post's offer, event or product (made on the Business Profile screen): shown, and kept. */
  readonly business?: BusinessFields | null;
}

const LANGUAGES = [
  { id: "en", label: "English" },
  { id: "es", label: "Spanish" },
  { id: "fr", label: "French" },
  { id: "de", label: "German" },
  { id: "ja", label: "Japanese" },
  { id: "pt", label: "Portuguese" },
];
const AUDIENCES = [
  { id: "everyone", label: "Everyone" },
  { id: "followers", label: "Accounts you follow" },
  { id: "verified", label: "Verified accounts" },
  { id: "mentioned", label: "Only accounts you mention" },
];

/** Mastodon's visibilities a post can take from here, by its own names (quiet public: not in public timelines; direct messages are not posts). */
const MASTODON_VISIBILITY = [
  { id: "public", label: "Public" },
  { id: "unlisted", label: "Quiet public" },
  { id: "private", label: "Followers only" },
];

/** TikTok's privacy levels; the account's own settings may allow fewer (the publish says which). */
const TIKTOK_PRIVACY = [
  { id: "PUBLIC_TO_EVERYONE", label: "Everyone" },
  { id: "MUTUAL_FOLLOW_FRIENDS", label: "Friends" },
  { id: "FOLLOWER_OF_CREATOR", label: "Followers" },
  { id: "SELF_ONLY", label: "Only me" },
];

export function PlatformOptionsPanel({ platforms, names, options, onChange, business = null }: Props) {
  const str = (p: PlatformId, key: string) => {
    const v = options[p]?.[key];
    return typeof v === "string" ? v : "";
  };
  const bool = (p: PlatformId, key: string) => options[p]?.[key] === true;
  const text = (p: PlatformId, key: string, label: string, placeholder = "") => (
    <div className="field" key={key}>
      <label htmlFor={`opt-${p}-${key}`}>{label}</label>
      <input id={`opt-${p}-${key}`} className="input" value={str(p, key)} placeholder={placeholder} onChange={(e) => onChange(p, key, e.target.value)} />
    </div>
  );
  const check = (p: PlatformId, key: string, label: string) => (
    <label className="compose-check" key={key}>
      <input type="checkbox" checked={bool(p, key)} onChange={(e) => onChange(p, key, e.target.checked)} />
      <span>{label}</span>
    </label>
  );
  const select = (p: PlatformId, key: string, label: string, choices: ReadonlyArray<{ id: string; label: string }>, fallback: string) => (
    <div className="field" key={key}>
      <label htmlFor={`opt-${p}-${key}`}>{label}</label>
      <select id={`opt-${p}-${key}`} className="select" value={str(p, key) || fallback} onChange={(e) => onChange(p, key, e.target.value)}>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );

  /** X: the posts after the description, each answering the one before. */
  const thread = (p: PlatformId) => {
    const raw = options[p]?.thread;
    const parts = Array.isArray(raw) ? raw.filter((x): x is string => typeof x === "string") : [];
    const limit = platformById("twitter").maxCharacters;
    const set = (next: ReadonlyArray<string>) => onChange(p, "thread", next);
    return (
      <fieldset className="compose-thread" key="thread">
        <legend>Thread</legend>
        <p className="muted">The description is the first post; each post added here answers the one before it.</p>
        {parts.map((part, i) => {
          const count = characterCount(part);
          return (
            <div className="field" key={i}>
              <label htmlFor={`opt-${p}-thread-${i}`}>Post {i + 2}</label>
              <textarea
                id={`opt-${p}-thread-${i}`}
                className="textarea"
                rows={2}
                value={part}
                // A post just added takes the focus, so the keyboard goes straight on writing.
                autoFocus={i === parts.length - 1 && part === ""}
                aria-invalid={count > limit}
                onChange={(e) => set(parts.map((x, j) => (j === i ? e.target.value : x)))}
              />
              <div className="compose-thread-row">
                <span className={count > limit ? "field-error" : "muted"}>
                  {count}/{limit}
                </span>
                <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove post ${i + 2}`} onClick={() => set(parts.filter((_, j) => j !== i))}>
                  Remove
                </button>
              </div>
            </div>
          );
        })}
        {parts.length + 1 < THREAD_MAX_POSTS && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => set([...parts, ""])}>
            Add to thread
          </button>
        )}
      </fieldset>
    );
  };

  /** Snapchat: 24 hours, or a custom number of hours up to 24. */
  const storyDuration = (p: PlatformId) => {
    const value = options[p]?.storyDuration;
    const custom = typeof value === "number";
    return (
      <div className="compose-story" key="storyDuration">
        <div className="field">
          <label htmlFor={`opt-${p}-storyDuration`}>Story duration</label>
          <select
            id={`opt-${p}-storyDuration`}
            className="select"
            value={custom ? "custom" : "24h"}
            onChange={(e) => onChange(p, "storyDuration", e.target.value === "custom" ? STORY_MAX_HOURS : "24h")}
          >
            <option value="24h">24 hours</option>
            <option value="custom">Custom</option>
          </select>
        </div>
        {custom && (
          <div className="field">
            <label htmlFor={`opt-${p}-storyHours`}>Hours (1–{STORY_MAX_HOURS})</label>
            <input
              id={`opt-${p}-storyHours`}
              className="input"
              type="number"
              min={1}
              max={STORY_MAX_HOURS}
              step={1}
              value={value}
              onChange={(e) => onChange(p, "storyDuration", e.target.value === "" ? 1 : Number(e.target.value))}
            />
          </div>
        )}
      </div>
    );
  };

  const body = (p: PlatformId) => {
    switch (p) {
      case "facebook":
        return [check(p, "reel", "Post as a Reel"), check(p, "story", "Also share as a Story"), text(p, "collaborator", "Collaborator"), text(p, "location", "Location"), text(p, "firstComment", "First comment")];
      case "instagram":
        return [check(p, "reel", "Post as a Reel"), check(p, "story", "Also share as a Story"), text(p, "collaborator", "Collaborator"), text(p, "location", "Location"), text(p, "firstComment", "First comment"), text(p, "link", "Link")];
      case "tiktok":
        return [
          select(p, "privacyLevel", "Who can see this video?", TIKTOK_PRIVACY, "PUBLIC_TO_EVERYONE"),
          check(p, "disableComment", "Turn off comments"),
          check(p, "disableDuet", "Turn off Duet"),
          check(p, "disableStitch", "Turn off Stitch"),
          text(p, "collaborator", "Collaborator"),
          text(p, "location", "Location"),
          text(p, "firstComment", "First comment"),
        ];
      case "twitter":
        return [select(p, "replyAudience", "Who can reply?", AUDIENCES, "everyone"), text(p, "location", "Location"), thread(p)];
      case "threads":
        return [select(p, "replyAudience", "Who can reply?", AUDIENCES, "everyone")];
      case "youtube": {
        const tags = options[p]?.tags;
        return [
          text(p, "title", "Video title"),
          select(p, "visibility", "Visibility", [{ id: "public", label: "Public" }, { id: "unlisted", label: "Unlisted" }, { id: "private", label: "Private" }], "public"),
          text(p, "category", "Category"),
          <div className="field" key="tags">
            <label htmlFor={`opt-${p}-tags`}>Tags (comma separated)</label>
            <input
              id={`opt-${p}-tags`}
              className="input"
              value={Array.isArray(tags) ? tags.join(", ") : ""}
              onChange={(e) => onChange(p, "tags", e.target.value.split(",").map((t) => t.trim()).filter(Boolean))}
            />
          </div>,
        ];
      }
      case "pinterest":
        return [text(p, "board", "Board"), text(p, "link", "Destination link", "https://")];
      case "reddit":
        return [text(p, "subreddit", "Subreddit", "r/"), text(p, "flair", "Flair"), check(p, "nsfw", "Mark as NSFW")];
      case "bluesky":
        return [select(p, "language", "Language", LANGUAGES, "en")];
      case "mastodon":
        // Mastodon's own compose: a content warning hides the text behind it; followers-only is "private".
        return [
          text(p, "contentWarning", "Content warning", "Shown before the post; leave empty for none"),
          select(p, "visibility", "Who can see it?", MASTODON_VISIBILITY, "public"),
          select(p, "language", "Language", LANGUAGES, "en"),
        ];
      case "snapchat":
        return [storyDuration(p)];
      case "google_business": {
        const type = business ? businessTypeLabel(business.postType) : null;
        if (!business || !type) return null;
        return [
          <div key="business" className="compose-business" data-testid="compose-business">
            <p className="muted">This post is a Business Profile {type.toLowerCase()}; its details are kept as they are.</p>
            <dl>
              {businessDetails(business.postType, business.businessData).map((d) => (
                <div key={d.label}>
                  <dt>{d.label}</dt>
                  <dd>{d.value}</dd>
                </div>
              ))}
            </dl>
          </div>,
        ];
      }
      default:
        return null;
    }
  };

  const panels = platforms.map((p) => ({ p, content: body(p) })).filter((x) => x.content);
  if (panels.length === 0) return null;
  return (
    <div className="compose-options" data-testid="platform-options">
      {panels.map(({ p, content }) => (
        <details key={p} className="card compose-option-panel" data-platform={p}>
          <summary>{names[p] ?? p} options</summary>
          <div className="compose-option-body">{content}</div>
        </details>
      ))}
    </div>
  );
}
