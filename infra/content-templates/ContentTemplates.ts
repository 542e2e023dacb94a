import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  contentTemplateDecider,
  type ContentTemplateEvent,
  type ContentTemplateState,
  contentTemplateStreamId,
  createContentTemplate,
  deleteContentTemplate,
  editContentTemplate,
  TEMPLATE_MESSAGES,
  type TemplateReader,
  TEMPLATES_PER_WORKSPACE_MAX,
  useContentTemplate,
} from "../../domain/content-templates";
import { actorIdOf, type Caller, ConcurrencyConflict, Conflict, type Forbidden, type InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { userNamesOf } from "../identity/queries";
import { handleCommand } from "../eventstore/handle";
import { checkLibraryRefs } from "../media/references";

/** A content template as the API answers it (spec engagement §3), with who wrote it and whether the caller may change it. */
export interface ContentTemplate {
  readonly id: string;
  readonly name: string;
  readonly content: string;
  readonly platforms: ReadonlyArray<string>;
  /** Each with its leading #. */
  readonly hashtags: ReadonlyArray<string>;
  readonly mediaUrls: ReadonlyArray<string>;
  /** "Share with team": the whole workspace sees it; otherwise its author alone. */
  readonly isPublic: boolean;
  readonly usageCount: number;
  readonly lastUsedAt: string | null;
  readonly authorId: string;
  readonly authorName: string;
  /** Its author, an owner or an admin may edit and delete it. */
  readonly canChange: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The stream version: send it back with an edit to have a stale copy refused (409). */
  readonly version: number;
}

export interface NewContentTemplate {
  readonly name: string;
  readonly content: string;
  readonly platforms?: ReadonlyArray<string>;
  readonly hashtags?: ReadonlyArray<string>;
  readonly mediaUrls?: ReadonlyArray<string>;
  readonly isPublic?: boolean;
}

export type ContentTemplatePatch = Partial<NewContentTemplate> & {
  /** The version the client last saw; another one answers 409 instead of overwriting. */
  readonly version?: number;
};

interface TemplateRow {
  id: string;
  author_id: string;
  author_name: string | null;
  name: string;
  content: string;
  platforms: string[];
  hashtags: string[];
  media_urls: string[];
  is_public: boolean;
  usage_count: number;
  last_used_at: Date | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** The person acting on templates, as the rules read them. */
export const readerOf = (caller: Caller): TemplateReader => ({ workspaceId: caller.workspaceId, userId: actorIdOf(caller.actor) ?? "", role: caller.role });

const toTemplate =
  (reader: TemplateReader) =>
  (row: TemplateRow): ContentTemplate => ({
    id: row.id,
    name: row.name,
    content: row.content,
    platforms: row.platforms,
    hashtags: row.hashtags,
    mediaUrls: row.media_urls,
    isPublic: row.is_public,
    usageCount: row.usage_count,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    authorId: row.author_id,
    authorName: row.author_name ?? "A former member",
    canChange: row.author_id === reader.userId || reader.role === "owner" || reader.role === "admin",
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  });

type TemplateError = SqlError | ConcurrencyConflict;
/** Uses of one template by several people at once: each is counted (a use states no version, so deciding again is safe). */
const USE_RETRIES = 5;

export class ContentTemplates extends Context.Service<
  ContentTemplates,
  {
    /** The templates the caller sees: their own and the team's, last changed first. */
    readonly list: (reader: TemplateReader) => Effect.Effect<ReadonlyArray<ContentTemplate>, SqlError>;
    readonly get: (reader: TemplateReader, id: string) => Effect.Effect<ContentTemplate, NotFound | SqlError>;
    readonly create: (caller: Caller, input: NewContentTemplate) => Effect.Effect<ContentTemplate, InvalidInput | Conflict | NotFound | TemplateError>;
    readonly update: (
      caller: Caller,
      id: string,
      patch: ContentTemplatePatch,
    ) => Effect.Effect<ContentTemplate, InvalidInput | NotFound | Forbidden | TemplateError>;
    readonly remove: (caller: Caller, id: string) => Effect.Effect<void, NotFound | Forbidden | TemplateError>;
    /** Counts a use (spec §7 POST /use) and answers the template, to copy into the compose window. */
    readonly use: (caller: Caller, id: string) => Effect.Effect<ContentTemplate, NotFound | TemplateError>;
  }
>()("app/ContentTemplates") {
  static layer = Layer.effect(
    ContentTemplates,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      /** The templates with their authors' names (identity's answer; a blank name is none). */
      const select = (reader: TemplateReader, id?: string) =>
        Effect.gen(function* () {
          const rows = yield* db.query(
            (sql) => sql<Omit<TemplateRow, "author_name">[]>`
              select t.id, t.author_id, t.name, t.content,
                     t.platforms, t.hashtags, t.media_urls, t.is_public, t.usage_count, t.last_used_at, t.created_at, t.updated_at, t.version
              from content_templates t
              where t.workspace_id = ${reader.workspaceId} and (t.is_public or t.author_id = ${reader.userId || null})
                ${id ? sql`and t.id = ${id}` : sql``}
              order by t.updated_at desc, t.id`,
          );
          const names = yield* userNamesOf([...new Set(rows.map((t) => t.author_id))]).pipe(Effect.provideService(Database, db));
          return rows.map((t): TemplateRow => ({ ...t, author_name: names.get(t.author_id) || null }));
        });

      const list = (reader: TemplateReader) => Effect.map(select(reader), (rows) => rows.map(toTemplate(reader)));

      const get = (reader: TemplateReader, id: string) =>
        isUuid(id)
          ? Effect.flatMap(select(reader, id), ([row]) => (row ? Effect.succeed(toTemplate(reader)(row)) : Effect.fail(new NotFound({ what: "template" }))))
          : Effect.fail(new NotFound({ what: "template" }));

      const onTemplate = <E>(
        id: string,
        decide: (state: ContentTemplateState) => Effect.Effect<ReadonlyArray<ContentTemplateEvent>, E>,
        caller: Caller,
        expectedVersion?: number,
      ) =>
        Effect.andThen(
          isUuid(id) ? Effect.void : Effect.fail(new NotFound({ what: "template" })),
          handleCommand(contentTemplateStreamId(id), contentTemplateDecider, decide, { ctx: caller, workspaceId: caller.workspaceId, expectedVersion }).pipe(
            Effect.provideService(EventStore, store),
          ),
        );

      /** A template's media are files of the workspace's library (or on the web): another's answers 404 naming `mediaUrls`. */
      const mediaOfWorkspace = (caller: Caller, refs: ReadonlyArray<string>, kept?: ReadonlyArray<string>) =>
        checkLibraryRefs(caller.workspaceId, refs, "mediaUrls", kept).pipe(Effect.provideService(Database, db));

      /** Creations of one workspace take turns, so the count holds until commit. */
      const lockWorkspace = (workspaceId: string) =>
        db.query((sql) => sql`select pg_advisory_xact_lock(hashtextextended(${`content-templates:${workspaceId}`}, 0))`);

      const create = Effect.fn("ContentTemplates.create")(function* (caller: Caller, input: NewContentTemplate) {
        const reader = readerOf(caller);
        const id = randomUUID();
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* lockWorkspace(caller.workspaceId);
            const [{ count }] = yield* db.query(
              (sql) => sql<{ count: number }[]>`select count(*)::int as count from content_templates where workspace_id = ${caller.workspaceId}`,
            );
            if (count >= TEMPLATES_PER_WORKSPACE_MAX) return yield* new Conflict({ message: TEMPLATE_MESSAGES.tooMany });
            yield* mediaOfWorkspace(caller, input.mediaUrls ?? []);
            yield* onTemplate(id, createContentTemplate({ ...input, templateId: id, workspaceId: caller.workspaceId, authorId: reader.userId }), caller);
          }),
        );
        return yield* get(reader, id);
      });

      const update = Effect.fn("ContentTemplates.update")(function* (caller: Caller, id: string, patch: ContentTemplatePatch) {
        const { version, ...changes } = patch;
        const reader = readerOf(caller);
        if (changes.mediaUrls) yield* mediaOfWorkspace(caller, changes.mediaUrls, (yield* get(reader, id)).mediaUrls);
        yield* onTemplate(id, editContentTemplate({ reader, changes }), caller, version);
        return yield* get(reader, id);
      });

      const remove = Effect.fn("ContentTemplates.remove")(function* (caller: Caller, id: string) {
        yield* onTemplate(id, deleteContentTemplate({ reader: readerOf(caller) }), caller);
      });

      const use = Effect.fn("ContentTemplates.use")(function* (caller: Caller, id: string) {
        const reader = readerOf(caller);
        yield* onTemplate(id, useContentTemplate({ reader }), caller).pipe(
          Effect.retry({ times: USE_RETRIES, while: (error) => error instanceof ConcurrencyConflict }),
        );
        return yield* get(reader, id);
      });

      return { list, get, create, update, remove, use };
    }),
  );
}
