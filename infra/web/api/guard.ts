import { Cause, Context, Effect, Layer, SchemaIssue } from "effect";
import { HttpServerResponse } from "effect/http";
import { HttpApiMiddleware } from "effect/http-api";
import { PERMISSION_DENIED_MESSAGE, refusalOf, type Requirement } from "../../../domain/access";
import { API_KEY_MESSAGES } from "../../../domain/api-access/rules";
import { type Caller, Forbidden, InvalidInput, NotFound, PlanLimitReached } from "../../../domain/shared";
import { callerOf, type CurrentUser } from "../../../domain/identity/current-user";
import { logger } from "../../log";
import {
  ForbiddenProblem,
  InvalidInputProblem,
  NotFoundProblem,
  PlanLimitProblem,
  PROBLEM_CONTENT_TYPE,
  RateLimitedProblem,
  SERVER_ERROR_PROBLEM,
  Unauthorized,
  UnauthorizedProblem,
  WriteRefused,
  WriteRefusedProblems,
} from "./problems";

export { PERMISSION_DENIED_MESSAGE };

/** Who acts in a declared operation: the guard provides it from the session or the API key. */
export class CurrentCaller extends Context.Service<CurrentCaller, Caller>()("app/api/CurrentCaller") {}

/**
 * What an operation asks of its caller, declared on the endpoint: a permission of the role, a
 * feature of the plan, or nothing (any signed-in person of the workspace). The guard checks it and
 * the authorization test reads it.
 */
export class Requires extends Context.Service<Requires, Requirement>()("app/api/Requires") {}

/**
 * Who may call a guarded operation: a person signed in to the workspace (the default) or the app's
 * operators only (everyone else gets 404, as if it did not exist). Operations anyone may call
 * (sign-in, a platform's webhook, a public page) are in groups with the `PublicEdge` middleware instead.
 */
export const Audience = Context.Reference<"workspace" | "operator">("app/api/Audience", { defaultValue: () => "workspace" });

/**
 * How the one route reads an operation's body before the API does: at most `maxBytes` (413 past
 * them; a JSON body's limit, 1 MB, when not declared), and `asSent` for a body the operation must
 * see byte for byte whatever its content type (a platform's signed webhook: not parsed as JSON
 * first, so a bad signature is told before bad JSON).
 */
export interface RequestBodyRule {
  readonly maxBytes?: number;
  readonly asSent?: boolean;
}
export const RequestBody = Context.Reference<RequestBodyRule>("app/api/RequestBody", { defaultValue: () => ({}) });

/**
 * An operation on the person themself (their password, sessions, API keys): refused to an API key,
 * which acts for a person but is not them.
 */
export const PeopleOnly = Context.Reference<boolean>("app/api/PeopleOnly", { defaultValue: () => false });

/**
 * The sentence a plan refusal gives instead of the general one, for an operation whose refusal has
 * its own (live chat names the support address people may write to instead). Read when refusing.
 */
export const PlanRefusal = Context.Reference<(() => string) | null>("app/api/PlanRefusal", { defaultValue: () => null });

/**
 * An operation on one item (a message, a review, a post) that may belong to another of the agency's
 * workspaces than the one the person works in (the lists across clients): the guard leaves the
 * endpoint's `Requires` to `callerForItem` (infra/identity/reach.ts), which its handler calls with the
 * item's workspace and which checks it there, with the person's role in that workspace. A person who
 * is a viewer in the agency and a member in a client answers the client's items from the agency.
 */
export const InItsWorkspace = Context.Reference<boolean>("app/api/InItsWorkspace", { defaultValue: () => false });

/** What the operation declares (`Requires`), provided by the guard for `callerForItem` to check in the item's workspace. */
export class CurrentRequirement extends Context.Service<CurrentRequirement, Requirement>()("app/api/CurrentRequirement") {}

/**
 * Whether the caller meets `requirement` in any workspace they may reach from where they work (their
 * own, or an agency's client they were given): asked by the guard of an `InItsWorkspace` operation
 * the workspace they work in refuses, so one who may do it nowhere is refused (403) before the
 * request is read, as for every other operation. Identity answers it (infra/identity/reach.ts).
 */
export class Reach extends Context.Service<Reach, { readonly anywhere: (caller: Caller, requirement: Requirement) => Effect.Effect<boolean> }>()("app/api/Reach") {}

/** A POST that only reads (a search): open in demo mode like a GET. */
export const OnlyReads = Context.Reference<boolean>("app/api/OnlyReads", { defaultValue: () => false });

