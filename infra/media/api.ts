import { Schema, SchemaTransformation } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { UploadRejected } from "../../domain/media";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { Page } from "../web/api/page";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, PROBLEM_CONTENT_TYPE, problemType, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { designSchema, mediaListQuerySchema, mediaTagsSchema, uploadQuerySchema } from "./schemas";
import { idOf } from "../web/api/item-id";

/** An item of the media library as the API answers it (`MediaItem` of ./Media). */
export const MediaItemSchema = Schema.Struct({
  id: Schema.String,
  fileUrl: Schema.String,
  thumbnailUrl: Schema.NullOr(Schema.String),
  fileType: Schema.String,
  kind: Schema.Literals(["image", "video"]),
  originalName: Schema.String,
  fileSize: Schema.Number,
  width: Schema.NullOr(Schema.Number),
  height: Schema.NullOr(Schema.Number),
  durationSeconds: Schema.NullOr(Schema.Number),
  tags: Schema.Array(Schema.String),
  uploadedAt: Schema.String,
  version: Schema.Number.annotate({ description: "The stream version: send it back with a change to have a stale copy refused (409)." }),
}).annotate({ identifier: "MediaItem" });

const UploadProblemItem = Schema.Struct({ file: Schema.String, message: Schema.String });

/** A page of the library (the one page shape, `{items, next}`) with how many items match over all pages. */
export const MediaPageSchema = Schema.Struct({
  ...Page(MediaItemSchema, "MediaPageItems").fields,
  total: Schema.Number.annotate({ description: "Items matching the search and filter, over all pages." }),
}).annotate({ identifier: "MediaPage" });

/** The title of each status an upload's refusal may have. */
const UPLOAD_TITLES = { 400: "Upload refused", 413: "Upload too large" } as const;

/** The problem body of a refused upload: `errors.files` as before, and each file with its reason in `problems`. */
export const uploadProblemBody = (error: UploadRejected) => ({
  type: problemType(error.code),
  title: UPLOAD_TITLES[error.status],
  status: error.status,
  detail: error.message,
  code: error.code,
  errors: { files: error.message },
  problems: error.problems,
});

/**
 * An upload refused with `status` (each refusal names its own code: invalid_file, file_too_large...):
 * a problem with `problems`, each file and why.
 */
const uploadRejectedProblem = (status: 400 | 413) =>
  Schema.Struct({
    type: Schema.String,
    title: Schema.Literal(UPLOAD_TITLES[status]),
    status: Schema.Literal(status),
    detail: Schema.String,
    code: Schema.String,
    errors: Schema.Record(Schema.String, Schema.String),
    problems: Schema.Array(UploadProblemItem),
  }).pipe(
    Schema.decodeTo(
      Schema.toType(UploadRejected).check(Schema.makeFilter((error) => error.status === status)),
      SchemaTransformation.transform<UploadRejected, any>({
        decode: (body) => new UploadRejected({ status, code: body.code, message: body.detail, problems: body.problems }),
        encode: (error) => uploadProblemBody(error),
      }),
    ),
    HttpApiSchema.asJson({ contentType: PROBLEM_CONTENT_TYPE }),
    HttpApiSchema.status(status),
  );

const writes = { permission: "manage_posts" } as const;

/**
 * The media library's operations, declared once; the gallery, compose's media dialogs and the
 * Canva dialog call them through the typed client (the upload through XMLHttpRequest, for its
 * progress). ./api-handlers.ts serves them.
 *
 * The upload is declared multipart, but its parts are read by the library's own reader
 * (./multipart.ts) as they stream in, not by the declaration's: the limits are the plan's (file
 * size, count), checked file by file while the body arrives, with each refusal's sentence naming
 * the file; a body past them is refused (413) before its end.
 */
export class MediaApi extends HttpApiGroup.make("media")
  .add(
    HttpApiEndpoint.get("list", "/api/media", {
      query: zodPayload(mediaListQuerySchema, "MediaQuery"),
      success: MediaPageSchema,
      error: InvalidInputProblem,
    }).annotate(
      OpenApi.Description,
      "The workspace's media items, newest first: q searches names and tags, type is all, images or videos; limit 1 to 200 (48), cursor the `next` of the page before.",
    ),
    HttpApiEndpoint.post("upload", "/api/media/upload", {
      query: zodPayload(uploadQuerySchema, "UploadQuery"),
      payload: [
        Schema.Struct({ files: Schema.Unknown.annotate({ description: "One or more files, each an image or a video." }) }).pipe(
          HttpApiSchema.asMultipartStream(),
        ),
        // Anything else reaches the library's reader, which answers why it is not an upload (400).
        Schema.Unknown,
      ],
      success: Schema.Struct({
        items: Schema.Array(MediaItemSchema),
        problems: Schema.Array(UploadProblemItem),
        message: Schema.String,
      }).pipe(HttpApiSchema.status(201)),
      error: [uploadRejectedProblem(400), uploadRejectedProblem(413), InvalidInputProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(
        OpenApi.Description,
        "multipart/form-data, field `files` (one or more): each file that is an image or a video (decided by its bytes) within the plan's size limit is kept; 201 names each other file with its reason in `problems`. None kept: 400 naming each file, or 413 when all are over the limit. `?accept=images` (or `videos`) refuses the other kind.",
      ),
    HttpApiEndpoint.post("design", "/api/media/designs", {
      payload: zodPayload(designSchema, "DesignTemplate"),
      success: Schema.Struct({ url: Schema.String, item: MediaItemSchema }).pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, uploadRejectedProblem(400), uploadRejectedProblem(413), ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "Create Design with Canva (demo): the template's sample design stored in the library like an upload; 201 with `url`, what the post attaches."),
    HttpApiEndpoint.get("get", "/api/media/:id", { params: idOf("media file"), success: MediaItemSchema, error: NotFoundProblem }).annotate(
      OpenApi.Description,
      "One item of the workspace; any other id, another workspace's included, answers 404.",
    ),
    HttpApiEndpoint.put("setTags", "/api/media/:id", {
      params: idOf("media file"),
      payload: zodPayload(mediaTagsSchema, "MediaTags"),
      success: MediaItemSchema,
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "Replaces the item's tags; `version` refuses a stale edit with 409."),
    HttpApiEndpoint.delete("remove", "/api/media/:id", {
      params: idOf("media file"),
      success: Schema.Struct({ message: Schema.String }),
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "Deletes the item and its stored files."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Media library") {}
