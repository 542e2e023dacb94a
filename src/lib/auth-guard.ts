import { refusalOf, type Requirement } from "../../domain/access";
import type { Caller } from "../../domain/shared";
import { callerOf, type CurrentUser } from "../../infra/identity/current-user";
import { SIGN_IN_MESSAGE } from "../../infra/web/api/guard";
import { apiError, commandContext } from "./http";

export type Guarded = { ok: true; user: CurrentUser; caller: Caller } | { ok: false; response: Response };

/**
 * The edge's one guard: signed in (else 401), in this workspace, and allowed what the route asks
 * (else 403 with the authorization point's sentence). Every API route and page action goes through it.
 */
export const guard = (locals: App.Locals, request: Request, requirement: Requirement = {}): Guarded => {
  const user = locals.user;
  if (!user)
    return {
      ok: false,
      response: apiError(401, "unauthorized", SIGN_IN_MESSAGE),
    };
  const caller = callerOf(user, commandContext(locals, request));
  const refusal = refusalOf(caller, requirement);
  if (refusal)
    return {
      ok: false,
      response: apiError(403, refusal._tag === "Forbidden" ? "forbidden" : "plan_limit", refusal.message),
    };
  return { ok: true, user, caller };
};

/** The user as GET /api/auth/user answers it: in a module of its own, which the server's fast lane imports too. */
export { publicUser } from "../../infra/identity/public-user";
