import { Context } from "effect";
import { SocialDeskApi } from "../../../infra/app-api";
import { MaxBodyBytes } from "../../../infra/web/api/body-limit";
import { BODY_LIMITS } from "../http";

/** The operations that declare a body limit of their own, as path patterns. */
const declared = Object.values(SocialDeskApi.groups).flatMap((group) =>
  Object.values(group.endpoints).flatMap((endpoint) => {
    const limit = Context.get(endpoint.annotations, MaxBodyBytes);
    if (limit === undefined) return [];
    const pattern = new RegExp(`^${endpoint.path.replace(/[.]/g, "\\.").replace(/:\w+/g, "[^/]+")}$`);
    return [{ method: endpoint.method, pattern, limit }];
  }),
);

/** How many bytes a declared operation's JSON body may weigh: its `MaxBodyBytes`, else an API call's megabyte. */
export const bodyLimitOf = (method: string, pathname: string): number =>
  declared.find((operation) => operation.method === method && operation.pattern.test(pathname))?.limit ?? BODY_LIMITS.json;
