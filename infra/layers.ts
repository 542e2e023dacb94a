import { Effect, Layer } from "effect";
import type { EventCatalogue } from "../domain/shared";
import { Passwords } from "./auth/Passwords";
import { Sessions } from "./auth/Sessions";
import { resolveDatabase } from "./db/connection";
import { Database } from "./db/Database";
import { migrate } from "./db/migrate";
import { BatchedAppends } from "./eventstore/BatchedAppends";
import { EventStore, InlineHandlers } from "./eventstore/EventStore";
import { Mailer } from "./mail/Mailer";
import { ModuleCatalogue } from "./eventstore/catalogue";
import { auditKinds, modulesLayer, projections, reactions, storedEventsLayer } from "./modules";

/** The services of the app on a given database: used by the web server, the worker, the CLI and tests alike. */
export const servicesOn = <E>(database: Layer.Layer<Database, E>, options: { readonly moreEvents?: ReadonlyArray<EventCatalogue> } = {}) => {
  const store = EventStore.layer.pipe(Layer.provide(Layer.succeed(InlineHandlers, { projections, reactions })), Layer.provideMerge(storedEventsLayer(options.moreEvents)));
  const catalogue = Layer.succeed(ModuleCatalogue, { projections, auditKinds });
  const shared = Layer.mergeAll(store, BatchedAppends.layer.pipe(Layer.provide(store)), Passwords.layer, Sessions.layer, Mailer.layer, catalogue);
  return modulesLayer.pipe(Layer.provideMerge(shared), Layer.provideMerge(database));
};

/** The configured database (DATABASE_URL, or the embedded server of DATA_DIR), migrated. */
export const configuredDatabaseUrl = async () => {
  const database = await resolveDatabase();
  await migrate(database.url);
  return database.url;
};

/** The app's services on the configured database. */
export const AppLayer = servicesOn(Database.layerFrom(Effect.promise(configuredDatabaseUrl)));
