import { publicSessionId, type UserSession } from "../auth/Sessions";
import { describeUserAgent } from "./user-agent";

/** A session as Settings › Security and GET /api/user/sessions show it. */
export interface SessionView {
  /** The public id (not the stored key): DELETE /api/user/sessions/{id} takes it. */
  readonly id: string;
  readonly device: string;
  readonly browser: string | null;
  readonly os: string | null;
  readonly ip: string | null;
  readonly createdAt: string;
  readonly lastUsedAt: string;
  /** The session of this request ("This device"). */
  readonly current: boolean;
}

/** The caller's sessions, this device first, then the most recently used. */
export const sessionViews = (sessions: ReadonlyArray<UserSession>, currentSessionId: string | null): ReadonlyArray<SessionView> => {
  const currentPublicId = currentSessionId ? publicSessionId(currentSessionId) : null;
  return sessions
    .map((session): SessionView => {
      const device = describeUserAgent(session.userAgent);
      return {
        id: session.publicId,
        device: device.label,
        browser: device.browser,
        os: device.os,
        ip: session.ip,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        current: session.publicId === currentPublicId,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
};