/**
 * An API key a request came with (`Authorization: Bearer sd_live_…`), as the edge found it: valid,
 * its creator still in the workspace. The request then acts as that creator with the key's cap
 * (`EdgeRequest.user` is the creator, their role capped: "member" for write, "viewer" for read).
 */
export interface ApiKeyUse {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly access: "read" | "write";
  /** An agent key: the posts it creates or schedules wait for a person's approval. */
  readonly requireApproval: boolean;
  /** The person who created it (the audit trail names them: "API key ‘Zapier’ (created by Maria)"). */
  readonly createdBy: string;
}

/** The request as the edge read it before the API: the session's user (or demo's, or an API key's creator), demo mode, a cross-site write. */
export class EdgeRequest extends Context.Service<
  EdgeRequest,
  {
    readonly user: CurrentUser | null;
    readonly demo: boolean;
    readonly crossSite: boolean;
    readonly correlationId: string;
    /** The address the request came from (sign-in throttles, sessions' "last seen from"). */
    readonly clientAddress: string | null;
    /** The session the request came with (null signed out and in demo mode): "This device", signing out. */
    readonly sessionId: string | null;
    /** The API key the request came with, or null (a session, or no one). */
    readonly apiKey: ApiKeyUse | null;
    /** Why the key the request came with acts for no one (unknown, revoked, expired): the guard's 401. */
    readonly keyRefusal: string | null;
  }
>()("app/api/EdgeRequest") {}

