import { Schema } from "effect";

/** Another writer appended to the stream first (HTTP 409). */
export class ConcurrencyConflict extends Schema.TaggedError<ConcurrencyConflict>()("ConcurrencyConflict", {
  streamId: Schema.String,
  expected: Schema.String,
  actual: Schema.Number,
}) {
  static readonly userMessage = "This item was changed by someone else. Reload and try again.";
}

/** The thing does not exist for this caller (HTTP 404); another workspace's id answers the same. */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  what: Schema.String,
}) {}

/** Input a person must correct (HTTP 400 or 422), with per-field messages. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  message: Schema.String,
  fields: Schema.optional(Schema.Record(Schema.String, Schema.String)),
}) {}

/** The caller may not do this (HTTP 403). */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", {
  message: Schema.String,
}) {}

/** The state forbids it (HTTP 409), e.g. an email already registered. */
export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", {
  message: Schema.String,
}) {}

/** The plan does not allow it (HTTP 403 with the plan's message). */
export class PlanLimitReached extends Schema.TaggedError<PlanLimitReached>()("PlanLimitReached", {
  message: Schema.String,
}) {}

/** A platform refused or could not be reached while connecting an account (HTTP 400 with its reason). */
export class ConnectionFailed extends Schema.TaggedError<ConnectionFailed>()("ConnectionFailed", {
  message: Schema.String,
}) {}
