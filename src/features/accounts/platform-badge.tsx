import type { PlatformId } from "../../../domain/accounts";
import "./platform-badge.css";

const LETTERS: Partial<Record<PlatformId, string>> = { twitter: "X", google_business: "G", dignityhealth: "DH", superlawyers: "SL", bbb: "BBB" };

/** The platform's mark: a letter badge in its brand colour (platform-badge.css); no third-party logos shipped. */
export const PlatformBadge = ({ platform, small = false }: { platform: PlatformId; small?: boolean }) => (
  <span className={`platform-badge platform-${platform}${small ? " platform-badge-small" : ""}`} aria-hidden="true">
    {LETTERS[platform] ?? platform[0]!.toUpperCase()}
  </span>
);
