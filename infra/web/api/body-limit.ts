import { Context } from "effect";

/**
 * The most bytes an operation's body may weigh, when it is not the usual megabyte of an API call
 * (sign-in and sign-up: 16 KB, README "Request bodies"). The catch-all route reads the body through
 * the one bounded reader with it and answers 413 past it, before the operation runs.
 */
export const MaxBodyBytes = Context.Reference<number | null>("app/api/MaxBodyBytes", { defaultValue: () => null });
