import { Schema } from "effect";
import { isUuid } from "../../../domain/shared";

/**
 * An item's id in a path (`/api/clients/:id`): a UUID. Anything else names no item, so the
 * declaration refuses it with 404 (InvalidRequest), as a deleted or another workspace's id answers,
 * before the body is read.
 */
export const ItemId = Schema.String.check(Schema.makeFilter((value: string) => isUuid(value), { expected: "a UUID" })).annotate({ format: "uuid" });

/** A link's token in a path (an approval link's): 32 base32 characters; anything else names no link (404). */
export const LinkToken = Schema.String.check(Schema.isPattern(/^[a-z2-7]{32}$/)).annotate({ description: "The token of the link, as its address has it." });
