import { lazy } from "react";
import type { PlatformId } from "../../../domain/accounts";
import type { ComposeAccount, OptionsState } from "./compose-model";
import { loadLater } from "./load-later";
import { Later } from "../../components/ui/Later";

export interface PostPreviewProps {
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly accounts: ReadonlyArray<ComposeAccount>;
  readonly accountIds: ReadonlyArray<string>;
  readonly names: Readonly<Record<string, string>>;
  readonly content: string;
  readonly media: ReadonlyArray<string>;
  readonly options: OptionsState;
}

/** Shown once an account is chosen: loaded then, not with the page. */
const PreviewCards = lazy(() => loadLater().then((m) => ({ default: m.PreviewCards })));

/** The Post Preview panel: one card per chosen platform, with the text, the first image and X's thread. */
export const PostPreview = (props: PostPreviewProps) => (
  <aside className="compose-preview" aria-label="Post Preview" data-testid="post-preview">
    <h2>Post Preview</h2>
    {props.platforms.length === 0 ? (
      <p className="muted">Choose an account to see a preview.</p>
    ) : (
      <Later>
        <PreviewCards {...props} />
      </Later>
    )}
  </aside>
);
