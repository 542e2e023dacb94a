import { apiErrorCode, apiErrorMessage } from "./api-client";

/*
 * Writes that state the version they were decided on (publish now, delete, a move): the server refuses
 * one whose item changed since it was read (409, code version_conflict). Apart from api-client so that
 * only the screens that write this way carry it.
 */

/** The error code of a write refused because the post changed since it was read (409). */
export const VERSION_CONFLICT = "version_conflict";

/** What a version conflict says when the server gave no message of its own. */
export const CONFLICT_FALLBACK = "This item was changed by someone else. Reload and try again.";

/**
 * The expected version of a write (publish now, delete, a move): the version of the item as the screen
 * listed it, so that the server refuses the write if someone changed it since. None when the item carries no version.
 */
export const versionedBody = (post: { readonly version?: number | undefined } | undefined): { expectedVersion: number } | undefined =>
  post !== undefined && typeof post.version === "number" && Number.isInteger(post.version) ? { expectedVersion: post.version } : undefined;

/** The server's message when `error` is a version conflict, else null. */
export const conflictMessage = (error: unknown): string | null => (apiErrorCode(error) === VERSION_CONFLICT ? apiErrorMessage(error, CONFLICT_FALLBACK) : null);
