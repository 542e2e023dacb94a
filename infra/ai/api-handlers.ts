import { Effect } from "effect";
import type { HttpServerRequest, HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { actorIdOf, type Caller } from "../../domain/shared";
import { SqlError } from "../db/Database";
import { callerForItem } from "../identity/reach";
import { Ai, type OnDelta } from "./Ai";
import type { AiApi } from "./api";
import { streamingText } from "./stream";
import { onService } from "../web/api/handlers";

/** Runs an operation as the guard's caller; the database failing, or anything not declared, is the server's (500). */
const asCaller = onService(Ai);

/** Whether the caller asked for the text as it comes: `Accept: text/event-stream` or `?stream=1`. */
const wantsStream = (request: HttpServerRequest.HttpServerRequest, query: { readonly stream?: string | undefined }) =>
  (request.headers.accept ?? "").includes("text/event-stream") || query.stream === "1";

type AiWriteError = Effect.Error<ReturnType<Ai["Service"]["enhance"]>>;

/** A text the AI writes: answered whole, or streamed when asked (./stream.ts). */
const written = <F extends string, E = never, R = never>(
  request: HttpServerRequest.HttpServerRequest,
  query: { readonly stream?: string | undefined },
  field: F,
  write: (ai: Ai["Service"], caller: Caller, onDelta?: OnDelta) => ReturnType<Ai["Service"]["enhance"]>,
  /** Who writes: the guard's caller, or (an operation in its item's workspace) that caller where the item is. */
  acting: (caller: Caller) => Effect.Effect<Caller, E, R> = Effect.succeed,
) =>
  asCaller((ai, current) =>
    Effect.flatMap(acting(current), (caller): Effect.Effect<Record<F, string> | HttpServerResponse.HttpServerResponse, AiWriteError> => {
      const body = (text: string) => ({ [field]: text }) as Record<F, string>;
      if (!wantsStream(request, query)) return Effect.map(write(ai, caller), body);
      const personId = actorIdOf(caller.actor) ?? caller.workspaceId;
      return streamingText(personId, (onDelta) => write(ai, caller, onDelta), body);
    }),
  );

/** The AI operations (./api.ts) on the Ai service. */
export const aiHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof AiApi>) =>
  handlers
    .handle("enhance", ({ request, query, payload }) => written(request, query, "enhancedContent", (ai, caller, onDelta) => ai.enhance(caller, payload, onDelta)))
    .handle("draftReply", ({ request, query, payload }) =>
      written(
        request,
        query,
        "draft",
        (ai, caller, onDelta) => ai.draftReply(caller, { kind: payload.kind, text: payload.text, rating: payload.rating ?? null }, onDelta),
        // Drafted in the workspace of what is answered (a client's review), by the person's role there.
        (caller) => callerForItem(payload.workspaceId ?? caller.workspaceId, "workspace"),
      ),
    )
    .handle("generateImage", ({ payload }) =>
      asCaller((ai, caller) =>
        ai.generateImage(caller, payload).pipe(
          // A failure that is no refusal of ours (a file store's, a library's) is the server's: logged, 500.
          Effect.catchIf((error): error is Error => !("_tag" in error) || error instanceof SqlError, Effect.die),
          Effect.map((item) => ({ url: item.fileUrl, item })),
        ),
      ),
    )
    .handle("usage", () => asCaller((ai, caller) => ai.usage(caller)));
