import { Schema } from "effect";
import type { DomainEvent, EventMetadata } from "./events";

/** A module's events: each past-tense type and the schema of its data, in its current version. */
export type EventSchemas = Readonly<Record<string, Schema.Codec<any, any>>>;

/** The union of a module's events, as its decider and projections see them. */
export type EventOf<S extends EventSchemas> = {
  [K in keyof S & string]: DomainEvent<K, S[K]["Type"]>;
}[keyof S & string];

/**
 * Turns a stored event of `fromVersion` into the shape of `fromVersion + 1`. Old events are never
 * rewritten: they are upcast each time they are read. The metadata is there for what the old
 * shape left out and the envelope knows (the workspace, the stream).
 */
export interface Upcaster {
  readonly type: string;
  readonly fromVersion: number;
  readonly upcast: (data: any, envelope: { readonly streamId: string; readonly metadata: EventMetadata }) => unknown;
}

/** A module's event catalogue: the schemas, the current version of each type (1 when absent), and the upcasters to it. */
export interface EventCatalogue<S extends EventSchemas = EventSchemas> {
  readonly schemas: S;
  readonly versions: Readonly<Partial<Record<keyof S & string, number>>>;
  readonly upcasters: ReadonlyArray<Upcaster>;
}

export const defineEvents = <const S extends EventSchemas>(
  schemas: S,
  evolution: {
    readonly versions?: Partial<Record<keyof S & string, number>>;
    readonly upcasters?: ReadonlyArray<Upcaster>;
  } = {},
): EventCatalogue<S> => ({
  schemas,
  versions: evolution.versions ?? ({} as EventCatalogue<S>["versions"]),
  upcasters: evolution.upcasters ?? [],
});

export const eventTypesOf = (catalogue: EventCatalogue): ReadonlyArray<string> => Object.keys(catalogue.schemas);

/** An event's data that its type's schema refuses, or a type no catalogue knows. */
export class UndecodableEvent extends Error {
  constructor(
    readonly type: string,
    readonly reason: string,
  ) {
    super(`Event ${type} cannot be decoded: ${reason}`);
  }
}

/**
 * Reads stored events: upcasts each from its stored version to the current one, then decodes it
 * with its schema. One decoder serves the whole app (every module's catalogue).
 */
export const eventDecoder = (catalogues: ReadonlyArray<EventCatalogue>) => {
  const decoders = new Map<string, (data: unknown) => unknown>();
  const versions = new Map<string, number>();
  const upcasters = new Map<string, Upcaster>();
  for (const catalogue of catalogues) {
    for (const [type, schema] of Object.entries(catalogue.schemas)) {
      decoders.set(type, Schema.decodeUnknownSync(schema as Schema.Codec<unknown, unknown>));
      versions.set(type, (catalogue.versions as Record<string, number | undefined>)[type] ?? 1);
    }
    for (const upcaster of catalogue.upcasters) upcasters.set(`${upcaster.type}@${upcaster.fromVersion}`, upcaster);
  }
  return {
    /** The version new events of this type are written with. */
    versionOf: (type: string): number => versions.get(type) ?? 1,
    decode: (type: string, storedVersion: number, data: unknown, envelope: { readonly streamId: string; readonly metadata: EventMetadata }): unknown => {
      const decode = decoders.get(type);
      if (!decode) throw new UndecodableEvent(type, "no module declares this event type");
      let current = data;
      for (let version = storedVersion; version < (versions.get(type) ?? 1); version++) {
        const upcaster = upcasters.get(`${type}@${version}`);
        if (!upcaster) throw new UndecodableEvent(type, `no upcaster from version ${version}`);
        current = upcaster.upcast(current, envelope);
      }
      try {
        return decode(current);
      } catch (error) {
        throw new UndecodableEvent(type, error instanceof Error ? error.message : String(error));
      }
    },
  };
};

export type EventDecoder = ReturnType<typeof eventDecoder>;
