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
  Schema.Unknown.pipe(
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

/**
 * A query string declared with the module's zod schema (its field sentences): each field of the
 * zod object is a text parameter in the OpenAPI document, and the whole query is read by zod as the
 * routes read it (unknown parameters ignored, text PostgreSQL cannot store refused, defaults filled).
 */
export const zodQuery = <S extends z.ZodObject>(schema: S, identifier: string) =>
  Schema.Struct(
    Object.fromEntries(Object.keys(schema.shape).map((key) => [key, Schema.optionalKey(Schema.String)])) as {
      readonly [K in keyof S["shape"]]: Schema.optionalKey<Schema.String>;
    },
  ).pipe(
    Schema.check(
      Schema.makeFilter((query: unknown) => {
        const unstorable = unstorableText(query);
        if (unstorable) return { path: [unstorable.path], issue: unstorable.message };
        const parsed = schema.safeParse(query);
        if (parsed.success) return undefined;
        return Object.entries(fieldErrors(parsed.error)).map(([field, message]) => ({ path: field === "_" ? [] : [field], issue: message }));
      }),
    ),
    Schema.decodeTo(
      Schema.Any as Schema.Codec<z.output<S>, { readonly [K in keyof S["shape"]]?: string }>,
      SchemaTransformation.transform<any, any>({ decode: (query) => schema.parse(query), encode: (value) => value }),
    ),
    Schema.annotate({ identifier }),
  );