export const SIGN_IN_MESSAGE = "Please sign in to continue.";
export const DEMO_READ_ONLY_MESSAGE = "Demo mode is read-only. Start your free trial to save changes.";
export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";
export const SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a write comes from another site: its Origin is not ours or, without one, the browser
 * says so (Sec-Fetch-Site). Cookies ride along on such requests, so they are refused whatever
 * their content type (Astro's own check covers forms only).
 */
export const isCrossSiteWrite = (request: Request, origin: string): boolean => {
  if (!UNSAFE.has(request.method)) return false;
  const from = request.headers.get("origin");
  return from ? from !== origin : request.headers.get("sec-fetch-site") === "cross-site";
};

/**
 * The one guard of every declared operation: a cross-site write or a write in demo mode is
 * refused (403); a refused API key (its reason) or no session answers 401; a key is refused what is
 * for people only and, with read access, any write (403); then the authorization point checks what
 * the endpoint declares (`Requires`: 403 with its sentence; for an operation `InItsWorkspace`, in the
 * item's own workspace, through `callerForItem`) and the handler runs with the
 * `CurrentCaller` (a person, or their key acting for them). Anything the endpoint did not declare
 * is logged and answered 500 with no internals.
 */
export class Guard extends HttpApiMiddleware.Service<Guard, { provides: CurrentCaller | CurrentRequirement; requires: EdgeRequest | Reach }>()("app/api/Guard", {
  // RateLimitedProblem: an API key past its limit, answered by the edge before the guard runs (infra/api-access/edge.ts).
  error: [UnauthorizedProblem, ForbiddenProblem, PlanLimitProblem, ...WriteRefusedProblems, NotFoundProblem, RateLimitedProblem],
}) {
  static layer = Layer.succeed(Guard, (handler, { endpoint }) =>
    Effect.gen(function* () {
      const edge = yield* EdgeRequest;
      yield* edgeRefusal(edge, endpoint);
      if (Context.get(endpoint.annotations, Audience) === "operator" && !(edge.user?.isOperator && !edge.demo)) return yield* new NotFound({ what: "page" });
      if (edge.keyRefusal) return yield* new Unauthorized({ message: edge.keyRefusal });
      if (!edge.user) return yield* new Unauthorized({ message: SIGN_IN_MESSAGE });
      if (edge.apiKey) yield* keyRefusal(edge.apiKey, endpoint);
      const person = callerOf(edge.user, { now: new Date(), correlationId: edge.correlationId, causationId: null });
      const caller: Caller = edge.apiKey
        ? { ...person, actor: { kind: "api_key", keyId: edge.apiKey.id, userId: edge.apiKey.createdBy, requireApproval: edge.apiKey.requireApproval } }
        : person;
      const requirement = Context.getOrUndefined(endpoint.annotations, Requires) ?? {};
      // An item's operation is checked in the item's own workspace (callerForItem); here, only that the person may do it somewhere.
      const elsewhere = Context.get(endpoint.annotations, InItsWorkspace) && refusalOf(caller, requirement) !== null && (yield* (yield* Reach).anywhere(caller, requirement));
      if (!elsewhere) yield* refused(caller, requirement, Context.get(endpoint.annotations, PlanRefusal));
      return yield* handler.pipe(Effect.provideService(CurrentCaller, caller), Effect.provideService(CurrentRequirement, requirement));
    }).pipe(answerDefects),
  );
}

/** The authorization point's refusal of `requirement` to `caller`: 403 with the role's sentence, or the plan's. */
export const refused = (caller: Caller, requirement: Requirement, planSentence: (() => string) | null = null): Effect.Effect<void, Forbidden | PlanLimitReached> => {
  const refusal = refusalOf(caller, requirement);
  if (!refusal) return Effect.void;
  return Effect.fail(refusal._tag === "Forbidden" ? new Forbidden({ message: refusal.message }) : new PlanLimitReached({ message: planSentence?.() ?? refusal.message }));
};

/** What the edge refuses whoever calls: a cross-site write, a write in demo mode (403). */
const edgeRefusal = (edge: EdgeRequest["Service"], endpoint: { readonly method: string; readonly annotations: Context.Context<never> }) => {
  if (edge.crossSite) return Effect.fail(new WriteRefused({ message: CROSS_SITE_MESSAGE, code: "cross_site" }));
  if (edge.demo && UNSAFE.has(endpoint.method) && !Context.get(endpoint.annotations, OnlyReads)) {
    return Effect.fail(new WriteRefused({ message: DEMO_READ_ONLY_MESSAGE, code: "demo_read_only" }));
  }
  return Effect.void;
};

/** What a key may not do whatever its creator's role: act on the person themself, or change anything with read access (403). */
const keyRefusal = (key: ApiKeyUse, endpoint: { readonly method: string; readonly annotations: Context.Context<never> }) => {
  if (Context.get(endpoint.annotations, PeopleOnly)) return Effect.fail(new Forbidden({ message: API_KEY_MESSAGES.peopleOnly }));
  if (key.access === "read" && UNSAFE.has(endpoint.method) && !Context.get(endpoint.annotations, OnlyReads))
    return Effect.fail(new Forbidden({ message: API_KEY_MESSAGES.readOnly }));
  return Effect.void;
};

/** Anything an operation did not declare: logged, and answered 500 with no internals. */
const answerDefects = <E, R>(effect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  effect.pipe(
    Effect.catchDefect((defect) => {
      logger.error({ cause: Cause.pretty(Cause.die(defect)) }, "Request failed");
      return Effect.succeed(HttpServerResponse.jsonUnsafe(SERVER_ERROR_PROBLEM(SERVER_ERROR_MESSAGE), { status: 500, contentType: PROBLEM_CONTENT_TYPE }));
    }),
  );

/**
 * The guard of operations anyone may call (sign-in and sign-up, a platform's webhook, a public
 * page's reads): the same edge rules as `Guard`, no session needed. A handler that wants to know
 * whether someone is signed in reads `EdgeRequest`.
 */
export class PublicEdge extends HttpApiMiddleware.Service<PublicEdge, { requires: EdgeRequest }>()("app/api/PublicEdge", {
  error: WriteRefusedProblems,
}) {
  static layer = Layer.succeed(PublicEdge, (handler, { endpoint }) =>
    Effect.gen(function* () {
      yield* edgeRefusal(yield* EdgeRequest, endpoint);
      return yield* handler;
    }).pipe(answerDefects),
  );
}

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1();

/**
 * A request whose query or body its declaration refuses: 400 with the first field's
 * sentence as `detail` and every field's in `errors`, as the routes answered (`invalid_input`).
 * A response the declaration refuses is the server's fault: logged, 500.
 */
export class InvalidRequest extends HttpApiMiddleware.Service<InvalidRequest>()("app/api/InvalidRequest", {
  error: [InvalidInputProblem, NotFoundProblem],
}) {
  static layer = HttpApiMiddleware.layerSchemaErrorTransform(InvalidRequest, (error) => {
    if (error.kind === "Body" || error.kind === "ResponseHeaders") return Effect.die(error);
    // A path whose parameter its declaration refuses (an id that is no UUID) names nothing: the
    // item's 404, its kind the refusal's message (itemId).
    if (error.kind === "Params") return Effect.fail(new NotFound({ what: formatIssues(error.cause.issue).issues[0]?.message ?? "item" }));
    const fields: Record<string, string> = {};
    for (const issue of formatIssues(error.cause.issue).issues) {
      const key = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".") || "_";
      fields[key] ??= issue.message;
    }
    const message = Object.values(fields)[0] ?? "Please check the request.";
    const named = Object.keys(fields).filter((key) => key !== "_");
    return Effect.fail(new InvalidInput({ message, ...(named.length > 0 ? { fields: Object.fromEntries(named.map((key) => [key, fields[key]!])) } : {}) }));
  });
}
