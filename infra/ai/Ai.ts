import { randomUUID } from "node:crypto";
import { Context, Effect, Exit, Layer } from "effect";
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
  aiQuotaResetsAt,
  type AiQuotaReached,
  type AiReleaseReason,
  aiReservationExpiry,
  AiUnavailable,
  type AiUsageEvent,
  type AiUsageState,
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
  releaseAiUse,
  reserveAiUse,
  smallestLimitOf,
} from "../../domain/ai";
import { type AiQuota, aiQuotaOf } from "../../domain/plans";
import { actorIdOf, type AddressRefused, type AddressUnreadable, type Caller, ConcurrencyConflict, InvalidInput } from "../../domain/shared";
import { config } from "../config";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { type DecideStep, handleCommand } from "../eventstore/handle";
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

/** A place reserved in a month's quota for one call. */
interface Reserved {
  readonly id: string;
  readonly month: string;
  readonly kind: AiUseKind;
}

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

      /**
       * A command on the workspace's usage stream for the month. Its writers take turns (a lock held
       * to the transaction's end), so parallel calls are decided one after the other on the version
       * they read; a writer that skipped the turn (an older process during a deploy) makes the append
       * conflict, and handleCommand decides again on the stream read afresh.
       */
      const onUsage = <E>(caller: Caller, month: string, step: DecideStep<AiUsageState, AiUsageEvent, E>) =>
        db
          .withTransaction(
            Effect.andThen(
              db.query((sql) => sql`select pg_advisory_xact_lock(hashtextextended(${`ai-usage:${caller.workspaceId}:${month}`}, 0))`),
              handleCommand(aiUsageStreamId(caller.workspaceId, month), aiUsageDecider, step, { ctx: caller, workspaceId: caller.workspaceId }),
            ),
          )
          .pipe(Effect.provideService(EventStore, store));

      /**
       * Runs `use` in a place of the month's quota reserved before it starts: refused (429 with when
       * the quota resets) when the month's uses and the calls in flight fill it, so the model is never
       * called past the quota. `use` records the answer in that place; a failure, a time-out or a
       * reader who leaves (an interruption) releases it. A process that dies holding one leaves it to
       * expire (AI_TIMEOUT_MS and a margin).
       */
      const metered = <A, E, R>(caller: Caller, kind: AiUseKind, purpose: AiPurpose, timeoutMs: number, use: (reserved: Reserved) => Effect.Effect<A, E, R>) =>
        Effect.acquireUseRelease(
          Effect.gen(function* () {
            const reserved: Reserved = { id: randomUUID(), month: aiMonthOf(caller.now), kind };
            const expiresAt = aiReservationExpiry(caller.now, timeoutMs);
            yield* onUsage(
              caller,
              reserved.month,
              reserveAiUse({ workspaceId: caller.workspaceId, reservationId: reserved.id, kind, purpose, now: caller.now, expiresAt }, periodOf(caller)),
            );
            return reserved;
          }),
          use,
          (reserved, exit) => (Exit.isSuccess(exit) ? Effect.void : release(caller, reserved, Exit.hasInterrupts(exit) ? "left" : "failed")),
        );

      /** Gives a reserved place back; when that cannot be written, the reservation still expires on its own. */
      const release = (caller: Caller, reserved: Reserved, reason: AiReleaseReason) =>
        onUsage(caller, reserved.month, releaseAiUse({ workspaceId: caller.workspaceId, month: reserved.month, reservationId: reserved.id, reason })).pipe(
          Effect.asVoid,
          Effect.catchCause((cause) =>
            Effect.sync(() => logger.warn({ cause: String(cause), reservationId: reserved.id }, "An AI reservation could not be released")),
          ),
        );

      /** The model's part of a use (and the image's download) is given up at the time-out, whatever retries the SDK makes. */
      const inTime = <A, E, R>(timeoutMs: number, effect: Effect.Effect<A, E, R>) =>
        Effect.timeoutOrElse(effect, {
          duration: timeoutMs,
          orElse: () => Effect.fail(new AiFailed({ status: 504, message: AI_MESSAGES.timedOut, detail: `No answer within ${timeoutMs} ms.` })),
        });

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
        Effect.flatMap(configured(), ({ settings }) =>
          metered(caller, "text", purpose, settings.timeoutMs, (reserved) =>
            Effect.gen(function* () {
              const text = fitToLimit(cleanModelText(yield* inTime(settings.timeoutMs, complete(messages, failed, onDelta))), limit);
              yield* onUsage(
                caller,
                reserved.month,
                recordAiText({ workspaceId: caller.workspaceId, month: reserved.month, reservationId: reserved.id, purpose, model: settings.model }),
              );
              return text;
            }),
          ),
        );

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
        return yield* metered(caller, "images", "image", settings.timeoutMs, (reserved) =>
          Effect.gen(function* () {
            const bytes = yield* inTime(
              settings.timeoutMs,
              Effect.tryPromise({
                try: (signal) =>
                  client.images.generate(
                    { model: settings.imageModel, prompt: imagePrompt(input.prompt, input.style || AI_IMAGE_STYLE_DEFAULT), n: 1, size: "1024x1024" },
                    { signal },
                  ),
                catch: (error) => failureOf(error, AI_MESSAGES.imageFailed),
              }).pipe(Effect.flatMap((answer) => imageBytes(answer.data?.[0]))),
            );
            const media = yield* Media;
            const userId = actorIdOf(caller.actor) ?? caller.workspaceId;
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
            yield* onUsage(
              caller,
              reserved.month,
              recordAiImage({
                workspaceId: caller.workspaceId,
                month: reserved.month,
                reservationId: reserved.id,
                mediaId: item!.id,
                model: settings.imageModel,
              }),
            );
            return item!;
          }),
        );
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
