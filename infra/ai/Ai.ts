import { Context, Effect, Layer } from "effect";
import OpenAI from "openai";
import type { PlatformId } from "../../domain/accounts/platforms";
import {
  AI_IMAGE_STYLE_DEFAULT,
  AI_MESSAGES,
  type AiAction,
  type AiDraftKind,
  AiFailed,
  aiMonthOf,
  type AiPlan,
  type AiPurpose,
  aiQuotaRefusal,
  aiQuotaResetsAt,
  type AiQuotaReached,
  AiUnavailable,
  aiUsageDecider,
  aiUsageStreamId,
  type AiUseKind,
  type ChatMessage,
  cleanModelText,
  DRAFT_MAX_CHARACTERS,
  draftPrompt,
  enhancePrompt,
  fitToLimit,
  imagePrompt,
  recordAiImage,
  recordAiText,
  smallestLimitOf,
} from "../../domain/ai";
import { type AiQuota, aiQuotaOf } from "../../domain/plans";
import { type AddressRefused, type AddressUnreadable, type Caller, type ConcurrencyConflict, InvalidInput } from "../../domain/shared";
import { config } from "../config";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { logger } from "../log";
import { Media, type MediaItem } from "../media/Media";
import { fetchAddress } from "../outbound/outbound";

/** The AI server this process talks to, or null when none is set up (AI_BASE_URL or AI_API_KEY). */
export const aiSettings = (settings = config()) =>
  settings.AI_BASE_URL || settings.AI_API_KEY
    ? {
        baseURL: (settings.AI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, ""),
        apiKey: settings.AI_API_KEY ?? "none",
        model: settings.AI_MODEL,
        imageModel: settings.AI_IMAGE_MODEL,
        timeoutMs: settings.AI_TIMEOUT_MS,
      }
    : null;

/** Whether the AI buttons work on this server (the compose page and the reply boxes ask). */
export const aiConfigured = () => aiSettings() !== null;

/** This month's use against the plan's quota, for Settings. */
export interface AiUsage {
  readonly month: string;
  readonly resetsAt: string;
  readonly configured: boolean;
  readonly text: { readonly used: number; readonly quota: number };
  readonly images: { readonly used: number; readonly quota: number };
}

export interface EnhanceInput {
  readonly content: string;
  readonly action: AiAction;
  readonly platforms: ReadonlyArray<PlatformId>;
}

export interface DraftInput {
  readonly kind: AiDraftKind;
  readonly text: string;
  readonly rating: number | null;
}

type AiError = AiUnavailable | AiFailed | AiQuotaReached | InvalidInput | ConcurrencyConflict | SqlError;
/** Called with each piece of text as the model writes it (streaming). */
export type OnDelta = (text: string) => void;

const failureOf = (error: unknown, message: string): AiFailed => {
  const timedOut = error instanceof OpenAI.APIConnectionTimeoutError || (error instanceof Error && error.name === "AbortError");
  const detail = error instanceof OpenAI.APIError ? `${error.status ?? "no status"}: ${error.message}` : String(error);
  return new AiFailed({ status: timedOut ? 504 : 502, message: timedOut ? AI_MESSAGES.timedOut : message, detail });
};

const periodOf = (caller: Caller): AiPlan => ({ tier: caller.plan, quota: aiQuotaOf(caller.plan), month: aiMonthOf(caller.now) });

/**
 * AI help (issue 15): the compose screen's seven actions, images for the media library and reply
 * drafts, from any OpenAI-compatible server through the `openai` SDK, metered per workspace and
 * calendar month against the plan's quota.
 */
export class Ai extends Context.Service<
  Ai,
  {
    /** The post's text after the action, fitted to the smallest chosen platform; `onDelta` gets the text as it comes. */
    readonly enhance: (caller: Caller, input: EnhanceInput, onDelta?: OnDelta) => Effect.Effect<string, AiError>;
    /** A reply or review response for a person to edit and send. */
    readonly draftReply: (caller: Caller, input: DraftInput, onDelta?: OnDelta) => Effect.Effect<string, AiError>;
    /** An image made from the post's text, saved in the workspace's media library. */
    readonly generateImage: (
      caller: Caller,
      input: { readonly prompt: string; readonly style: string },
    ) => Effect.Effect<MediaItem, AiError | AddressRefused | AddressUnreadable | Error, Media>;
    readonly usage: (caller: Caller) => Effect.Effect<AiUsage, SqlError>;
  }
