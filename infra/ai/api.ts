import { Schema, SchemaTransformation } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { AiFailed, AiQuotaReached, AiUnavailable } from "../../domain/ai";
import { AI_MESSAGES } from "../../domain/ai/messages";
import { AddressRefused, AddressUnreadable } from "../../domain/shared";
import { MediaItemSchema } from "../media/api";
import { Guard, InItsWorkspace, InvalidRequest, Requires } from "../web/api/guard";
import { InvalidInputProblem, PROBLEM_CONTENT_TYPE, problem, problemType, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { draftReplySchema, DRAFT_WITH_AI, enhanceContentSchema, generateImageSchema, USE_AI } from "./schemas";

export const AiUnavailableProblem = problem(AiUnavailable, "AI not set up", () => new AiUnavailable());
export const AiQuotaProblem = problem(AiQuotaReached, "AI quota used up", (body) => new AiQuotaReached({ message: body.detail, resetsAt: "" }));
export const AddressRefusedProblem = problem(AddressRefused, "Address refused", (body) => new AddressRefused({ message: body.detail }));
export const AddressUnreadableProblem = problem(AddressUnreadable, "Address unreadable", (body) => new AddressUnreadable({ message: body.detail }));

const AI_FAILED_TITLES = { 502: "AI server failed", 504: "AI server timed out" } as const;

/** The AI server failed (502) or did not answer in time (504): one problem per status, both `ai_failed`. */
const aiFailedProblem = (status: 502 | 504) =>
  Schema.Struct({
    type: Schema.Literal(problemType(AiFailed.code)),
    title: Schema.Literal(AI_FAILED_TITLES[status]),
    status: Schema.Literal(status),
    detail: Schema.String,
    code: Schema.Literal(AiFailed.code),
  }).pipe(
    Schema.decodeTo(
      Schema.toType(AiFailed).check(Schema.makeFilter((error) => error.status === status)),
      SchemaTransformation.transform<AiFailed, any>({
        decode: (body) => new AiFailed({ status, message: body.detail, detail: "" }),
        // `detail` of the error is what the AI server said: for the log only, never the answer.
        encode: (error) => ({ type: problemType(AiFailed.code), title: AI_FAILED_TITLES[status], status, detail: error.message, code: AiFailed.code }),
      }),
    ),
    HttpApiSchema.asJson({ contentType: PROBLEM_CONTENT_TYPE }),
    HttpApiSchema.status(status),
  );

const aiErrors = [InvalidInputProblem, AiUnavailableProblem, AiQuotaProblem, aiFailedProblem(502), aiFailedProblem(504), VersionConflictProblem];

const streamQuery = {
  stream: Schema.optional(Schema.String).annotate({ description: "1: the text as it is written, like `Accept: text/event-stream`." }),
};

const streamed = (field: string) =>
  `With \`Accept: text/event-stream\` (or \`?stream=1\`) the text comes as it is written: SSE \`delta\` events ({text}), then \`done\` with {${field}}, or \`error\` with the problem. A refusal before the first piece is the plain answer.`;

/** A text the AI wrote: the JSON answer, or (asked for) the same text streamed as Server-Sent Events. */
const textAnswer = <F extends string>(field: F) =>
  [Schema.Struct({ [field]: Schema.String } as Record<F, typeof Schema.String>), Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/event-stream" }))] as const;

/**
 * AI help (writing, images, reply drafts) and this month's use, declared once; compose's AI
 * buttons, Draft with AI and the usage meter call them through the typed client (the streamed
 * texts through an EventSource-like reader of the same operation). ./api-handlers.ts serves them.
 */
export class AiApi extends HttpApiGroup.make("ai")
  .add(
    HttpApiEndpoint.post("enhance", "/api/ai/enhance-content", {
      query: streamQuery,
      payload: zodPayload(enhanceContentSchema, "EnhanceContent"),
      success: textAnswer("enhancedContent"),
      error: aiErrors,
    })
      .annotate(Requires, USE_AI)
      .annotate(
        OpenApi.Description,
        `The post's text written again (generate, shorten, expand, casual, formal, hook, cta), fitted to the smallest chosen platform's limit. ${streamed("enhancedContent")} 400 with no content; 503 with no AI server; 429 over the plan's monthly quota; 502/504 when the AI server fails or does not answer in time.`,
      ),
    HttpApiEndpoint.post("draftReply", "/api/ai/draft-reply", {
      query: streamQuery,
      payload: zodPayload(draftReplySchema, "DraftReply"),
      success: textAnswer("draft"),
      error: aiErrors,
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, DRAFT_WITH_AI)
      .annotate(
        OpenApi.Description,
        `A reply to a message, comment or review for a person to edit and send (nothing is sent). \`workspaceId\`: the workspace of what is answered when it is another of the agency's (a client's review in the list across clients): drafted there, with the person's role there (404 if they may not reach it). ${streamed("draft")}`,
      ),
    HttpApiEndpoint.post("generateImage", "/api/ai/generate-image", {
      payload: zodPayload(generateImageSchema, "GenerateImage"),
      success: Schema.Struct({ url: Schema.String, item: MediaItemSchema }).pipe(HttpApiSchema.status(201)),
      error: [...aiErrors, AddressRefusedProblem, AddressUnreadableProblem],
    })
      .annotate(Requires, USE_AI)
      .annotate(OpenApi.Description, `An image made from the post's text, saved in the media library (thumbnail, dimensions): 201 with \`url\`, what the post attaches. 400 "${AI_MESSAGES.promptRequired}".`),
    HttpApiEndpoint.get("usage", "/api/ai/usage", {
      success: Schema.Struct({
        month: Schema.String,
        resetsAt: Schema.String,
        configured: Schema.Boolean,
        text: Schema.Struct({ used: Schema.Number, quota: Schema.Number }),
        images: Schema.Struct({ used: Schema.Number, quota: Schema.Number }),
      }).annotate({ identifier: "AiUsage" }),
    }).annotate(OpenApi.Description, "This month's AI use against the plan's quota, and when it resets."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "AI help") {}
