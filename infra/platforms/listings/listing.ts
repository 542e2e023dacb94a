import { platformById, type PlatformId } from "../../../domain/accounts/platforms";

/**
 * Listing connections (Snapchat and the seven review sites): the public profile address only,
 * checked per site so that later issues can attach reviews to the right page. The check is on the
 * shape of the address; the page is not fetched (the sites block bots, and the user knows best).
 */

export type ListingResult =
  | { readonly ok: true; readonly url: string; readonly accountName: string }
  | { readonly ok: false; readonly message: string };

interface SiteRule {
  /** Shown when the address does not fit: says what to enter, with an example. */
  readonly hint: string;
  /** The path's segments (decoded, lower-cased) → the readable account name, or null when the path is not a profile. */
  readonly name: (segments: ReadonlyArray<string>, host: string) => string | null;
}

/** "joes-pizza-san-francisco" → "Joes Pizza San Francisco". */
export const readableSlug = (slug: string): string =>
  slug
    .replace(/\.html?$/i, "")
    .split(/[-_+\s]+/)
    .filter(Boolean)
    .map((word) => (word === "dr" ? "Dr." : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");

/** Letters in any script (slugs like "café-luna" arrive percent-encoded), digits, and the few marks slugs use. */
const SLUG = /^[\p{L}\p{N}][\p{L}\p{N}._~'-]*$/u;
const slug = (s: string | undefined): string | null => (s && SLUG.test(s) ? s : null);
/** Sites end slugs with a numeric id ("smith-law-12345", "plumber-1116-12345"); the name is what comes before. */
const withoutTrailingIds = (s: string) => s.replace(/(-\d+)+$/, "");

const RULES: Record<string, SiteRule> = {
  yelp: {
    hint: "Enter your Yelp business page address, like https://www.yelp.com/biz/your-business.",
    name: ([first, biz]) => (first === "biz" && slug(biz) ? readableSlug(biz!) : null),
  },
  avvo: {
    hint: "Enter your Avvo profile address, like https://www.avvo.com/attorneys/98101-wa-your-name-123456.html.",
    // /attorneys/98101-wa-jane-doe-123456.html: zip and state first, id last.
    name: ([first, profile]) => {
      if (first !== "attorneys" || !slug(profile)) return null;
      const core = withoutTrailingIds(profile!.replace(/\.html?$/, "")).replace(/^\d{5}-[a-z]{2}-/, "");
      return core ? readableSlug(core) : null;
    },
  },
  healthgrades: {
    hint: "Enter your Healthgrades profile address, like https://www.healthgrades.com/physician/dr-your-name-abc12.",
    // /physician/dr-jane-doe-xy12z, /dentist/dr-..., /group-directory/<state>/<city>/<practice>-<id>.
    name: (segments) => {
      const [first] = segments;
      const last = segments.at(-1);
      if (!["physician", "dentist", "group-directory", "hospital-directory"].includes(first ?? "") || segments.length < 2 || !slug(last)) {
        return null;
      }
      const core = last!.replace(/-(?=[a-z0-9]*\d)[a-z0-9]{4,8}$/, "");
      return readableSlug(core || last!);
    },
  },
  dignityhealth: {
    hint: "Enter your Dignity Health provider or location page address, like https://locations.dignityhealth.org/your-location.",
    name: (segments) => {
      const last = [...segments].reverse().find((s) => slug(s));
      return segments.length > 0 && last ? readableSlug(withoutTrailingIds(last)) || "Dignity Health listing" : null;
    },
  },
  martindale: {
    hint: "Enter your Martindale-Hubbell profile address, like https://www.martindale.com/attorney/your-name-123456/.",
    name: ([first, profile]) =>
      (first === "attorney" || first === "organization") && slug(profile) ? readableSlug(withoutTrailingIds(profile!)) : null,
  },
  superlawyers: {
    hint: "Enter your Super Lawyers profile address, like https://profiles.superlawyers.com/california/los-angeles/lawyer/your-name/1a2b3c.html.",
    // www: /<state>/lawyer/<name>/...; profiles.superlawyers.com: /<state>/<city>/lawyer/<name>/<id>.html (or /law-firm/).
    name: (segments, host) => {
      const at = segments.findIndex((s) => s === "lawyer" || s === "law-firm");
      if (at >= 1 && slug(segments[at + 1])) return readableSlug(segments[at + 1]!);
      if (host === "profiles.superlawyers.com" && segments.length >= 2) {
        const last = [...segments].reverse().find((s) => slug(s) && !/^[0-9a-f-]{6,}\.html?$/.test(s));
        return last ? readableSlug(last) : null;
      }
      return null;
    },
  },
  bbb: {
    hint: "Enter your BBB business profile address, like https://www.bbb.org/us/ca/your-city/profile/category/your-business-1234-567890.",
    // /us/<state>/<city>/profile/<category>/<business>-<bureau>-<id> (Canada: /ca/...).
    name: (segments) => {
      const at = segments.indexOf("profile");
      if ((segments[0] !== "us" && segments[0] !== "ca") || at < 1 || segments.length < at + 2) return null;
      const last = segments.at(-1);
      return slug(last) ? readableSlug(withoutTrailingIds(last!)) || null : null;
    },
  },
  snapchat: {
    hint: "Enter your Snapchat public profile address, like https://www.snapchat.com/add/yourname.",
    // /add/<username> or /@<username>: Snapchat usernames are 3 to 15 letters, digits, -, _ or .
    name: (segments) => {
      const user = segments[0] === "add" ? segments[1] : segments[0]?.startsWith("@") ? segments[0].slice(1) : undefined;
      return user && /^[a-z][a-z0-9._-]{1,29}$/i.test(user) && (segments[0] === "add" ? segments.length === 2 : segments.length === 1)
        ? user
        : null;
    },
  },
};

/**
 * Checks a listing platform's profile address: http(s), a host of the platform (catalogue's
 * listingHosts), a profile path of that site. Returns the address without query or fragment, on
 * https and the site's main host (so the same page is recognised however it was typed), and a
 * readable name from its slug.
 */
export const validateListingUrl = (platform: PlatformId, input: string): ListingResult => {
  const catalogue = platformById(platform);
  const rule = RULES[platform];
  if (catalogue.connection !== "listing" || !rule || !catalogue.listingHosts) {
    return { ok: false, message: `${catalogue.name} does not connect by a profile address.` };
  }
  const text = input.trim();
  if (!text) return { ok: false, message: rule.hint };
  let url: URL;
  try {
    // People paste "www.yelp.com/biz/..." without a scheme.
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: rule.hint };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: rule.hint };
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!catalogue.listingHosts.includes(host) || url.username || url.password || url.port) {
    return { ok: false, message: `That address is not on ${catalogue.name}. ${rule.hint}` };
  }
  let segments: string[];
  try {
    segments = url.pathname
      .split("/")
      .filter(Boolean)
      .map((s) => decodeURIComponent(s).toLowerCase());
  } catch {
    return { ok: false, message: rule.hint };
  }
  const name = rule.name(segments, host);
  if (!name) return { ok: false, message: rule.hint };
  const canonicalHost = mainHost(host, catalogue.listingHosts);
  const pathname = url.pathname.replace(/\/+$/, "") || "/";
  return { ok: true, url: `https://${canonicalHost}${pathname}`, accountName: name };
};

/** The bare domain and the mobile site lead to the www site; other subdomains (profiles., locations.) are pages of their own. */
const mainHost = (host: string, hosts: ReadonlyArray<string>): string => {
  const bare = host.replace(/^(www|m)\./, "");
  return (host === bare || host === `m.${bare}`) && hosts.includes(`www.${bare}`) ? `www.${bare}` : host;
};