>()("app/Ai") {
  static layer = Layer.effect(
    Ai,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const settings = aiSettings();
      const client = settings && new OpenAI({ baseURL: settings.baseURL, apiKey: settings.apiKey, timeout: settings.timeoutMs, maxRetries: 1 });

      const configured = () => (settings && client ? Effect.succeed({ settings, client }) : Effect.fail(new AiUnavailable()));

      const usedThisMonth = (workspaceId: string, month: string) =>
        Effect.map(
          db.query((sql) => sql<{ kind: AiUseKind; used: number }[]>`select kind, used from ai_usage where workspace_id = ${workspaceId} and month = ${month}`),
          (rows) => ({ text: rows.find((r) => r.kind === "text")?.used ?? 0, images: rows.find((r) => r.kind === "images")?.used ?? 0 }),
        );

      /** Refuses before calling the model when the month's quota is used up. */
      const withinQuota = (caller: Caller, kind: AiUseKind) =>
        Effect.flatMap(usedThisMonth(caller.workspaceId, aiMonthOf(caller.now)), (used) => {
          const refusal = aiQuotaRefusal(used[kind], kind, periodOf(caller));
          return refusal ? Effect.fail(refusal) : Effect.void;
        });

      const record = (caller: Caller, step: ReturnType<typeof recordAiText>) =>
        handleCommand(aiUsageStreamId(caller.workspaceId, aiMonthOf(caller.now)), aiUsageDecider, step, { ctx: caller, workspaceId: caller.workspaceId }).pipe(
          Effect.provideService(EventStore, store),
          // Two answers of one workspace at once: the later counts on top of the other, read afresh.
          Effect.retry({ times: 5, while: (error) => error._tag === "ConcurrencyConflict" }),
          Effect.asVoid,
        );

      /** One chat completion: streamed to `onDelta` when given, else in one answer. */
      const complete = (messages: ReadonlyArray<ChatMessage>, failedMessage: string, onDelta: OnDelta | undefined) =>
        Effect.flatMap(configured(), ({ settings, client }) =>
          Effect.tryPromise({
            try: async (signal) => {
              const params = { model: settings.model, messages: messages.map((m) => ({ ...m })) };
              if (!onDelta) {
                const answer = await client.chat.completions.create({ ...params, stream: false }, { signal });
                return answer.choices[0]?.message?.content ?? "";
              }
              const stream = await client.chat.completions.create({ ...params, stream: true }, { signal });
              let text = "";
              for await (const chunk of stream) {
                const delta = chunk.choices[0]?.delta?.content ?? "";
                if (delta === "") continue;
                text += delta;
                onDelta(delta);
              }
              return text;
            },
            catch: (error) => failureOf(error, failedMessage),
          }).pipe(
            Effect.flatMap((text) =>
              cleanModelText(text) === ""
                ? Effect.fail(new AiFailed({ status: 502, message: failedMessage, detail: "The model answered no text." }))
                : Effect.succeed(text),
            ),
            Effect.tapError((error) =>
              Effect.sync(() => logger.warn({ status: error.status, detail: error.detail, baseURL: settings.baseURL }, "The AI server failed")),
            ),
          ),
        );

      const checkedText = (text: string, required: string) =>
        text.trim() === "" ? Effect.fail(new InvalidInput({ message: required, fields: { content: required } })) : Effect.void;

      const writeText = (caller: Caller, purpose: AiPurpose, messages: ReadonlyArray<ChatMessage>, limit: number | null, failed: string, onDelta?: OnDelta) =>
        Effect.gen(function* () {
          const { settings } = yield* configured();
          yield* withinQuota(caller, "text");
          const text = fitToLimit(cleanModelText(yield* complete(messages, failed, onDelta)), limit);
          yield* record(caller, recordAiText({ workspaceId: caller.workspaceId, purpose, model: settings.model }, periodOf(caller)));
          return text;
        });

      const enhance = Effect.fn("Ai.enhance")(function* (caller: Caller, input: EnhanceInput, onDelta?: OnDelta) {
        yield* checkedText(input.content, AI_MESSAGES.contentRequired);
        const limit = smallestLimitOf(input.platforms)?.limit ?? null;
        return yield* writeText(caller, input.action, enhancePrompt(input.action, input.content, input.platforms), limit, AI_MESSAGES.enhanceFailed, onDelta);
      });

      const draftReply = Effect.fn("Ai.draftReply")(function* (caller: Caller, input: DraftInput, onDelta?: OnDelta) {
        if (input.text.trim() === "") return yield* new InvalidInput({ message: AI_MESSAGES.textRequired, fields: { text: AI_MESSAGES.textRequired } });
        return yield* writeText(
          caller,
          `draft-${input.kind}`,
          draftPrompt(input.kind, input.text, input.rating),
          DRAFT_MAX_CHARACTERS,
          AI_MESSAGES.draftFailed,
          onDelta,
        );
      });

      /** The image's bytes: in the answer (b64_json), or at the address it gives (fetched like any outside address). */
      const imageBytes = (image: { b64_json?: string | null; url?: string | null } | undefined) => {
        if (image?.b64_json) return Effect.succeed(new Uint8Array(Buffer.from(image.b64_json, "base64")));
        if (!image?.url) return Effect.fail(new AiFailed({ status: 502, message: AI_MESSAGES.imageFailed, detail: "The images API answered no image." }));
        return fetchAddress(image.url, { maxBytes: 20 * 1024 * 1024, timeoutMs: settings?.timeoutMs }).pipe(
          Effect.flatMap((answer) =>
            answer.status >= 200 && answer.status < 300
              ? Effect.succeed(answer.body)
              : Effect.fail(new AiFailed({ status: 502, message: AI_MESSAGES.imageFailed, detail: `The image's address answered ${answer.status}.` })),
          ),
          Effect.mapError((error) =>
            error._tag === "AiFailed" ? error : new AiFailed({ status: 502, message: AI_MESSAGES.imageFailed, detail: error.message }),
          ),
        );
      };

      const generateImage = Effect.fn("Ai.generateImage")(function* (caller: Caller, input: { readonly prompt: string; readonly style: string }) {
        if (input.prompt.trim() === "") return yield* new InvalidInput({ message: AI_MESSAGES.promptRequired, fields: { prompt: AI_MESSAGES.promptRequired } });
        const { settings, client } = yield* configured();
        yield* withinQuota(caller, "images");
        const answer = yield* Effect.tryPromise({
          try: (signal) =>
            client.images.generate(
              { model: settings.imageModel, prompt: imagePrompt(input.prompt, input.style || AI_IMAGE_STYLE_DEFAULT), n: 1, size: "1024x1024" },
              { signal },
            ),
          catch: (error) => failureOf(error, AI_MESSAGES.imageFailed),
        });
        const bytes = yield* imageBytes(answer.data?.[0]);
        const media = yield* Media;
        const userId = caller.actor.kind === "person" ? caller.actor.userId : caller.workspaceId;
        const [item] = yield* media
          .importFiles(
            { userId, workspaceId: caller.workspaceId, tier: caller.plan },
            [{ name: `ai-image-${caller.now.toISOString().slice(0, 10)}.png`, bytes }],
            caller,
          )
          .pipe(
            Effect.mapError((error) =>
              error._tag === "UploadRejected" ? new AiFailed({ status: 502, message: AI_MESSAGES.imageFailed, detail: error.message }) : error,
            ),
          );
        yield* record(caller, recordAiImage({ workspaceId: caller.workspaceId, mediaId: item!.id, model: settings.imageModel }, periodOf(caller)));
        return item!;
      });

      const usage = Effect.fn("Ai.usage")(function* (caller: Caller) {
        const plan = periodOf(caller);
        const used = yield* usedThisMonth(caller.workspaceId, plan.month);
        const quota: AiQuota = plan.quota;
        return {
          month: plan.month,
          resetsAt: aiQuotaResetsAt(plan.month).toISOString(),
          configured: settings !== null,
          text: { used: used.text, quota: quota.text },
          images: { used: used.images, quota: quota.images },
        } satisfies AiUsage;
      });

      return { enhance, draftReply, generateImage, usage };
    }),
  );
}
