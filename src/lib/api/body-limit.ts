import { Context } from "effect";
import { SocialDeskApi } from "../../../infra/app-api";
import { MaxBodyBytes } from "../../../infra/web/api/body-limit";

/** The declared operations with a body limit of their own, as method and a pattern of their path. */
const limited = Object.values(SocialDeskApi.groups).flatMap((group) =>
  Object.values(group.endpoints).flatMap((endpoint) => {
    const bytes = Context.get(endpoint.annotations, MaxBodyBytes);
    if (bytes === null) return [];
    const pattern = new RegExp(`^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`);
    return [{ method: endpoint.method, pattern, bytes }];
  }),
);

/** The body limit an operation declares (`MaxBodyBytes`), or `fallback`. */
export const bodyLimitOf = (method: string, pathname: string, fallback: number): number =>
  limited.find((operation) => operation.method === method && operation.pattern.test(pathname))?.bytes ?? fallback;
