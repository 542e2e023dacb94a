import type { PlatformId } from "../../../domain/accounts";
import { isVideoAddress } from "../../../domain/media/addresses";
import { type ComposeAccount, type OptionsState, threadOf } from "./compose-model";

interface PostPreviewProps {
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly accounts: ReadonlyArray<ComposeAccount>;
  readonly accountIds: ReadonlyArray<string>;
  readonly names: Readonly<Record<string, string>>;
  readonly content: string;
  readonly media: ReadonlyArray<string>;
  readonly options: OptionsState;
}

/** The Post Preview panel: one card per chosen platform, with the text, the first image and X's thread. */
export const PostPreview = ({ platforms, accounts, accountIds, names, content, media, options }: PostPreviewProps) => {
  const thread = threadOf(options);
  const image = media[0] && !isVideoAddress(media[0]) ? media[0] : null;
  return (
    <aside className="compose-preview" aria-label="Post Preview" data-testid="post-preview">
      <h2>Post Preview</h2>
      {platforms.length === 0 ? (
        <p className="muted">Choose an account to see a preview.</p>
      ) : (
        platforms.map((p) => {
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
        })
      )}
    </aside>
  );
};
