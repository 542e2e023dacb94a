/** How the link-in-bio screen and the public page show a page (issue 14): pure, shared by the island and the server. */
import type { PlatformId } from "../../../domain/accounts/platforms";
import { type BioLinkType, type BioSocialPlatform, BIO_LINK_TITLE_MAX, BIO_MESSAGES, linkAddressOf } from "../../../domain/link-in-bio/rules";
import type { BioAnalytics, BioLink, BioPage } from "../../../domain/link-in-bio/views";
import type { Bucket } from "../analytics/analytics-data";

export const SOCIAL_PLATFORM_NAMES: Readonly<Record<BioSocialPlatform, string>> = {
  instagram: "Instagram",
  facebook: "Facebook",
  x: "X",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  youtube: "YouTube",
  pinterest: "Pinterest",
  threads: "Threads",
  bluesky: "Bluesky",
  snapchat: "Snapchat",
  reddit: "Reddit",
};

/** The platform mark a social link shows (the logo sprite still names X "twitter"). */
export const socialBadgeOf = (platform: BioSocialPlatform): PlatformId => (platform === "x" ? "twitter" : platform) as PlatformId;

/** A click on the public page goes through the counting redirect. */
export const goHref = (username: string, linkId: string) => `/bio/${encodeURIComponent(username)}/go/${encodeURIComponent(linkId)}`;

export const publicPath = (username: string) => `/bio/${encodeURIComponent(username)}`;

/** A file of the media library (`/media/{id}/{file}`), which only the workspace's members may fetch; null for an https address. */
export const libraryFileOf = (image: string): { readonly mediaId: string; readonly fileName: string } | null => {
  const match = /^\/media\/([^/?#]+)\/([^/?#]+)$/.exec(image);
  return match ? { mediaId: match[1]!, fileName: match[2]! } : null;
};

/**
 * The profile image's address for visitors: a library file through the page's own public avatar
 * route (versioned by the file, so a new image is fetched at once), an https address as it is.
 */
export const publicImageOf = (username: string, image: string | null): string | null => {
  if (image === null) return null;
  const file = libraryFileOf(image);
  return file ? `${publicPath(username)}/avatar?v=${encodeURIComponent(`${file.mediaId}-${file.fileName}`)}` : image;
};

/** The initials shown when the page has no profile image ("Lee Dental" → "LD"). */
export const initialsOf = (title: string) =>
  title
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word))
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join("") || "?";

/** What a visitor sees of a page: its visible links and social links, in order. */
export const visiblePart = (page: Pick<BioPage, "links" | "socialLinks">) => ({
  links: page.links.filter((link) => link.isVisible),
  socialLinks: page.socialLinks.filter((social) => social.isVisible && social.url.trim() !== ""),
});

/** The links with one moved from `from` to `to` (0-based), each `order` renumbered. */
export const moveLink = (links: ReadonlyArray<BioLink>, from: number, to: number): ReadonlyArray<BioLink> => {
  if (from === to || from < 0 || from >= links.length || to < 0 || to >= links.length) return links;
  const moved = [...links];
  const [link] = moved.splice(from, 1);
  moved.splice(to, 0, link!);
  return moved.map((l, order) => (l.order === order ? l : { ...l, order }));
};

/** A link put back (undo of a delete) at its place. */
export const withLinkRestored = (links: ReadonlyArray<BioLink>, link: BioLink): ReadonlyArray<BioLink> => {
  const others = links.filter((l) => l.id !== link.id);
  const at = Math.min(Math.max(0, link.order), others.length);
  return [...others.slice(0, at), link, ...others.slice(at)].map((l, order) => (l.order === order ? l : { ...l, order }));
};

/** The page's text fields, typed on the screen and saved on leaving the field. */
export const TEXT_FIELDS = ["title", "bio", "username"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type TextValues = Readonly<Record<TextField, string>>;

export const textValuesOf = (page: BioPage): TextValues => ({ title: page.title, bio: page.bio, username: page.username ?? "" });

/**
 * The text fields after a server answer: a field takes the server's value only when nothing was typed
 * in it since the request left (it still shows what was known or what was sent); what the person typed
 * since is kept, and saved when they leave the field.
 */
export const textAfterAnswer = (shown: TextValues, known: TextValues, sent: Partial<TextValues>, answer: TextValues): TextValues => {
  const next = { ...shown };
  for (const field of TEXT_FIELDS) {
    const untouched = shown[field] === known[field] || (field in sent && shown[field] === sent[field]);
    if (untouched) next[field] = answer[field];
  }
  return next;
};

export interface LinkDraft {
  readonly title: string;
  readonly url: string;
  readonly type: BioLinkType;
  readonly isVisible: boolean;
}

/** The Add Link dialog's sentences, before anything is sent (the server checks the same rules). */
export const linkDraftProblems = (draft: LinkDraft): Partial<Record<"title" | "url", string>> => {
  const problems: Partial<Record<"title" | "url", string>> = {};
  const title = draft.title.trim();
  if (title === "") problems.title = BIO_MESSAGES.linkTitleRequired;
  else if (title.length > BIO_LINK_TITLE_MAX) problems.title = BIO_MESSAGES.linkTitleTooLong;
  const address = linkAddressOf(draft.type, draft.url);
  if ("error" in address) problems.url = address.error;
  return problems;
};

/** What an edit changes of a link: only the fields that differ. */
export const linkChanges = (link: BioLink, draft: LinkDraft): Partial<LinkDraft> => {
  const changes: Partial<Record<keyof LinkDraft, unknown>> = {};
  for (const key of ["title", "url", "type", "isVisible"] as const) if (draft[key] !== link[key]) changes[key] = draft[key];
  return changes as Partial<LinkDraft>;
};

/** The address shown under a link's title: what it opens, without the scheme's noise. */
export const shownAddress = (url: string) =>
  url
    .replace(/^mailto:/, "")
    .replace(/^tel:/, "")
    .replace(/^https?:\/\//, "")
    .replace(/\/$/, "");

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The clicks per day as the analytics screen's bar chart draws them (chartGeometry's buckets). */
export const clickBuckets = (analytics: BioAnalytics): ReadonlyArray<Bucket> =>
  analytics.clicksPerDay.map((day) => ({
    start: day.date,
    label: `${MONTHS[Number(day.date.slice(5, 7)) - 1]} ${Number(day.date.slice(8, 10))}`,
    posts: day.uniqueVisitors,
    engagements: day.clicks,
  }));

/** "1 click", "2 clicks". */
export const countOf = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
