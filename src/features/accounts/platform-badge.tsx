import type { PlatformId } from "../../../domain/accounts";
import logos from "./platform-logos.svg?url";
import "./platform-badge.css";

/** The platform's own mark (scripts/platform-logos.ts), white on its brand colour; one cached sprite, no paths in the bundle. */
export const PlatformBadge = ({ platform, size }: { platform: PlatformId; size?: "small" | "tiny" }) => (
  <span className={`platform-badge platform-${platform}${size ? ` platform-badge-${size}` : ""}`} aria-hidden="true">
    <svg viewBox="0 0 24 24" fill="currentColor" focusable="false">
      <use href={`${logos}#${platform}`} />
    </svg>
  </span>
);
