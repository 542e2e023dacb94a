import { Effect } from "effect";
import { HttpServerRequest } from "effect/http";
import type { CommandContext } from "../../../domain/shared";
import { EdgeRequest } from "./guard";

/** The context of a command of someone who may not be signed in (signing up, a reset link): a visitor unless a session says who. */
export const edgeContext = Effect.gen(function* () {
  const edge = yield* EdgeRequest;
  const ctx: CommandContext = {
    actor: edge.user ? { kind: "person", userId: edge.user.id } : { kind: "visitor" },
    now: new Date(),
    correlationId: edge.correlationId,
    causationId: null,
  };
  return ctx;
});

/** Who opens a session (Settings › Security shows it): the browser's User-Agent and the address it came from. */
export const clientOfRequest = Effect.gen(function* () {
  const edge = yield* EdgeRequest;
  const request = yield* HttpServerRequest.HttpServerRequest;
  return { userAgent: request.headers["user-agent"] ?? null, ip: edge.clientAddress };
});

/** Whether the request is a plain HTML form's post (no script): such a post is answered with a redirect. */
export const isFormPost = Effect.gen(function* () {
  return ((yield* HttpServerRequest.HttpServerRequest).headers["content-type"] ?? "").includes("form");
});
