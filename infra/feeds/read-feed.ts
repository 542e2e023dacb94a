import { createHash } from "node:crypto";
import { Effect } from "effect";
import { type AnyFeed, parseFeed } from "feedsmith";
import { convert } from "html-to-text";
import { type FeedItem, FEED_MESSAGES } from "../../domain/feeds";
import { AddressUnreadable } from "../../domain/shared";
import { fetchAddress } from "../outbound/outbound";

/**
 * Reading a feed: one conditional GET through the outbound client (ETag, Last-Modified), then RSS
 * 0.9x–2.0, Atom, RDF or JSON Feed parsed by feedsmith, items newest first with their HTML turned
 * into text.
 */

const FEED_MAX_BYTES = 5 * 1024 * 1024;
const FEED_TIMEOUT_MS = 15_000;

export interface FeedValidators {
  readonly etag: string | null;
  readonly lastModified: string | null;
}

export type FeedRead =
  | { readonly notModified: true }
  | {
      readonly notModified: false;
      readonly title: string | null;
      readonly items: ReadonlyArray<FeedItem>;
      readonly validators: FeedValidators;
      readonly maxAgeSeconds: number | null;
      readonly ttlMinutes: number | null;
    };

/** HTML as plain text: no tags, entities decoded, links and images left out, white space tidied. */
export const textOf = (html: string | undefined | null): string =>
  html
    ? convert(html, {
        wordwrap: false,
        selectors: [
          { selector: "a", options: { ignoreHref: true } },
          { selector: "img", format: "skip" },
          { selector: "h1", options: { uppercase: false } },
          { selector: "h2", options: { uppercase: false } },
          { selector: "h3", options: { uppercase: false } },
        ],
      })
        .replace(/\s+/g, " ")
        .trim()
    : "";

const text = (value: unknown): string | null => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "value" in value && typeof (value as { value: unknown }).value === "string")
    return (value as { value: string }).value;
  return null;
};

const when = (value: unknown): string | null => {
  const raw = text(value);
  if (!raw) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

const itemOf = (raw: { guid: string | null; link: string | null; title: string | null; html: string | null; publishedAt: string | null }): FeedItem => {
  const title = textOf(raw.title) || "(untitled)";
  const description = textOf(raw.html);
  return {
    guid: raw.guid?.trim() || null,
    link: raw.link?.trim() || null,
    title,
    description,
    publishedAt: raw.publishedAt,
    contentHash: createHash("sha256").update(`${title}\n${description}`).digest("hex").slice(0, 32),
  };
};

/** The items of a parsed feed, whatever its format. */
const itemsOf = (parsed: AnyFeed<string>): { title: string | null; items: FeedItem[]; ttl: number | null } => {
  switch (parsed.format) {
    case "rss": {
      const feed = parsed.feed;
      return {
        title: text(feed.title),
        ttl: typeof feed.ttl === "number" ? feed.ttl : null,
        items: (feed.items ?? []).map((i) =>
          itemOf({
            guid: text(i.guid),
            link: text(i.link),
            title: text(i.title),
            html: text(i.content?.encoded) ?? text(i.description),
            publishedAt: when(i.pubDate) ?? when(i.dc?.dates?.[0]),
          }),
        ),
      };
    }
    case "atom": {
      const feed = parsed.feed;
      return {
        title: text(feed.title),
        ttl: null,
        items: (feed.entries ?? []).map((e) =>
          itemOf({
            guid: text(e.id),
            link: (e.links ?? []).find((l) => !l.rel || l.rel === "alternate")?.href ?? null,
            title: text(e.title),
            html: text(e.summary) ?? text(e.content),
            publishedAt: when(e.published) ?? when(e.updated),
          }),
        ),
      };
    }
    case "rdf": {
      const feed = parsed.feed;
      return {
        title: text(feed.title),
        ttl: null,
        items: (feed.items ?? []).map((i) =>
          itemOf({ guid: text(i.rdf?.about), link: text(i.link), title: text(i.title), html: text(i.description), publishedAt: when(i.dc?.dates?.[0]) }),
        ),
      };
    }
    case "json": {
      const feed = parsed.feed;
      return {
        title: text(feed.title),
        ttl: null,
        items: (feed.items ?? []).map((i) =>
          itemOf({
            guid: text(i.id),
            link: text(i.url),
            title: text(i.title),
            html: text(i.content_html) ?? (i.content_text ? escapeHtml(i.content_text) : null) ?? text(i.summary),
            publishedAt: when(i.date_published) ?? when(i.date_modified),
          }),
        ),
      };
    }
  }
};

const escapeHtml = (plain: string) => plain.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Newest first: by date where the feed gives one, else in the feed's own order (feeds list newest first). */
const newestFirst = (items: ReadonlyArray<FeedItem>): FeedItem[] =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const at = a.item.publishedAt,
        bt = b.item.publishedAt;
      if (at && bt && at !== bt) return bt.localeCompare(at);
      return a.index - b.index;
    })
    .map(({ item }) => item);

const maxAgeOf = (cacheControl: string | null): number | null => {
  const match = cacheControl ? /(?:^|,)\s*max-age\s*=\s*(\d+)/i.exec(cacheControl) : null;
  return match ? Number(match[1]) : null;
};

/** Reads a feed; with the validators of the last read, a feed that did not change answers `notModified`. */
export const readFeed = Effect.fn("Feeds.read")(function* (url: string, last: FeedValidators = { etag: null, lastModified: null }) {
  const headers: Record<string, string> = {
    accept: "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5",
    "user-agent": "SocialDesk feed reader (+https://socialdesk.app)",
  };
  if (last.etag) headers["if-none-match"] = last.etag;
  if (last.lastModified) headers["if-modified-since"] = last.lastModified;
  const answer = yield* fetchAddress(url, { headers, maxBytes: FEED_MAX_BYTES, timeoutMs: FEED_TIMEOUT_MS });
  if (answer.status === 304) return { notModified: true } satisfies FeedRead as FeedRead;
  if (answer.status !== 200) {
    return yield* new AddressUnreadable({ message: `The feed address answered HTTP ${answer.status}${answer.status === 404 ? " (not found)" : ""}.` });
  }
  const body = Buffer.from(answer.body)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const parsed = yield* Effect.try({
    try: () => (body.trimStart().startsWith("{") ? parseFeed(JSON.parse(body)) : parseFeed(body)),
    catch: () => new AddressUnreadable({ message: FEED_MESSAGES.notAFeed }),
  });
  const { title, items, ttl } = itemsOf(parsed);
  return {
    notModified: false,
    title,
    items: newestFirst(items),
    validators: { etag: answer.headers.get("etag"), lastModified: answer.headers.get("last-modified") },
    maxAgeSeconds: maxAgeOf(answer.headers.get("cache-control")),
    ttlMinutes: ttl,
  } satisfies FeedRead as FeedRead;
});
