import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  addBioLink,
  BIO_MESSAGES,
  BIO_PERIOD_DAYS,
  type BioAnalytics,
  type BioLink,
  type BioLinkFields,
  type BioPage,
  bioPageDecider,
  type BioPageEvent,
  type BioPageState,
  bioPageStreamId,
  type BioPeriod,
  type BioSocialLink,
  type BioTheme,
  defaultBioContent,
  deleteBioLink,
  type EditBioPage,
  editBioLink,
  editBioPage,
  isReservedUsername,
  restoreBioLink,
  usernameFrom,
} from "../../domain/link-in-bio";
import { type Caller, type ConcurrencyConflict, Conflict, type InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { config } from "../config";
import { Database, SqlError, UNIQUE_VIOLATION } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { type DecideStep, handleCommand } from "../eventstore/handle";
import { workspaceOf } from "../identity/queries";
import { checkLibraryRefs } from "../media/references";
import { isWhiteLabelled } from "../team/queries";

/** A page as the public sees it: only its visible links and social links, and whose page it is. */
export interface PublicBioPage extends BioPage {
  readonly username: string;
  readonly workspaceId: string;
  readonly workspaceName: string;
  /** Its agency (the workspace itself, or the agency whose client it is) has a white label on a plan that has one: no "Made with". */
  readonly whiteLabel: boolean;
}

/** Who clicked, as the request tells: hashed with the day's salt, never kept. */
export interface BioVisitor {
  readonly address: string | null;
  readonly userAgent: string | null;
}

export type BioCommandError = InvalidInput | NotFound | Conflict | ConcurrencyConflict | SqlError;
type LinkChanges = Partial<BioLinkFields> & { readonly order?: number };

interface PageRow {
  workspace_id: string;
  username: string | null;
  title: string;
  bio: string;
  profile_image: string | null;
  theme: BioTheme;
  social_links: ReadonlyArray<BioSocialLink>;
  is_published: boolean;
}

interface LinkRow {
  id: string;
  title: string;
  url: string;
  type: BioLink["type"];
  is_visible: boolean;
  clicks: number;
}

const DAY_MS = 24 * 60 * 60_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The public address of a page. */
export const bioPageUrl = (username: string) => new URL(`/bio/${encodeURIComponent(username)}`, config().publicUrl).href;

/**
 * Link in bio (issue 14): each workspace's public page at /bio/{username}, its links in their order,
 * and the clicks on them, counted without cookies.
 */
export class LinkInBio extends Context.Service<
  LinkInBio,
  {
    /** The workspace's page; before its first change, what it starts from. */
    readonly page: (workspaceId: string) => Effect.Effect<BioPage, SqlError>;
    readonly edit: (caller: Caller, input: Omit<EditBioPage, "workspaceId" | "workspaceName">) => Effect.Effect<BioPage, BioCommandError>;
    /** A link at the end of the page (201). */
    readonly addLink: (caller: Caller, fields: BioLinkFields) => Effect.Effect<BioLink, BioCommandError>;
    readonly editLink: (caller: Caller, linkId: string, changes: LinkChanges) => Effect.Effect<BioLink, BioCommandError>;
    readonly deleteLink: (caller: Caller, linkId: string) => Effect.Effect<void, BioCommandError>;
    /** Undoes a delete: back at the end, with its clicks. */
    readonly restoreLink: (caller: Caller, linkId: string) => Effect.Effect<BioLink, BioCommandError>;
    readonly analytics: (workspaceId: string, period: BioPeriod, now: Date) => Effect.Effect<BioAnalytics, SqlError>;
    /** A published page by its username, as visitors see it; null when unknown or unpublished. */
    readonly publicPage: (username: string) => Effect.Effect<PublicBioPage | null, SqlError>;
    /** Counts a click on a visible link of a published page and gives its address; null when there is no such link. */
    readonly click: (username: string, linkId: string, visitor: BioVisitor, now: Date) => Effect.Effect<string | null, SqlError>;
    /** Whether the workspace's page is white-labelled (its agency's brand on a plan that has one): no "Made with". */
    readonly whiteLabel: (workspaceId: string) => Effect.Effect<boolean, SqlError>;
    /** Every published page's username (the sitemap). */
    readonly publishedUsernames: () => Effect.Effect<ReadonlyArray<string>, SqlError>;
  }
>()("app/LinkInBio") {
  static layer = Layer.effect(
    LinkInBio,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      const workspaceName = (workspaceId: string) =>
        workspaceOf(workspaceId).pipe(
          Effect.provideService(Database, db),
          Effect.map((workspace) => workspace?.name ?? "My page"),
        );

      /** The workspace's name made a username, with -2, -3… when another page has it or the site keeps it ("Support" → support-2). */
      const suggestion = (name: string) =>
        Effect.map(
          db.query((sql) => sql<{ username: string }[]>`select username from bio_pages where username like ${`${usernameFrom(name)}%`}`),
          (rows) => {
            const base = usernameFrom(name);
            const taken = new Set(rows.map((r) => r.username));
            let candidate = base;
            for (let n = 2; taken.has(candidate) || isReservedUsername(candidate); n++) candidate = `${base.slice(0, 26)}-${n}`;
            return candidate;
          },
        );

      const linksOf = (workspaceId: string, visibleOnly: boolean) =>
        db.query(
          (sql) => sql<LinkRow[]>`
            select l.id, l.title, l.url, l.type, l.is_visible,
              (select count(*)::int from bio_clicks c where c.link_id = l.id) as clicks
            from bio_links l
            where l.workspace_id = ${workspaceId} and l.deleted_at is null ${visibleOnly ? sql`and l.is_visible` : sql``}
            order by l.position, l.created_at`,
        );

      const linkOf = (row: LinkRow, order: number): BioLink => ({
        id: row.id,
        title: row.title,
        url: row.url,
        type: row.type,
        isVisible: row.is_visible,
        clicks: row.clicks,
        order,
      });

      const pageOf = (row: PageRow | undefined, links: ReadonlyArray<LinkRow>, name: string, suggested: string, visibleOnly: boolean): BioPage => {
        const content = row
          ? { title: row.title, bio: row.bio, profileImage: row.profile_image, theme: row.theme, socialLinks: row.social_links }
          : defaultBioContent(name);
        const username = row?.username ?? null;
        return {
          username,
          suggestedUsername: username ?? suggested,
          ...content,
          socialLinks: visibleOnly ? content.socialLinks.filter((s) => s.isVisible) : content.socialLinks,
          isPublished: row?.is_published ?? false,
          links: links.map(linkOf),
          publicUrl: username ? bioPageUrl(username) : null,
        };
      };

      const pageRow = (by: { readonly workspaceId: string } | { readonly publishedUsername: string }) =>
        Effect.map(
          db.query(
            (sql) => sql<PageRow[]>`
              select workspace_id, username, title, bio, profile_image, theme, social_links, is_published from bio_pages
              where ${"workspaceId" in by ? sql`workspace_id = ${by.workspaceId}` : sql`username = ${by.publishedUsername} and is_published`}`,
          ),
          ([row]) => row,
        );

      const page = Effect.fn("LinkInBio.page")(function* (workspaceId: string) {
        const [row, links, name] = yield* Effect.all([pageRow({ workspaceId }), linksOf(workspaceId, false), workspaceName(workspaceId)]);
        const suggested = row?.username ?? (yield* suggestion(name));
        return pageOf(row, links, name, suggested, false);
      });

      const run = (caller: Caller, step: DecideStep<BioPageState, BioPageEvent, InvalidInput | NotFound | Conflict>) =>
        handleCommand(bioPageStreamId(caller.workspaceId), bioPageDecider, step, { ctx: caller, workspaceId: caller.workspaceId }).pipe(
          Effect.provideService(EventStore, store),
        );

      const usernameTaken = (workspaceId: string, username: string) =>
        Effect.map(
          db.query((sql) => sql<{ one: number }[]>`select 1 as one from bio_pages where username = ${username} and workspace_id <> ${workspaceId}`),
          (rows) => rows.length > 0,
        );

      const edit = Effect.fn("LinkInBio.edit")(function* (caller: Caller, input: Omit<EditBioPage, "workspaceId" | "workspaceName">) {
        const username = input.username?.trim().toLowerCase();
        if (username && (yield* usernameTaken(caller.workspaceId, username))) return yield* new Conflict({ message: BIO_MESSAGES.usernameTaken });
        const image = input.profileImage?.trim();
        // A profile image of the library is one of the workspace's files: another's answers 404 naming the field.
        if (image) {
          const kept = (yield* pageRow({ workspaceId: caller.workspaceId }))?.profile_image;
          yield* checkLibraryRefs(caller.workspaceId, [image], "profileImage", kept ? [kept] : []).pipe(Effect.provideService(Database, db));
        }
        const name = yield* workspaceName(caller.workspaceId);
        yield* run(caller, editBioPage({ ...input, workspaceId: caller.workspaceId, workspaceName: name })).pipe(
          // Two pages choosing the same name at once: the unique index refuses the second, in its append.
          Effect.catchIf(
            (error) => error instanceof SqlError && error.code === UNIQUE_VIOLATION,
            () => Effect.fail(new Conflict({ message: BIO_MESSAGES.usernameTaken })),
          ),
        );
        return yield* page(caller.workspaceId);
      });

      const linkView = (workspaceId: string, linkId: string) =>
        Effect.flatMap(linksOf(workspaceId, false), (links) => {
          const order = links.findIndex((l) => l.id === linkId);
          return order === -1 ? Effect.fail(new NotFound({ what: "link" })) : Effect.succeed(linkOf(links[order]!, order));
        });

      /** Not a link id at all: the same 404 as another workspace's. */
      const linkId = (id: string) => (isUuid(id) ? Effect.succeed(id) : Effect.fail(new NotFound({ what: "link" })));

      const addLink = Effect.fn("LinkInBio.addLink")(function* (caller: Caller, fields: BioLinkFields) {
        const id = randomUUID();
        const name = yield* workspaceName(caller.workspaceId);
        yield* run(caller, addBioLink({ workspaceId: caller.workspaceId, workspaceName: name, linkId: id, ...fields }));
        return yield* linkView(caller.workspaceId, id);
      });

      const editLink = Effect.fn("LinkInBio.editLink")(function* (caller: Caller, id: string, changes: LinkChanges) {
        yield* run(caller, editBioLink(yield* linkId(id), changes));
        return yield* linkView(caller.workspaceId, id);
      });

      const deleteLink = Effect.fn("LinkInBio.deleteLink")(function* (caller: Caller, id: string) {
        yield* run(caller, deleteBioLink(yield* linkId(id)));
      });

      const restoreLink = Effect.fn("LinkInBio.restoreLink")(function* (caller: Caller, id: string) {
        yield* run(caller, restoreBioLink(yield* linkId(id)));
        return yield* linkView(caller.workspaceId, id);
      });

      const analytics = Effect.fn("LinkInBio.analytics")(function* (workspaceId: string, period: BioPeriod, now: Date) {
        const days = BIO_PERIOD_DAYS[period];
        const first = new Date(Date.parse(`${dayOf(now)}T00:00:00Z`) - (days - 1) * DAY_MS);
        const [perDay, top] = yield* Effect.all([
          db.query(
            (sql) => sql<{ day: string; clicks: number; visitors: number }[]>`
              select to_char(clicked_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as clicks, count(distinct visitor)::int as visitors
              from bio_clicks where workspace_id = ${workspaceId} and clicked_at >= ${first}
              group by 1`,
          ),
          db.query(
            (sql) => sql<{ id: string; title: string; clicks: number }[]>`
              select l.id, l.title, count(*)::int as clicks
              from bio_clicks c join bio_links l on l.id = c.link_id
              where c.workspace_id = ${workspaceId} and c.clicked_at >= ${first}
              group by l.id, l.title order by clicks desc, l.title limit 10`,
          ),
        ]);
        const byDay = new Map(perDay.map((d) => [d.day, d]));
        const clicksPerDay = Array.from({ length: days }, (_, i) => {
          const date = dayOf(new Date(first.getTime() + i * DAY_MS));
          const found = byDay.get(date);
          return { date, clicks: found?.clicks ?? 0, uniqueVisitors: found?.visitors ?? 0 };
        });
        return {
          period,
          totalClicks: clicksPerDay.reduce((sum, d) => sum + d.clicks, 0),
          uniqueVisitors: clicksPerDay.reduce((sum, d) => sum + d.uniqueVisitors, 0),
          topLinks: top.map((t) => ({ id: t.id, name: t.title, clicks: t.clicks })),
          clicksPerDay,
        } satisfies BioAnalytics;
      });

      const whiteLabelOf = (workspaceId: string) => isWhiteLabelled(workspaceId).pipe(Effect.provideService(Database, db));

      const publicPage = Effect.fn("LinkInBio.publicPage")(function* (username: string) {
        const row = yield* pageRow({ publishedUsername: username.toLowerCase() });
        if (!row?.username) return null;
        const [links, name, whiteLabel] = yield* Effect.all([linksOf(row.workspace_id, true), workspaceName(row.workspace_id), whiteLabelOf(row.workspace_id)]);
        return {
          ...pageOf(row, links, name, row.username, true),
          username: row.username,
          workspaceId: row.workspace_id,
          workspaceName: name,
          whiteLabel,
        } satisfies PublicBioPage;
      });

      // The day's salt, read or made once per day per process; older ones are deleted as a new day's is made.
      let salt: { readonly day: string; readonly value: Buffer } | null = null;
      const saltOf = (day: string) =>
        salt?.day === day
          ? Effect.succeed(salt.value)
          : Effect.gen(function* () {
              const [made] = yield* db.query(
                (sql) => sql<{ salt: Buffer }[]>`
                  with made as (
                    insert into bio_visitor_salts (day, salt) values (${day}, ${randomBytes(32)}) on conflict (day) do nothing returning salt
                  ), forgotten as (delete from bio_visitor_salts where day < ${day}::date)
                  select salt from made union all select salt from bio_visitor_salts where day = ${day}`,
              );
              // Another process (or request) made the day's salt at the same moment: its insert committed after
              // this statement began, so the statement saw neither its own row nor that one. Read it now.
              const row = made ?? (yield* db.query((sql) => sql<{ salt: Buffer }[]>`select salt from bio_visitor_salts where day = ${day}`))[0]!;
              salt = { day, value: row.salt };
              return row.salt;
            });

      const click = Effect.fn("LinkInBio.click")(function* (username: string, id: string, visitor: BioVisitor, now: Date) {
        if (!isUuid(id)) return null;
        const [link] = yield* db.query(
          (sql) => sql<{ url: string; workspace_id: string }[]>`
            select l.url, l.workspace_id from bio_links l join bio_pages p on p.workspace_id = l.workspace_id
            where p.username = ${username.toLowerCase()} and p.is_published and l.id = ${id} and l.deleted_at is null and l.is_visible`,
        );
        if (!link) return null;
        const visitorHash = createHash("sha256")
          .update(yield* saltOf(dayOf(now)))
          .update(`\0${link.workspace_id}\0${visitor.address ?? ""}\0${visitor.userAgent ?? ""}`)
          .digest();
        yield* db.query(
          (sql) => sql`insert into bio_clicks (workspace_id, link_id, clicked_at, visitor) values (${link.workspace_id}, ${id}, ${now}, ${visitorHash})`,
        );
        return link.url;
      });

      const publishedUsernames = Effect.fn("LinkInBio.publishedUsernames")(function* () {
        const rows = yield* db.query(
          (sql) => sql<{ username: string }[]>`select username from bio_pages where is_published and username is not null order by username`,
        );
        return rows.map((r) => r.username);
      });

      return { page, edit, addLink, editLink, deleteLink, restoreLink, analytics, publicPage, click, publishedUsernames, whiteLabel: whiteLabelOf };
    }),
  );
}
