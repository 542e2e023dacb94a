import { convert } from "html-to-text";
import { type Answer, type Call, type Classify, request } from "../call";
import { callContext, fail } from "../http";
import type { OAuthCredentials } from "../provider";

/** What every Mastodon call shares: the account's instance and token, and the outbound client. */

export const mastodonCtx = callContext("mastodon");

/** The stored credentials of a Mastodon account: the token and the instance it was granted by. */
export interface MastodonCredentials extends OAuthCredentials {
  readonly instance?: string;
}

export interface MastodonAccess {
  readonly origin: string;
  readonly token: string;
}

export const accessOf = (credentials: unknown): MastodonAccess => {
  const c = (credentials ?? {}) as Partial<MastodonCredentials>;
  const origin = typeof c.instance === "string" ? c.instance : typeof c.metadata?.instance === "string" ? (c.metadata.instance as string) : null;
  if (!c.accessToken || !origin) throw fail(mastodonCtx, "invalid_credentials", "Mastodon has no stored access for this account. Reconnect it.");
  return { origin, token: c.accessToken };
};

/** One call to the account's instance with its token, through the SSRF-safe client. */
export const mastodonCall = (access: MastodonAccess, path: string, call: Call = {}, classify?: Classify): Promise<Answer> =>
  request(mastodonCtx, `${access.origin}${path}`, { ...call, bearer: access.token, outbound: true }, classify);

/** A JSON array answer (notifications), which `request` keeps only as text. */
export const arrayOf = (answer: Answer): unknown[] => {
  try {
    const parsed: unknown = JSON.parse(answer.text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};

/** A status's HTML content as the text a person wrote (mentions and links as their text). */
export const statusText = (html: unknown): string =>
  typeof html === "string" ? convert(html, { wordwrap: false, selectors: [{ selector: "a", options: { ignoreHref: true } }, { selector: "img", format: "skip" }] }).trim() : "";
