import { Schema } from "effect";
import { isUuid } from "../../../domain/shared";

/**
 * The id of an item of `what` kind in a path (`/api/posts/:id`): a UUID. Anything else names no
 * item, so the declaration refuses it with the item's 404 (InvalidRequest reads `what` from the
 * refusal), as a deleted or another workspace's id answers, before the body is read.
 */
export const itemId = (what: string) =>
  Schema.String.check(Schema.makeFilter((value: string) => isUuid(value) || what, { expected: "a UUID" })).annotate({
    format: "uuid",
    description: `The ${what}'s id.`,
  });

/** The path parameters of an operation on one item: its id. */
export const idOf = (what: string) => ({ id: itemId(what) });

/** A link's token in a path (an approval link's): 32 base32 characters; anything else names no link (404). */
export const LinkToken = Schema.String.check(Schema.isPattern(/^[a-z2-7]{32}$/)).annotate({ description: "The token of the link, as its address has it." });
