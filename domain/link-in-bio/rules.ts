/**
 * Link in bio (spec engagement §2, §3; issue 14): one public page per workspace at /bio/{username},
 * with its links, social links and theme, and what its links' clicks say.
 */

export const BIO_THEMES = ["minimal", "dark", "gradient-blue", "gradient-purple", "neon", "pastel"] as const;
export type BioTheme = (typeof BIO_THEMES)[number];

export const BIO_THEME_LABELS: Readonly<Record<BioTheme, string>> = {
  minimal: "Minimal",
  dark: "Dark",
  "gradient-blue": "Gradient Blue",
  "gradient-purple": "Gradient Purple",
  neon: "Neon",
  pastel: "Pastel",
};

export const BIO_LINK_TYPES = ["link", "email", "phone", "product", "event", "video", "music"] as const;
export type BioLinkType = (typeof BIO_LINK_TYPES)[number];

export const BIO_LINK_TYPE_LABELS: Readonly<Record<BioLinkType, string>> = {
  link: "Link",
  email: "Email",
  phone: "Phone",
  product: "Product",
  event: "Event",
  video: "Video",
  music: "Music",
};

/** The networks a page links to (its social icons). */
export const BIO_SOCIAL_PLATFORMS = [
  "instagram",
  "facebook",
  "x",
  "linkedin",
  "tiktok",
  "youtube",
  "pinterest",
  "threads",
  "bluesky",
  "snapchat",
  "reddit",
] as const;
export type BioSocialPlatform = (typeof BIO_SOCIAL_PLATFORMS)[number];

export const BIO_PERIODS = ["7d", "30d", "90d"] as const;
export type BioPeriod = (typeof BIO_PERIODS)[number];
export const BIO_PERIOD_DAYS: Readonly<Record<BioPeriod, number>> = { "7d": 7, "30d": 30, "90d": 90 };

export const BIO_USERNAME_MIN = 3;
export const BIO_USERNAME_MAX = 30;
export const BIO_TITLE_MAX = 100;
export const BIO_TEXT_MAX = 500;
export const BIO_LINK_TITLE_MAX = 100;
export const BIO_URL_MAX = 2_000;
export const BIO_LINKS_MAX = 100;

/** Lower-case letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit. */
export const BIO_USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/;

/**
 * Usernames a visitor could take for the site's own pages or its staff (/bio/admin, /bio/support…),
 * refused for every page, whatever their case.
 */
export const BIO_RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  // the product and its people
  "socialdesk", "social-desk", "social_desk", "official", "team", "staff", "admin", "administrator", "moderator", "owner", "root",
  "system", "sysadmin", "superuser", "webmaster", "postmaster", "hostmaster", "abuse", "security", "noreply", "no-reply",
  "support", "help", "helpdesk", "help-center", "contact", "feedback", "mail", "email", "info", "sales", "billing", "legal",
  // the site's own pages and parts
  "api", "app", "apps", "bio", "www", "web", "home", "index", "dashboard", "account", "accounts", "settings", "profile", "user",
  "users", "login", "logout", "log-in", "log-out", "signin", "signout", "sign-in", "sign-out", "signup", "sign-up", "register",
  "join", "invite", "invites", "approve", "auth", "oauth", "password", "forgot-password", "reset-password", "pricing", "plans",
  "checkout", "about", "blog", "docs", "doc", "faq", "status", "terms", "privacy", "privacy-policy", "terms-of-service", "cookies",
  "jobs", "careers", "press", "news", "static", "assets", "media", "cdn", "images", "img", "files", "uploads", "public", "demo",
  "sitemap", "robots", "favicon", "null", "undefined",
]);

