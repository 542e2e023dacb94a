import { isAllowedHost } from "../../outbound/outbound";

/**
 * The Mastodon instance a person types ("mastodon.social", "@me@fosstodon.org",
 * "https://pixelfed.social/"), as the origin every call and the app's cache use: https and the host
 * only (a path, query, user or the person's handle dropped). Plain http only for a host
 * OUTBOUND_ALLOW_HOSTS names (a test or on-premise server), unless https:// was typed. A private or reserved address is
 * refused by the outbound client when it is called, with its own sentence.
 */
export type InstanceResult = { readonly ok: true; readonly origin: string; readonly host: string } | { readonly ok: false; readonly message: string };

export const INSTANCE_EXAMPLE = "Enter your server's address, like mastodon.social.";

export const parseInstance = (input: string | null | undefined): InstanceResult => {
  let text = (input ?? "").trim();
  if (text === "") return { ok: false, message: INSTANCE_EXAMPLE };
  // A handle (@name@server or name@server) names its server after the last @.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && text.includes("@")) text = text.slice(text.lastIndexOf("@") + 1);
  const given = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return { ok: false, message: `"${input!.trim()}" is not a server address. ${INSTANCE_EXAMPLE}` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: `Mastodon servers are reached over https. ${INSTANCE_EXAMPLE}` };
  if (!url.hostname.includes(".") && !url.hostname.startsWith("[") && url.hostname !== "localhost") {
    return { ok: false, message: `"${input!.trim()}" is not a server address. ${INSTANCE_EXAMPLE}` };
  }
  // A local host the operator allowed (a test or on-premise server) is reached as typed, http by default;
  // every other server over https whatever was typed.
  const typedHttps = /^https:\/\//i.test(text);
  const origin = isAllowedHost(new URL(`http://${url.host}`)) && !typedHttps ? `http://${url.host}` : `https://${url.host}`;
  return { ok: true, origin, host: new URL(origin).host };
};
