import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  createTemplate,
  deleteTemplate,
  replyTemplateStreamId,
  type ReplyTemplateEvent,
  templateDecider,
  type TemplateInput,
  type TemplateState,
  updateTemplate,
} from "../../domain/inbox";
import { type Caller, type CommandContext, type ConcurrencyConflict, type InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";

export interface ReplyTemplate {
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly category: string;
  readonly updatedAt: string;
}

type TemplateError = SqlError | ConcurrencyConflict;

/** Quick reply templates: the inbox's replies and reviews' responses start from them. */
export class ReplyTemplates extends Context.Service<
  ReplyTemplates,
  {
    readonly list: (workspaceId: string) => Effect.Effect<ReadonlyArray<ReplyTemplate>, SqlError>;
    readonly create: (caller: Caller, input: TemplateInput) => Effect.Effect<ReplyTemplate, InvalidInput | TemplateError>;
    readonly update: (caller: Caller, templateId: string, input: TemplateInput) => Effect.Effect<ReplyTemplate, InvalidInput | NotFound | TemplateError>;
    readonly remove: (caller: Caller, templateId: string) => Effect.Effect<void, NotFound | TemplateError>;
  }
>()("app/ReplyTemplates") {
  static layer = Layer.effect(
    ReplyTemplates,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      const onTemplate = <E>(
        templateId: string,
        workspaceId: string,
        decide: (state: TemplateState) => Effect.Effect<ReadonlyArray<ReplyTemplateEvent>, E>,
        ctx: CommandContext,
      ) => handleCommand(replyTemplateStreamId(templateId), templateDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

      type TemplateRow = { id: string; title: string; content: string; category: string; updated_at: Date };
      const templateRows = (workspaceId: string, id?: string) =>
        db.query(
          (sql) => sql<TemplateRow[]>`
            select id, title, content, category, updated_at from reply_templates
            where workspace_id = ${workspaceId} ${id ? sql`and id = ${id}` : sql``} order by category, title, id`,
        );
      const toTemplate = (r: TemplateRow): ReplyTemplate => ({
        id: r.id,
        title: r.title,
        content: r.content,
        category: r.category,
        updatedAt: r.updated_at.toISOString(),
      });
      const templateOf = (workspaceId: string, id: string) =>
        Effect.flatMap(isUuid(id) ? templateRows(workspaceId, id) : Effect.succeed([] as TemplateRow[]), ([row]) =>
          row ? Effect.succeed(toTemplate(row)) : Effect.fail(new NotFound({ what: "template" })),
        );

      return {
        list: (workspaceId: string) => Effect.map(templateRows(workspaceId), (rows) => rows.map(toTemplate)),
        create: Effect.fn("ReplyTemplates.create")(function* (caller: Caller, input: TemplateInput) {
          const templateId = randomUUID();
          yield* onTemplate(templateId, caller.workspaceId, createTemplate({ ...input, templateId, workspaceId: caller.workspaceId }), caller);
          return yield* templateOf(caller.workspaceId, templateId).pipe(Effect.orDie);
        }),
        update: Effect.fn("ReplyTemplates.update")(function* (caller: Caller, templateId: string, input: TemplateInput) {
          yield* templateOf(caller.workspaceId, templateId);
          yield* onTemplate(templateId, caller.workspaceId, updateTemplate(input), caller);
          return yield* templateOf(caller.workspaceId, templateId);
        }),
        remove: Effect.fn("ReplyTemplates.remove")(function* (caller: Caller, templateId: string) {
          yield* templateOf(caller.workspaceId, templateId);
          yield* onTemplate(templateId, caller.workspaceId, deleteTemplate(), caller);
        }),
      };
    }),
  );
}
