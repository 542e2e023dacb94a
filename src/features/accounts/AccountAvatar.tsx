import type { PlatformId } from "../../../domain/accounts";
import { initialsOf } from "./initials";
import { PlatformBadge } from "./platform-badge";

/** An account as people recognise it: its own picture (or initials on the platform's colour), the platform's mark at the corner. */
export const AccountAvatar = ({
  platform,
  name,
  avatar,
  size = "default",
}: {
  platform: PlatformId;
  name: string;
  avatar: string | null;
  size?: "default" | "small";
}) => (
  <span className={`account-avatar account-avatar-${size}`} aria-hidden="true">
    {avatar ? (
      <img src={avatar} alt="" loading="lazy" referrerPolicy="no-referrer" />
    ) : (
      <span className={`account-initials platform-${platform}`}>{initialsOf(name)}</span>
    )}
    <PlatformBadge platform={platform} size="tiny" />
  </span>
);
