import { useState } from "react";
import type { PlatformId } from "../../../domain/accounts";
import { isVideoAddress } from "../../../domain/media/addresses";
import { AccountAvatar } from "../accounts/AccountAvatar";
import { threadOf } from "./compose-post";
import type { PostPreviewProps } from "./PostPreview";
import { feedCut, handleOf, textRuns } from "./preview-model";

/** Text as the network shows it: links, mentions and hashtags styled. */
const RichText = ({ text }: { text: string }) => (
  <>
    {textRuns(text).map((run, i) =>
      run.kind === "text" ? (
        run.text
      ) : (
        <span key={i} className={`pv-${run.kind}`}>
          {run.text}
        </span>
      ),
    )}
  </>
);

/** The post's text cut where the network's feed cuts it, "…see more" opening the rest. */
const FeedText = ({ text, platform }: { text: string; platform: PlatformId }) => {
  const [open, setOpen] = useState(false);
  const { shown, cut } = feedCut(text, platform);
  return (
    <p className="compose-preview-text" data-testid={`preview-text-${platform}`}>
      <RichText text={open ? text : shown} />
      {cut && !open && (
        <>
          {"… "}
          <button type="button" className="pv-more" onClick={() => setOpen(true)}>
            see more
          </button>
        </>
      )}
    </p>
  );
};

/** The Post Preview's cards, one per chosen platform, each as its network shows a post (loaded when the first account is chosen). */
export default function PreviewCards({ platforms, accounts, accountIds, names, content, media, options }: PostPreviewProps) {
  const thread = threadOf(options);
  const image = media[0] && !isVideoAddress(media[0]) ? media[0] : null;
  return platforms.map((p) => {
    const account = accounts.find((a) => a.platform === p && accountIds.includes(a.id));
    const name = account?.accountName ?? names[p] ?? p;
    const firstComment = typeof options[p]?.firstComment === "string" ? (options[p]!.firstComment as string).trim() : "";
    return (
      <article key={p} className="card compose-preview-card" data-platform={p} data-testid={`preview-${p}`}>
        <header className="pv-head">
          <AccountAvatar platform={p} name={name} avatar={account?.avatar ?? null} size="small" />
          <span className="pv-who">
            <strong>{name}</strong>
            <span className="muted">{handleOf(account?.username, names[p] ?? p)} · now</span>
          </span>
        </header>
        {content ? <FeedText text={content} platform={p} /> : <p className="compose-preview-text muted">Your text appears here.</p>}
        {image && (
          <div className="pv-media">
            <img src={image} alt="" />
          </div>
        )}
        {firstComment && (
          <div className="pv-comment" data-testid={`preview-comment-${p}`}>
            <span className="muted">First comment</span>
            <p className="compose-preview-text">
              <strong>{name}</strong> <RichText text={firstComment} />
            </p>
          </div>
        )}
        {p === "twitter" && thread.length > 0 && (
          <ol className="compose-preview-thread" aria-label="Thread">
            {thread.map((part, i) => (
              <li key={i} className="compose-preview-text">
                <RichText text={part} />
              </li>
            ))}
          </ol>
        )}
      </article>
    );
  });
}
