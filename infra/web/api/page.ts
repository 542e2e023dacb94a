import { Schema } from "effect";

/**
 * The one shape of every list the API pages through: the request names `cursor` (the `next` of the
 * page before; none for the first) and `limit`; the answer is `{ items, next }`, `next` null on the
 * last page. A list that is never long answers a plain array instead.
 */
export const pageQuery = (options: { readonly defaultLimit: number; readonly maxLimit: number }) => ({
  cursor: Schema.optional(Schema.String).annotate({ description: "The `next` of the page before; leave it out for the first page." }),
  limit: Schema.optional(
    Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: options.maxLimit })),
  ).annotate({ description: `How many items at most (1 to ${options.maxLimit}; ${options.defaultLimit} if left out).` }),
});

/** A page of `item`s: `{ items, next }`. */
export const Page = <S extends Schema.Top>(item: S, identifier: string) =>
  Schema.Struct({
    items: Schema.Array(item),
    next: Schema.NullOr(Schema.String).annotate({ description: "The cursor of the next page; null on the last one." }),
  }).annotate({ identifier });
