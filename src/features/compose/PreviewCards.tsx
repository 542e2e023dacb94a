import { useState } from "react";
import type { PlatformId } from "../../../domain/accounts";
import { isVideoAddress } from "../../../domain/media/addresses";
import { AccountAvatar } from "../accounts/AccountAvatar";
import { threadOf } from "./compose-post";
import type { PostPreviewProps } from "./PostPreview";
import { FEED_ACTIONS, feedCut, handleOf, IMAGE_CROP, PICTURE_FIRST, textRuns } from "./preview-model";

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
const FeedText = ({ text, platform, author }: { text: string; platform: PlatformId; author: string | null }) => {
  const [open, setOpen] = useState(false);
  const { shown, cut } = feedCut(text, platform);
  return (
    <p className="compose-preview-text" data-testid={`preview-text-${platform}`}>
      {author && <strong>{author} </strong>}
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

/** The first image in the network's crop (IMAGE_CROP), or Instagram's note that it needs one. */
const FeedImage = ({ image, platform }: { image: string | null; platform: PlatformId }) => {
  const crop = IMAGE_CROP[platform];
  if (!image)
    return platform === "instagram" ? (
      <div className="pv-media pv-media-missing">
        <span>Instagram posts need a photo or a video.</span>
      </div>
    ) : null;
  const [width = 1, height = 1] = (crop ?? "").split("/").map(Number);
  return (
    <div className={`pv-media${height > width ? " pv-media-tall" : ""}${crop ? "" : " pv-media-whole"}`} style={crop ? { aspectRatio: crop } : undefined}>
      <img src={image} alt="" />
    </div>
  );
};

/** The Post Preview's cards, one per chosen platform, each as its network shows a post (loaded when the first account is chosen). */
export default function PreviewCards({ platforms, accounts, accountIds, names, content, media, options }: PostPreviewProps) {
  const thread = threadOf(options);
  const image = media[0] && !isVideoAddress(media[0]) ? media[0] : null;
  return platforms.map((p) => {
    const account = accounts.find((a) => a.platform === p && accountIds.includes(a.id));
    const name = account?.accountName ?? names[p] ?? p;
    const handle = handleOf(account?.username, names[p] ?? p);
    const firstComment = typeof options[p]?.firstComment === "string" ? (options[p]!.firstComment as string).trim() : "";
    const pictureFirst = PICTURE_FIRST.has(p);
    // Mastodon shows a content warning first, the text behind it (here opened, to be read).
    const warning = p === "mastodon" && typeof options[p]?.contentWarning === "string" ? (options[p]!.contentWarning as string).trim() : "";
    // Instagram names the account by its handle, before the caption.
    const author = p === "instagram" ? (account?.username ? handle.slice(1) : name) : null;
    const text = content ? <FeedText text={content} platform={p} author={author} /> : <p className="compose-preview-text muted">Your text appears here.</p>;
    const actions = FEED_ACTIONS[p];
    const actionRow = actions && (
      <ul className="pv-actions" aria-hidden="true">
        {actions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    );
    return (
      <article key={p} className="card compose-preview-card" data-platform={p} data-testid={`preview-${p}`}>
        <header className="pv-head">
          <AccountAvatar platform={p} name={name} avatar={account?.avatar ?? null} size="small" />
          <span className="pv-who">
            <strong>{name}</strong>
            <span className="muted">{handle} · now</span>
          </span>
        </header>
        {pictureFirst ? (
          <>
            <FeedImage image={image} platform={p} />
            {actionRow}
            {text}
          </>
        ) : (
          <>
            {warning && (
              <p className="pv-cw" data-testid={`preview-cw-${p}`}>
                <strong>{warning}</strong>
                <span className="pv-cw-more" aria-hidden="true">
                  Show less
                </span>
              </p>
            )}
            {text}
            <FeedImage image={image} platform={p} />
            {actionRow}
          </>
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
              <li key={i} className="pv-reply">
                <AccountAvatar platform={p} name={name} avatar={account?.avatar ?? null} size="small" />
                <span className="pv-reply-body">
                  <span className="pv-who-line">
                    <strong>{name}</strong> <span className="muted">{handle}</span>
                  </span>
                  <span className="compose-preview-text">
                    <RichText text={part} />
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </article>
    );
  });
}
