import { Context } from "effect";

/**
 * How many bytes an operation's body may weigh when it carries more than an API call's usual
 * megabyte (a bulk upload's thousands of rows), declared on its endpoint; the catch-all reads it
 * before the body (413 past it).
 */
export const MaxBodyBytes = Context.Reference<number | undefined>("app/api/MaxBodyBytes", { defaultValue: () => undefined });
