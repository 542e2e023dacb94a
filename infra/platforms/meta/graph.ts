import { type CallContext, callContext, fail, list, obj, str } from "../http";
import { type Classify, rateLimited, request, tokenOf } from "../call";

/** What Meta's three platforms share beyond their connect flow: API versions, error codes, the Page token. */

/** Meta's Graph API (Facebook, Instagram Login) and Threads API versions. */
export const META_GRAPH_VERSION = "v23.0";
export const THREADS_API_VERSION = "v1.0";

/**
 * Meta answers most failures with HTTP 400 and an `error.code`: 190 (and 102, 463, 467) is a token
 * it no longer accepts, 4/17/32/613/80001.. are rate limits, 10/200-299 missing permissions.
 */
export const metaClassify =
  (ctx: CallContext): Classify =>
  (status, body) => {
    if (status >= 200 && status < 300) return undefined;
    const error = obj(body.error);
    const code = typeof error.code === "number" ? error.code : Number(error.code);
    const codeText = Number.isFinite(code) ? String(code) : undefined;
    if ([190, 102, 463, 467].includes(code)) {
      return fail(ctx, "invalid_credentials", `${ctx.name} no longer accepts this connection. Reconnect the account.`, { status, code: codeText });
    }
    if (code === 10 || (code >= 200 && code < 300)) {
      return fail(
        ctx,
        "invalid_credentials",
        `${ctx.name} refused to post: a permission is missing. Reconnect the account and allow every requested permission.`,
        {
          status,
          code: codeText,
        },
      );
    }
    if ([4, 17, 32, 613].includes(code) || (code >= 80001 && code <= 80014)) return rateLimited(ctx, undefined, { status, code: codeText });
    if (error.is_transient === true || code === 1 || code === 2) {
      return fail(ctx, "unavailable", `${ctx.name} is not responding right now.`, { status, code: codeText });
    }
    return undefined;
  };

const facebook = callContext("facebook");

/**
 * A Facebook Page's id and token: Page posts are written and read with a Page token, obtained
 * with the stored user token (GET /{page-id}?fields=access_token; /me/accounts without a stored id).
 */
export const facebookPage = async (credentials: unknown, base: string): Promise<{ pageId: string; token: string }> => {
  const classify = metaClassify(facebook);
  const c = tokenOf(facebook, credentials);
  const given = str(c.metadata?.pageAccessToken);
  let pageId = c.externalId ?? null;
  if (pageId && given) return { pageId, token: given };
  if (!pageId) {
    const pages = list((await request(facebook, `${base}/me/accounts?fields=id,access_token&limit=100`, { bearer: c.accessToken }, classify)).body.data);
    const page = pages[0];
    if (!page || !str(page.id)) throw fail(facebook, "not_eligible", "This Facebook account manages no Page. Connect an account that manages a Facebook Page.");
    pageId = str(page.id)!;
    if (str(page.access_token)) return { pageId, token: str(page.access_token)! };
  }
  const answer = await request(facebook, `${base}/${encodeURIComponent(pageId)}?fields=access_token`, { bearer: c.accessToken }, classify);
  const token = str(answer.body.access_token);
  if (!token) {
    throw fail(facebook, "invalid_credentials", "Facebook gave no access to this Page. Reconnect the account and allow managing the Page's posts.");
  }
  return { pageId, token };
};
