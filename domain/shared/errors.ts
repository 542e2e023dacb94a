import { Schema } from "effect";

/**
 * Every error a person can act on carries its HTTP status and a stable code, and its `message` is
 * the sentence to show. The edge answers `{ error: { code, message, fields? } }` from these alone.
 */
export interface HttpErrorClass {
  readonly status: number;
  readonly code: string;
}

/** Another writer appended to the stream first (HTTP 409). */
export class ConcurrencyConflict extends Schema.TaggedError<ConcurrencyConflict>()("ConcurrencyConflict", {
  streamId: Schema.String,
  expected: Schema.String,
  actual: Schema.Number,
}) {
  static readonly status = 409;
  static readonly code = "version_conflict";
  static readonly userMessage = "This item was changed by someone else. Reload and try again.";
  override get message() {
    return ConcurrencyConflict.userMessage;
  }
}

/**
 * The thing does not exist for this caller (HTTP 404); another workspace's id answers the same.
 * `fields`: the field of the request that named it (a post's `media`), with the sentence.
 */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  what: Schema.String,
  fields: Schema.optional(Schema.Record(Schema.String, Schema.String)),
}) {
  static readonly status = 404;
  static readonly code = "not_found";
  /** A request's field named an item that is not the caller's workspace's: the 404 says which field. */
  static inField(what: string, field: string) {
    return new NotFound({ what, fields: { [field]: notFoundSentence(what) } });
  }
  override get message() {
    return notFoundSentence(this.what);
  }
}

// Another workspace's id reads the same as a deleted one: nothing tells them apart.
const notFoundSentence = (what: string) => `This ${what} does not exist, or was deleted.`;

/** Input a person must correct (HTTP 400), with per-field messages. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  message: Schema.String,
  fields: Schema.optional(Schema.Record(Schema.String, Schema.String)),
}) {
  static readonly status = 400;
  static readonly code = "invalid_input";
}

/** The caller's role does not allow it (HTTP 403). */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", {
  message: Schema.String,
}) {
  static readonly status = 403;
  static readonly code = "forbidden";
}

/** The state forbids it (HTTP 409), e.g. an email already registered. */
export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", {
  message: Schema.String,
}) {
  static readonly status = 409;
  static readonly code = "conflict";
}

/** The plan does not allow it: a feature it lacks or a limit reached (HTTP 403 with the plan's message). */
export class PlanLimitReached extends Schema.TaggedError<PlanLimitReached>()("PlanLimitReached", {
  message: Schema.String,
}) {
  static readonly status = 403;
  static readonly code = "plan_limit";
}

/** A platform refused or could not be reached while connecting an account (HTTP 400 with its reason). */
export class ConnectionFailed extends Schema.TaggedError<ConnectionFailed>()("ConnectionFailed", {
  message: Schema.String,
}) {
  static readonly status = 400;
  static readonly code = "connection_failed";
}

/** An address a person gave is one this server does not fetch: not http(s), or on a private or reserved network (HTTP 400). */
export class AddressRefused extends Schema.TaggedError<AddressRefused>()("AddressRefused", {
  message: Schema.String,
}) {
  static readonly status = 400;
  static readonly code = "address_refused";
}

/** An address a person gave could not be read: no such host, no answer in time, too large (HTTP 422 with the reason). */
export class AddressUnreadable extends Schema.TaggedError<AddressUnreadable>()("AddressUnreadable", {
  message: Schema.String,
}) {
  static readonly status = 422;
  static readonly code = "address_unreadable";
}

/** The errors every module may raise; a module lists its own in its description. */
export const SHARED_ERRORS = [
  ConcurrencyConflict,
  NotFound,
  InvalidInput,
  Forbidden,
  Conflict,
  PlanLimitReached,
  ConnectionFailed,
  AddressRefused,
  AddressUnreadable,
] as const;
