import type { Schema } from "effect";
import type { HttpApi, HttpApiEndpoint, HttpApiGroup } from "effect/http-api";
import type { SocialDeskApi } from "../../../infra/app-api";
import { ApiError } from "../api-client";

/**
 * The islands' one client of the declared API (infra/app-api.ts): an operation is named by its
 * method and declared path, and its path parameters, query, body and answer take the types of
 * its declaration. Only types come from the declarations, so no schema code reaches the browser:
 * the answer is the JSON the server encoded, trusted because the server encoded it through the
 * same schema. A refusal throws `ApiError` (its body an RFC 9457 problem; read it with
 * `apiErrorMessage`, `apiErrorFields`, `apiErrorCode`).
 */
type Groups = typeof SocialDeskApi extends HttpApi.HttpApi<string, infer G> ? G : never;
type Endpoint = HttpApiEndpoint.Constraint & HttpApiGroup.Endpoints<Groups>;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type MethodOf<E> = E extends { readonly method: infer M } ? M : never;
type PathOf<E> = E extends { readonly path: infer P } ? P : never;

/** The declared paths of a method. */
export type PathsOf<M extends Method> = PathOf<Extract<Endpoint, { readonly method: M }>>;
type Operation<M extends Method, P> = Extract<Endpoint, { readonly method: M; readonly path: P }>;

/**
 * What a request part carries on the wire: the declared schema (the API wraps it as a JSON or
 * string-tree codec); a zod-bridged body (infra/web/api/zod-payload.ts) takes its zod input type.
 */
type Wire<S> = [S] extends [never]
  ? never
  : S extends Schema.toCodecJson<infer Inner> | Schema.toCodecStringTree<infer Inner>
    ? Inner extends Schema.decodeTo<infer To, infer _From, infer _RD, infer _RE>
      ? To["Encoded"]
      : Inner["Encoded"]
    : S extends { readonly Encoded: infer A }
      ? A
      : never;
/** The answer's type: the declared success schemas are plain JSON (dates as strings), so it is what the wire carries. */
type Answer<S> = [S] extends [never] ? never : S extends { readonly Type: infer A } ? A : never;
/** Arrays the islands hold are readonly; a body only reads them. */
type Readable<A> = A extends ReadonlyArray<infer I> ? ReadonlyArray<Readable<I>> : A extends object ? { readonly [K in keyof A]: Readable<A[K]> } : A;
type Part<Key extends string, S> = [Wire<S>] extends [never] ? {} : {} extends Wire<S> ? { readonly [K in Key]?: Readable<Wire<S>> } : { readonly [K in Key]: Readable<Wire<S>> };

/** What a call sends: `params` for the path's `:names`, `query`, `payload` (the JSON body). */
export type RequestOf<M extends Method, P> = Part<"params", Operation<M, P>["~Params"]> &
  Part<"query", Operation<M, P>["~Query"]> &
  (M extends "GET" ? {} : Part<"payload", Operation<M, P>["~Payload"]>) & { readonly signal?: AbortSignal; readonly headers?: Record<string, string> };

/** What a call answers: the success's JSON (undefined for 204). */
export type ResponseOf<M extends Method, P> = Answer<Operation<M, P>["~Success"]> extends infer A ? (A extends void ? undefined : A) : never;

type Args<M extends Method, P> = {} extends RequestOf<M, P> ? [request?: RequestOf<M, P>] : [request: RequestOf<M, P>];

const fill = (path: string, params: Record<string, unknown> | undefined): string =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));

const queryString = (query: Record<string, unknown> | undefined): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
};

const call = async (method: Method, path: string, request: Record<string, any> = {}): Promise<any> => {
  const hasBody = method !== "GET" && request.payload !== undefined;
  const response = await fetch(fill(path, request.params) + queryString(request.query), {
    method,
    credentials: "include",
    headers: { Accept: "application/json", ...(hasBody ? { "Content-Type": "application/json" } : {}), ...request.headers },
    ...(hasBody ? { body: JSON.stringify(request.payload) } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return text === "" ? undefined : JSON.parse(text);
};

const verb =
  <M extends Method>(method: M) =>
  <P extends PathsOf<M>>(path: P, ...[request]: Args<M, P>): Promise<ResponseOf<M, P>> =>
    call(method, path as string, request as Record<string, unknown> | undefined);

/** `api.get("/api/categories")`, `api.put("/api/categories/:id", { params: { id }, payload })`. */
export const api = {
  get: verb("GET"),
  post: verb("POST"),
  put: verb("PUT"),
  patch: verb("PATCH"),
  delete: verb("DELETE"),
};
