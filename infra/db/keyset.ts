import { Effect } from "effect";
import { InvalidInput, isStorableInstant, isUuid } from "../../domain/shared";

/**
 * Keyset cursors for lists ordered by an instant and an id (newest or soonest first): opaque to the
 * client, checked when read back.
 */
export interface Keyset {
  readonly at: string;
  readonly id: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

export const encodeKeyset = (keyset: Keyset): string => Buffer.from(JSON.stringify({ at: keyset.at, id: keyset.id })).toString("base64url");

/** The keyset, undefined without a cursor, or null for one no list gave. */
export const decodeKeyset = (cursor: string | undefined | null): Keyset | undefined | null => {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<Keyset>;
    // An instant as this list writes it (a crafted one, say of year -271821, would fail in the database).
    return typeof parsed.at === "string" && INSTANT.test(parsed.at) && isStorableInstant(new Date(parsed.at)) && typeof parsed.id === "string" && isUuid(parsed.id)
      ? { at: parsed.at, id: parsed.id }
      : null;
  } catch {
    return null;
  }
};

/** Where a page of a list starts (the `next` of the page before) and how many items it holds at most. */
export interface PageRequest {
  readonly cursor?: string | undefined;
  readonly limit?: number | undefined;
}

/** A page's cursor read back: its keyset, undefined for the first page, or 400 for a cursor no list gave. */
export const pageCursor = (cursor: string | undefined): Effect.Effect<Keyset | undefined, InvalidInput> => {
  const keyset = decodeKeyset(cursor);
  return keyset === null
    ? Effect.fail(
        new InvalidInput({
          message: "This page link is not valid any more. Start from the newest.",
          fields: { cursor: "This page link is not valid any more." },
        }),
      )
    : Effect.succeed(keyset);
};
