import { Context, Schema } from "effect";
import { OpenApi } from "effect/http-api";
import { SocialDeskApi } from "../../../infra/app-api";
import type { PathsOf } from "../api/client";

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** The MCP tool hints (2025-11-25 `ToolAnnotations`): what calling the tool does to the world. */
interface Hints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint: boolean;
}

/**
 * One tool: one declared operation of the contract, named for an agent, with what it changes in
 * the workspace (appended to the operation's own description). `leaveOut` names the operation's
 * fields that only change the answer's format (a stream), which a tool's JSON answer cannot carry.
 */
interface ToolDeclaration {
  readonly name: string;
  readonly title: string;
  readonly method: Method;
  readonly path: string;
  readonly changes: string;
  readonly hints: Hints;
  readonly leaveOut?: ReadonlyArray<string>;
}

const READS_ONLY = "It changes nothing: it only reads.";
const reads = { readOnlyHint: true, openWorldHint: false } as const;
/** A declaration whose path the compiler checks against the contract's paths of its method. */
const tool = <M extends Method>(declaration: ToolDeclaration & { readonly method: M; readonly path: PathsOf<M> }): ToolDeclaration => declaration;

/** The tools of SocialDesk's MCP server, each the operation a program would call over HTTP. */
const DECLARATIONS: ReadonlyArray<ToolDeclaration> = [
  tool({ name: "list_accounts", title: "List connected accounts", method: "GET", path: "/api/social-accounts", changes: READS_ONLY, hints: reads }),
  tool({
    name: "list_posts",
    title: "List posts",
    method: "GET",
    path: "/api/posts",
    changes: `${READS_ONLY} \`status\` (draft, awaiting_approval, scheduled, publishing or published; several comma-separated) and \`from\`/\`to\` (the period a post's time falls in, that time being when it is scheduled, else published, else created: from \`from\` up to but not including \`to\`, each a day like 2026-11-01 or a time like 2026-11-01T00:00:00Z) narrow the list; \`next\` of the answer is the \`cursor\` of the next page.`,
    hints: reads,
  }),
  tool({ name: "get_post", title: "Read a post", method: "GET", path: "/api/posts/:id", changes: READS_ONLY, hints: reads }),
  tool({
    name: "create_post",
    title: "Create a post",
    method: "POST",
    path: "/api/posts",
    changes:
      "It adds a post to the workspace: a draft (status draft), a post scheduled at `scheduledAt` (status scheduled) or one published at once (status published) to the accounts of `platforms` (or `accountIds`); `options` holds each platform's own options by platform. With an API key that requires approval (an agent key), or in a workspace whose posts need approval, the post waits for a person to approve it (status awaiting_approval) and nothing is published until they do.",
    hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  }),
  tool({
    name: "update_post",
    title: "Edit a post",
    method: "PUT",
    path: "/api/posts/:id",
    changes:
      "It replaces the text, accounts, time and options of a draft or scheduled post (status draft unschedules it). Give `expectedVersion` (the post's `version` as read) so that an edit someone made since is refused (409) rather than overwritten. Scheduling it with an agent key makes it wait for approval, as create_post does.",
    hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  }),
  tool({
    name: "list_inbox",
    title: "List inbox messages",
    method: "GET",
    path: "/api/social-inbox",
    changes: `${READS_ONLY} It does not mark messages read.`,
    hints: reads,
  }),
  tool({
    name: "draft_reply",
    title: "Draft a reply",
    method: "POST",
    path: "/api/ai/draft-reply",
    changes:
      "It sends nothing and changes no message or review: it answers a reply text written by the workspace's AI for a person to edit and send, from the message's, comment's or review's `text` (and a review's `rating`); the tool answers `{draft}` as JSON, never a stream. Each draft counts against the plan's monthly AI quota.",
    hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    leaveOut: ["stream"],
  }),
  tool({ name: "get_analytics", title: "Read analytics", method: "GET", path: "/api/analytics", changes: READS_ONLY, hints: reads }),
  tool({ name: "list_reviews", title: "List reviews", method: "GET", path: "/api/reviews", changes: READS_ONLY, hints: reads }),
];

type JsonSchema = { readonly [key: string]: unknown };

