import type { DomainEvent, RecordedEvent } from "./events";

/** A read-model row, column name to value (Date for timestamps, objects for jsonb). */
export type Row = Readonly<Record<string, unknown>>;

/** What an event does to a read model, as data: the store decides how to write it. */
export type RowChange =
  | { readonly table: string; readonly insert: Row }
  | { readonly table: string; readonly update: Row; readonly set: Row }
  | { readonly table: string; readonly delete: Row };

export const insertRow = (table: string, row: Row): RowChange => ({ table, insert: row });
/** `key` picks the row by its key columns; `set` gives the new values. */
export const updateRow = (table: string, key: Row, set: Row): RowChange => ({ table, update: key, set });
export const deleteRow = (table: string, key: Row): RowChange => ({ table, delete: key });

export interface ReadModelTable {
  readonly name: string;
  /** The columns that identify a row. */
  readonly key: ReadonlyArray<string>;
}

/**
 * A read model kept from events, as a pure function from an event to row changes. Inline
 * projections are written in the transaction of the append (read-your-writes); async ones behind,
 * from a checkpoint. Replays fold a batch of changes per row and write them in a few statements,
 * so `project` must depend on nothing but the event.
 */
export interface Projection<E extends DomainEvent = DomainEvent> {
  readonly name: string;
  readonly kind: "inline" | "async";
  /** The tables it owns, parents before children (foreign keys): emptied and refilled by a rebuild. */
  readonly tables: ReadonlyArray<ReadModelTable>;
  /** Event types it reads, or every event. */
  readonly handles: ReadonlyArray<E["type"]> | "all";
  // Method syntax: a module's projection of its own events serves where any event may come.
  project(event: RecordedEvent<E>): ReadonlyArray<RowChange>;
}

export const handlesEvent = (projection: Pick<Projection, "handles">, type: string): boolean =>
  projection.handles === "all" || (projection.handles as ReadonlyArray<string>).includes(type);
