import { Schema } from "effect";

/**
 * An upload refused as a whole (nothing of it is kept): files that are not images or videos (400),
 * too large for the plan (413), or a request that is not a readable upload (400). `problems` names
 * each file and what is wrong with it.
 */
export class UploadRejected extends Schema.TaggedError<UploadRejected>()("UploadRejected", {
  status: Schema.Literals([400, 413]),
  code: Schema.String,
  message: Schema.String,
  problems: Schema.Array(Schema.Struct({ file: Schema.String, message: Schema.String })),
}) {
  // Each refusal says its own status and code; these are the usual ones.
  static readonly status = 400;
  static readonly code = "upload_rejected";
}