/** A declared part (path parameters, query, body) as JSON Schema, with the definitions it refers to (`#/$defs/…`). */
const jsonSchemaOf = (schema: Schema.Top): { readonly schema: JsonSchema; readonly defs: Record<string, JsonSchema> } => {
  const document = Schema.toJsonSchemaDocument(Schema.toEncoded(schema));
  const { $schema: _, ...own } = document.schema as JsonSchema;
  const defs = document.definitions as Record<string, JsonSchema>;
  // A named schema is a reference to its definition: its fields are the definition's.
  const ref = typeof own.$ref === "string" ? own.$ref.replace(/^#\/\$defs\//, "") : null;
  if (ref && defs[ref]) {
    const { $schema: __, ...target } = defs[ref];
    return { schema: target, defs };
  }
  return { schema: own, defs };
};

const propertiesOf = (schema: JsonSchema) =>
  schema.type === "object" && typeof schema.properties === "object" && schema.properties !== null ? (schema.properties as Record<string, JsonSchema>) : null;
const requiredOf = (schema: JsonSchema) => (Array.isArray(schema.required) ? (schema.required as ReadonlyArray<string>) : []);

/** A tool as the server lists it and calls it: where each of its arguments goes in the operation's request. */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: { readonly type: "object"; readonly properties: Record<string, JsonSchema>; readonly required?: ReadonlyArray<string> } & JsonSchema;
  readonly annotations: Hints & { readonly title: string };
  readonly method: Method;
  readonly path: string;
  readonly pathParams: ReadonlyArray<string>;
  readonly queryParams: ReadonlyArray<string>;
  /** The body: its fields taken from the arguments (`fields`), the argument `body` as a whole (`whole`), or none. */
  readonly body: "fields" | "whole" | "none";
  /** A POST: its argument `idempotencyKey` goes as the `Idempotency-Key` header, so an agent's retry makes nothing twice. */
  readonly idempotent: boolean;
}

export const IDEMPOTENCY_ARGUMENT = "idempotencyKey";

/** What `serveApi` takes as an `Idempotency-Key` (infra/api-limits/edge.ts), said as the argument's schema. */
const IDEMPOTENCY_KEY_SCHEMA: JsonSchema = {
  type: "string",
  minLength: 1,
  maxLength: 255,
  pattern: "^[\\x20-\\x7e]+$",
  description:
    "Optional: any text unique to this action (1 to 255 printable ASCII characters), sent as the Idempotency-Key header. Calling again with the same key and the same arguments within 24 hours answers the first call's result and does nothing twice; the same key with other arguments is refused.",
};

const endpoints = Object.values(SocialDeskApi.groups).flatMap((group) => Object.values(group.endpoints));

/**
 * A tool's input: the operation's own path parameters, query and JSON body, as its declaration turns
 * into JSON Schema, side by side in one object (an agent fills one set of arguments). A body whose
 * fields would clash with a parameter's name, or that is not an object, is the one argument `body`.
 */
const toolOf = (declaration: ToolDeclaration): McpTool => {
  const endpoint = endpoints.find((candidate) => candidate.method === declaration.method && candidate.path === declaration.path);
  if (!endpoint) throw new Error(`The MCP tool ${declaration.name} names ${declaration.method} ${declaration.path}, which the contract does not declare.`);
  const leftOut = new Set(declaration.leaveOut ?? []);
  const properties: Record<string, JsonSchema> = {};
  const required: Array<string> = [];
  const defs: Record<string, JsonSchema> = {};
  const take = (schema: Schema.Top | undefined, everyRequired: boolean): ReadonlyArray<string> => {
    if (!schema) return [];
    const part = jsonSchemaOf(schema);
    Object.assign(defs, part.defs);
    const fields = Object.entries(propertiesOf(part.schema) ?? {}).filter(([name]) => !leftOut.has(name));
    for (const [name, field] of fields) properties[name] = field;
    const mandatory = new Set(requiredOf(part.schema));
    required.push(...fields.map(([name]) => name).filter((name) => everyRequired || mandatory.has(name)));
    return fields.map(([name]) => name);
  };
  const pathParams = take(endpoint.params, true);
  const queryParams = take(endpoint.query, false);
  const json = endpoint.payload.get("application/json");
  let body: McpTool["body"] = "none";
  if (json && declaration.method !== "GET") {
    const part = jsonSchemaOf(json.schemas[0]);
    Object.assign(defs, part.defs);
    const fields = propertiesOf(part.schema);
    if (fields && !Object.keys(fields).some((name) => name in properties)) {
      body = "fields";
      for (const [name, field] of Object.entries(fields)) if (!leftOut.has(name)) properties[name] = field;
      required.push(...requiredOf(part.schema).filter((name) => !leftOut.has(name)));
    } else {
      body = "whole";
      properties.body = part.schema;
      required.push("body");
    }
  }
  const idempotent = declaration.method === "POST" && !(IDEMPOTENCY_ARGUMENT in properties);
  if (idempotent) properties[IDEMPOTENCY_ARGUMENT] = IDEMPOTENCY_KEY_SCHEMA;
  const description = Context.getOrUndefined(endpoint.annotations, OpenApi.Description) ?? "";
  return {
    name: declaration.name,
    title: declaration.title,
    description: `${description} ${declaration.changes}`.trim(),
    inputSchema: {
      type: "object",
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
    },
    annotations: { title: declaration.title, ...declaration.hints },
    method: declaration.method,
    path: declaration.path,
    pathParams,
    queryParams,
    body,
    idempotent,
  };
};

/** Every tool, built once per process from the declarations. */
export const MCP_TOOLS: ReadonlyArray<McpTool> = DECLARATIONS.map(toolOf);
