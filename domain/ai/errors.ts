import { Schema } from "effect";
import { AI_MESSAGES } from "./rules";

/** No AI server is set up here (AI_BASE_URL or AI_API_KEY unset): HTTP 503 with the compose screen's sentence. */
export class AiUnavailable extends Schema.TaggedError<AiUnavailable>()("AiUnavailable", {}) {
  static readonly status = 503;
  static readonly code = "ai_unavailable";
  override get message() {
    return AI_MESSAGES.unavailable;
  }
}

/** The AI server failed (502) or did not answer in time (504): the sentence of the call's toast. */
export class AiFailed extends Schema.TaggedError<AiFailed>()("AiFailed", {
  status: Schema.Literals([502, 504]),
  message: Schema.String,
  /** What the server said, for the log only. */
  detail: Schema.String,
}) {
  static readonly status = 502;
  static readonly code = "ai_failed";
}

/** The plan's monthly AI quota is used up (HTTP 429 with when it resets). */
export class AiQuotaReached extends Schema.TaggedError<AiQuotaReached>()("AiQuotaReached", {
  message: Schema.String,
  resetsAt: Schema.String,
}) {
  static readonly status = 429;
  static readonly code = "ai_quota_reached";
}
