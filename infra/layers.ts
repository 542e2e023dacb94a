import { Effect, Layer } from "effect";
import { SocialAccounts } from "./accounts/SocialAccounts";
import { auditProjection } from "./audit/projection";
import { Passwords } from "./auth/Passwords";
import { Sessions } from "./auth/Sessions";
import { CalendarNotes } from "./calendar/CalendarNotes";
import { Categories } from "./categories/Categories";
import { resolveDatabase } from "./db/connection";
import { Database } from "./db/Database";
import { migrate } from "./db/migrate";
import { EventStore, InlineHandlers } from "./eventstore/EventStore";
import type { Reaction } from "./eventstore/reactions";
import { accountsProjection } from "../domain/accounts";
import { calendarNotesProjection } from "../domain/calendar";
import { postsProjection } from "../domain/publishing";
import { Posts } from "./publishing/Posts";
import { schedulePublicationReaction } from "./publishing/reactions";
import { categoriesProjection } from "../domain/categories";
import { identityProjection } from "../domain/identity";
import type { Projection } from "../domain/shared";
import { Accounts } from "./identity/Accounts";
import { trialEndReaction } from "./identity/reactions";
import { Mailer } from "./mail/Mailer";
import { mediaProjection } from "../domain/media";
import { Media } from "./media/Media";

/** Every read model, in the order a replay feeds them. */
export const projections: ReadonlyArray<Projection> = [
  identityProjection,
  accountsProjection,
  categoriesProjection,
  mediaProjection,
  calendarNotesProjection,
  postsProjection,
  auditProjection,
];
/** Live-only consequences of events (jobs to add), never replayed. */
export const reactions: ReadonlyArray<Reaction> = [trialEndReaction, schedulePublicationReaction];

/** The services of the app on a given database: used by the web server, the worker, the CLI and tests alike. */
export const servicesOn = <E>(database: Layer.Layer<Database, E>) => {
  const store = EventStore.layer.pipe(Layer.provide(Layer.succeed(InlineHandlers, { projections, reactions })));
  const base = Layer.mergeAll(store, Passwords.layer, Sessions.layer, Mailer.layer);
  // One line per module's service.
  const modules = Layer.mergeAll(
    Accounts.layer,
    SocialAccounts.layer,
    Posts.layer,
    Categories.layer,
    Media.layer,
    CalendarNotes.layer,
  );
  return modules.pipe(Layer.provideMerge(base), Layer.provideMerge(database));
};

/** The configured database (DATABASE_URL, or the embedded server of DATA_DIR), migrated. */
export const configuredDatabaseUrl = async () => {
  const database = await resolveDatabase();
  await migrate(database.url);
  return database.url;
};

/** The app's services on the configured database. */
export const AppLayer = servicesOn(Database.layerFrom(Effect.promise(configuredDatabaseUrl)));
