import { Effect } from "effect";
import { HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { partlyUploadedMessage } from "../../domain/media";
import { actorIdOf, type Caller } from "../../domain/shared";
import { SqlError } from "../db/Database";
import { CurrentCaller } from "../web/api/guard";
import { PROBLEM_CONTENT_TYPE } from "../web/api/problems";
import { type MediaApi, uploadProblemBody } from "./api";
import { createDemoDesign } from "./designs";
import { Media, type Uploader } from "./Media";
import { StorageError } from "./MediaStorage";

export const UPLOAD_SUCCESS_MESSAGE = "Media files have been uploaded to your gallery";

/** Runs an operation as the guard's caller; the database or the file store failing is the server's, answered 500 (never declared). */
const asCaller = <A, E, R = never>(operation: (media: Media["Service"], caller: Caller) => Effect.Effect<A, E | SqlError | StorageError, R>) =>
  Effect.gen(function* () {
    return yield* operation(yield* Media, yield* CurrentCaller);
  }).pipe(
    Effect.catchIf((error): error is SqlError | StorageError => error instanceof SqlError || error instanceof StorageError, Effect.die),
  ) as Effect.Effect<A, Exclude<E, SqlError | StorageError>, R | Media | CurrentCaller>;

const uploaderOf = (caller: Caller): Uploader => ({
  userId: actorIdOf(caller.actor) ?? "",
  workspaceId: caller.workspaceId,
  tier: caller.plan,
});

/** The media library's operations (./api.ts) on the Media service. */
export const mediaHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof MediaApi>) =>
  handlers
    .handle("list", ({ query }) => asCaller((media, caller) => media.list(caller.workspaceId, query)))
    .handle("get", ({ params }) => asCaller((media, caller) => media.get(caller.workspaceId, params.id)))
    .handle("upload", ({ query, request }) =>
      asCaller((media, caller) => {
        // The body as it streams in, read by the library's own reader (see the group's comment).
        const source = request.source as Request;
        const length = source.headers.get("content-length");
        return media
          .upload(
            uploaderOf(caller),
            {
              contentType: source.headers.get("content-type"),
              contentLength: length !== null && /^\d+$/.test(length) ? Number(length) : null,
              body: source.body as unknown as AsyncIterable<Uint8Array> | null,
            },
            query.accept,
            caller,
          )
          .pipe(
            Effect.map(({ items, problems }) => ({
              items,
              problems,
              message: problems.length === 0 ? UPLOAD_SUCCESS_MESSAGE : partlyUploadedMessage(items.length, problems),
            })),
            // Over the plan's limit, the rest of the body is not read: the connection closes with the answer.
            Effect.catchIf(
              (error) => error._tag === "UploadRejected" && error.status === 413,
              (error) =>
                Effect.succeed(
                  HttpServerResponse.jsonUnsafe(uploadProblemBody(error as never), {
                    status: 413,
                    contentType: PROBLEM_CONTENT_TYPE,
                    headers: { connection: "close" },
                  }),
                ),
            ),
          );
      }),
    )
    .handle("design", ({ payload }) =>
      asCaller((_media, caller) => Effect.map(createDemoDesign(uploaderOf(caller), payload.template, caller), (item) => ({ url: item.fileUrl, item }))),
    )
    .handle("setTags", ({ params, payload }) =>
      asCaller((media, caller) => media.setTags(caller.workspaceId, params.id, payload.tags, caller, payload.version)),
    )
    .handle("remove", ({ params }) => asCaller((media, caller) => Effect.as(media.remove(caller.workspaceId, params.id, caller), { message: "Media deleted" })));
