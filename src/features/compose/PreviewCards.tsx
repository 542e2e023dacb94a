import { isVideoAddress } from "../../../domain/media/addresses";
import { threadOf } from "./compose-post";
import type { PostPreviewProps } from "./PostPreview";

/** The Post Preview's cards, one per chosen platform (loaded when the first account is chosen). */
export default function PreviewCards({ platforms, accounts, accountIds, names, content, media, options }: PostPreviewProps) {
  const thread = threadOf(options);
  const image = media[0] && !isVideoAddress(media[0]) ? media[0] : null;
  return platforms.map((p) => {
    const account = accounts.find((a) => a.platform === p && accountIds.includes(a.id));
    return (
      <article key={p} className="card compose-preview-card" data-platform={p}>
        <header>
          <strong>{account?.accountName ?? names[p]}</strong> <span className="muted">{names[p]}</span>
        </header>
        <p className="compose-preview-text">{content || <span className="muted">Your text appears here.</span>}</p>
        {image && <img src={image} alt="" className="compose-preview-img" />}
        {p === "twitter" && thread.length > 0 && (
          <ol className="compose-preview-thread" aria-label="Thread">
            {thread.map((part, i) => (
              <li key={i} className="compose-preview-text">
                {part}
              </li>
            ))}
          </ol>
        )}
      </article>
    );
  });
}
