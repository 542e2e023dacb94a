import { Schema, SchemaTransformation } from "effect";
import { z } from "zod";
import { fieldErrors, MAX_BODY_DEPTH, nestsDeeperThan, unstorableText } from "../http-fields";

/**
 * A request body declared with the module's zod schema (design: zod at the HTTP edge, its messages
 * the spec's field messages), as the Effect Schema an endpoint declares: the OpenAPI document gets
 * zod's JSON Schema of the input, and a refusal names each field with its sentence (the guard's
 * validation problem reads them), the checks of every body first (nesting, text PostgreSQL cannot
 * store). Decoding answers zod's output (trimmed, defaults filled).
 */
export const zodPayload = <S extends z.ZodType>(schema: S, identifier: string) =>
  // On `Any`, not `Unknown`: Effect 4.1 drops the checks of an `Unknown` from its JSON Schema, so the
  // document (and the MCP tools' input schemas read from it) showed every such body as `{}`.
  Schema.Any.pipe(
    Schema.check(
      Schema.makeFilter(
        (body: unknown) => {
          if (nestsDeeperThan(body, MAX_BODY_DEPTH)) return "The request body is nested too deeply.";
          const unstorable = unstorableText(body);
          if (unstorable) return { path: [unstorable.path], issue: unstorable.message };
          const parsed = schema.safeParse(body);
          if (parsed.success) return undefined;
          return Object.entries(fieldErrors(parsed.error)).map(([field, message]) => ({ path: field === "_" ? [] : [field], issue: message }));
        },
        { toJsonSchema: () => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as never },
      ),
    ),
    Schema.decodeTo(
      // The inner codec's encoded side is zod's input (what a client sends: the typed client reads it); its
      // type zod's output, which parsing answers.
      Schema.Any as Schema.Codec<z.output<S>, z.input<S>>,
      SchemaTransformation.transform<z.input<S>, unknown>({ decode: (body) => schema.parse(body) as z.input<S>, encode: (value) => value }),
    ),
    Schema.annotate({ identifier }),
  );

/** What zod's JSON Schema of a query field says of the text (its enum, pattern, format, description), never a type other than a string's. */
const textJsonSchema = (field: z.ZodType): Record<string, unknown> => {
  const { $schema: _, type: __, ...described } = z.toJSONSchema(field, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  const own = Object.fromEntries(Object.entries(described).filter(([key]) => ["enum", "pattern", "format", "description", "maxLength", "minLength", "examples", "default"].includes(key)));
  if (Array.isArray(own.enum)) own.enum = own.enum.map(String);
  if (own.default !== undefined) own.default = String(own.default);
  return own;
};

/**
 * A query string declared with the module's zod schema, as zodPayload does for bodies: each of the
 * schema's fields is an optional text parameter of the OpenAPI document, zod reads them (its
 * sentences name each field refused), and `extra` adds declared fields of their own (the page's
 * `cursor` and `limit`). Decoding answers zod's output with the extra fields.
 */
export const zodQuery = <S extends z.ZodObject, const F extends Schema.Struct.Fields = {}>(schema: S, extra: F = {} as F) => {
  // Each parameter is text on the wire; the document shows what zod accepts of it (an enum, a date's pattern).
  const describedText = (field: z.ZodType) =>
    Schema.String.pipe(
      Schema.check(Schema.makeFilter(() => undefined, { toJsonSchema: () => textJsonSchema(field) as never })),
    );
  const texts = Object.fromEntries(Object.entries(schema.shape).map(([name, field]) => [name, Schema.optional(describedText(field as z.ZodType))])) as {
    readonly [K in keyof S["shape"]]: Schema.optional<Schema.String>;
  };
  const own = (query: Record<string, unknown>) => Object.fromEntries(Object.keys(schema.shape).map((name) => [name, query[name]]));
  const fields = Schema.Struct({ ...texts, ...extra });
  type Extra = Schema.Struct<F>;
  return fields.pipe(
    Schema.check(
      Schema.makeFilter((query: Record<string, unknown>) => {
        const unstorable = unstorableText(query);
        if (unstorable) return { path: [unstorable.path], issue: unstorable.message };
        const parsed = schema.safeParse(own(query));
        if (parsed.success) return undefined;
        return Object.entries(fieldErrors(parsed.error)).map(([field, message]) => ({ path: field === "_" ? [] : [field], issue: message }));
      }),
    ),
    Schema.decodeTo(
      Schema.Any as Schema.Codec<z.output<S> & Extra["Type"], { readonly [K in keyof S["shape"]]?: string } & Extra["Encoded"]>,
      SchemaTransformation.transform<any, any>({
        decode: (query) => ({ ...query, ...schema.parse(own(query)) }),
        encode: (value) => value,
      }),
    ),
  );
};
