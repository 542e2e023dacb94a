import type { PlatformId } from "../../../domain/accounts";

/** The kind chips above the platform cards. */
export const KINDS = [
  { id: "all", label: "All" },
  { id: "social", label: "Social networks" },
  { id: "review", label: "Review sites" },
  { id: "connected", label: "Connected" },
] as const;
export type Kind = (typeof KINDS)[number]["id"];

interface FilterablePlatform {
  readonly id: PlatformId;
  readonly name: string;
  readonly category: "social" | "review";
}

/** The cards a search and a kind leave: the platform's name holds every word typed, in any case. */
export const filterPlatforms = <P extends FilterablePlatform>(
  platforms: ReadonlyArray<P>,
  query: string,
  kind: Kind,
  connected: ReadonlySet<PlatformId>,
): P[] => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const ofKind = (p: P) => kind === "all" || (kind === "connected" ? connected.has(p.id) : p.category === kind);
  return platforms.filter((p) => ofKind(p) && words.every((word) => p.name.toLowerCase().includes(word)));
};

/** What the screen says when a search and a kind leave no card. */
export const noMatchMessage = (query: string, kind: Kind): string => {
  const typed = query.trim();
  if (!typed) return kind === "connected" ? "No connected platforms yet." : "No platforms of this kind.";
  const among = kind === "all" ? "" : ` among ${KINDS.find((k) => k.id === kind)!.label.toLowerCase()}`;
  return `No platform matches “${typed}”${among}.`;
};

/** The count a screen reader hears as the cards narrow ("3 of 19 platforms shown"). */
export const shownCount = (shown: number, total: number): string =>
  shown === total ? `All ${total} platforms shown.` : `${shown} of ${total} platforms shown.`;