export const BIO_MESSAGES = {
  usernameRequired: "Choose a username for your page's address.",
  usernameLength: `A username is ${BIO_USERNAME_MIN} to ${BIO_USERNAME_MAX} characters.`,
  usernameCharacters: "Use lower-case letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit.",
  usernameTaken: "This username is taken. Choose another.",
  usernameReserved: "This username is reserved. Choose another.",
  publishWithoutUsername: "Choose a username before you publish the page.",
  titleRequired: "Title is required",
  titleTooLong: `Keep the title to ${BIO_TITLE_MAX} characters.`,
  bioTooLong: `Keep the bio to ${BIO_TEXT_MAX} characters.`,
  profileImageInvalid: "The profile image is an image of your media library or an https:// address.",
  linkTitleRequired: "Link title is required",
  linkTitleTooLong: `Keep the link title to ${BIO_LINK_TITLE_MAX} characters.`,
  urlRequired: "URL is required",
  urlInvalid: "Use an http://, https://, mailto: or tel: address.",
  emailInvalid: "Enter an e-mail address, e.g. hello@example.com.",
  phoneInvalid: "Enter a phone number, e.g. +1 555 010 0000.",
  socialUrlInvalid: "A social link is an http:// or https:// address.",
  tooManyLinks: `A page holds at most ${BIO_LINKS_MAX} links.`,
} as const;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const PHONE = /^\+?[0-9][0-9 ().-]{3,30}$/;
const LOOKS_LIKE_HOST = /^[^\s/:]+\.[^\s/:]+(?:[/?#]\S*)?$/;

const webAddress = (text: string): string | null => {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * The address a link of this type opens, or the sentence refusing it. Only http, https, mailto and
 * tel are accepted (never javascript: or data:); an e-mail link may be given as the bare address, a
 * phone link as the number, and a web link without its https://.
 */
export const linkAddressOf = (type: BioLinkType, given: string): { readonly url: string } | { readonly error: string } => {
  const text = given.trim();
  if (text === "") return { error: BIO_MESSAGES.urlRequired };
  if (text.length > BIO_URL_MAX) return { error: BIO_MESSAGES.urlInvalid };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === "mailto" || (scheme === undefined && type === "email")) {
    const address = scheme === "mailto" ? text.slice("mailto:".length) : text;
    return EMAIL.test(decodeURIComponentSafe(address.split("?")[0]!)) ? { url: `mailto:${address}` } : { error: BIO_MESSAGES.emailInvalid };
  }
  if (scheme === "tel" || (scheme === undefined && type === "phone")) {
    const number = (scheme === "tel" ? text.slice("tel:".length) : text).trim();
    return PHONE.test(number) ? { url: `tel:${number.replace(/[ ().-]/g, "")}` } : { error: BIO_MESSAGES.phoneInvalid };
  }
  if (scheme === "http" || scheme === "https") {
    const url = webAddress(text);
    return url ? { url } : { error: BIO_MESSAGES.urlInvalid };
  }
  if (scheme === undefined && LOOKS_LIKE_HOST.test(text)) {
    const url = webAddress(`https://${text}`);
    if (url) return { url };
  }
  return { error: type === "email" ? BIO_MESSAGES.emailInvalid : type === "phone" ? BIO_MESSAGES.phoneInvalid : BIO_MESSAGES.urlInvalid };
};

const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A social link's address: http or https only. */
export const socialAddressOf = (given: string): string | null => {
  const text = given.trim();
  return webAddress(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
};

/** Whether the username is one of the site's own words, whatever its case. */
export const isReservedUsername = (username: string): boolean => BIO_RESERVED_USERNAMES.has(username.trim().toLowerCase());

/** The username's refusal, or null when it may be used. */
export const usernameProblem = (username: string): string | null => {
  if (username === "") return BIO_MESSAGES.usernameRequired;
  if (username.length < BIO_USERNAME_MIN || username.length > BIO_USERNAME_MAX) return BIO_MESSAGES.usernameLength;
  if (isReservedUsername(username)) return BIO_MESSAGES.usernameReserved;
  return BIO_USERNAME_PATTERN.test(username) ? null : BIO_MESSAGES.usernameCharacters;
};

/** A username made of a name ("Lee Dental" → "lee-dental"), for the first suggestion. */
export const usernameFrom = (name: string): string => {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BIO_USERNAME_MAX)
    .replace(/-+$/g, "");
  return slug.length >= BIO_USERNAME_MIN ? slug : `${slug || "page"}-bio`.slice(0, BIO_USERNAME_MAX);
};
