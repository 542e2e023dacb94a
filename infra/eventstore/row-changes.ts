import { Effect } from "effect";
import type { ReadModelTable, Row, RowChange } from "../../domain/shared";
import { Database, type Sql } from "../db/Database";

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

const whereKey = (sql: Sql, key: Row) =>
  Object.entries(key).reduce<ReturnType<Sql>>(
    (condition, [column, value], index) =>
      index === 0 ? sql`${sql(column)} = ${value as never}` : sql`${condition} and ${sql(column)} = ${value as never}`,
    sql``,
  );

/** Writes changes one statement each, in order: the live path, one event at a time. */
export const writeChanges = (changes: ReadonlyArray<RowChange>) =>
  Database.use((db) =>
    Effect.forEach(
      changes,
      (change) =>
        db.query((sql) => {
          if ("insert" in change) return sql`insert into ${sql(change.table)} ${sql(change.insert as Record<string, never>)}`;
          if ("set" in change) {
            return sql`update ${sql(change.table)} set ${sql(change.set as Record<string, never>)} where ${whereKey(sql, change.update)}`;
          }
          return sql`delete from ${sql(change.table)} where ${whereKey(sql, change.delete)}`;
        }),
      { discard: true },
    ),
  );

/** The net effect of a run of changes on one row. */
type Net =
  | { readonly kind: "insert"; readonly row: Row }
  | { readonly kind: "update"; readonly key: Row; readonly set: Row }
  | { readonly kind: "delete"; readonly key: Row }
  | { readonly kind: "replace"; readonly key: Row; readonly row: Row };

class CannotMerge extends Error {}

const keyOf = (table: ReadModelTable, values: Row) => table.key.map((column) => values[column]);

/**
 * Folds changes, in order, into one net change per row: an insert followed by updates is one insert
 * of the final row, and so on. Throws CannotMerge on a sequence that could not have succeeded one by
 * one (two inserts of a row), leaving it to the statement-by-statement path to report.
 */
export const mergeChanges = (tables: ReadonlyArray<ReadModelTable>, changes: ReadonlyArray<RowChange>) => {
  const byTable = new Map(tables.map((table) => [table.name, new Map<string, Net>()]));
  const specs = new Map(tables.map((table) => [table.name, table]));
  for (const change of changes) {
    const table = specs.get(change.table);
    const rows = byTable.get(change.table);
    if (!table || !rows) throw new CannotMerge(`table ${change.table} is not the projection's`);
    const values = "insert" in change ? change.insert : "set" in change ? change.update : change.delete;
    const keyValues = keyOf(table, values);
    const id = JSON.stringify(keyValues);
    const key = Object.fromEntries(table.key.map((column, i) => [column, keyValues[i]]));
    const before = rows.get(id);
    if ("insert" in change) {
      if (!before) rows.set(id, { kind: "insert", row: change.insert });
      else if (before.kind === "delete") rows.set(id, { kind: "replace", key, row: change.insert });
      else throw new CannotMerge(`${change.table} ${id} inserted twice`);
    } else if ("set" in change) {
      if (!before) rows.set(id, { kind: "update", key, set: change.set });
      else if (before.kind === "insert") rows.set(id, { kind: "insert", row: { ...before.row, ...change.set } });
      else if (before.kind === "replace") rows.set(id, { ...before, row: { ...before.row, ...change.set } });
      else if (before.kind === "update") rows.set(id, { kind: "update", key, set: { ...before.set, ...change.set } });
      // An update of a deleted row changes nothing, as it would one by one.
    } else {
      if (before?.kind === "insert") rows.delete(id);
      else rows.set(id, { kind: "delete", key });
    }
  }
  return tables.map((table) => ({ table, changes: [...byTable.get(table.name)!.values()] }));
};

/** Groups rows by their set of columns: one statement per shape. */
const byShape = <T>(items: ReadonlyArray<T>, columns: (item: T) => ReadonlyArray<string>) => {
  const groups = new Map<string, { columns: ReadonlyArray<string>; items: T[] }>();
  for (const item of items) {
    const cols = [...columns(item)].sort();
    const id = cols.join(",");
    const group = groups.get(id) ?? { columns: cols, items: [] };
    group.items.push(item);
    groups.set(id, group);
  }
  return [...groups.values()];
};

/** Writes merged changes in a few statements per table: deletes (children first), updates, inserts (parents first). */
const writeMerged = (merged: ReturnType<typeof mergeChanges>) =>
  Database.use((db) =>
    Effect.gen(function* () {
      // The rows go as one jsonb parameter (the driver serialises it; dates become ISO text).
      const run = (text: string, rows: ReadonlyArray<Row>) => db.query((sql) => sql.unsafe(text, [rows as never]));
      for (const { table, changes } of [...merged].reverse()) {
        const keys = changes.flatMap((c) => (c.kind === "delete" || c.kind === "replace" ? [c.key] : []));
        if (keys.length === 0) continue;
        const cols = table.key.map(quote).join(", ");
        yield* run(
          `delete from ${quote(table.name)} where (${cols}) in (select ${cols} from jsonb_populate_recordset(null::${quote(table.name)}, $1::jsonb))`,
          keys,
        );
      }
      for (const { table, changes } of merged) {
        const updates = changes.flatMap((c) => (c.kind === "update" ? [{ ...c.set, ...c.key }] : []));
        for (const group of byShape(updates, (row) => Object.keys(row))) {
          const set = group.columns.filter((c) => !table.key.includes(c));
          if (set.length === 0) continue;
          const match = table.key.map((c) => `t.${quote(c)} = d.${quote(c)}`).join(" and ");
          yield* run(
            `update ${quote(table.name)} t set ${set.map((c) => `${quote(c)} = d.${quote(c)}`).join(", ")}
             from jsonb_populate_recordset(null::${quote(table.name)}, $1::jsonb) d where ${match}`,
            group.items,
          );
        }
      }
      for (const { table, changes } of merged) {
        const inserts = changes.flatMap((c) => (c.kind === "insert" || c.kind === "replace" ? [c.row] : []));
        for (const group of byShape(inserts, (row) => Object.keys(row))) {
          const cols = group.columns.map(quote).join(", ");
          yield* run(
            `insert into ${quote(table.name)} (${cols}) select ${cols} from jsonb_populate_recordset(null::${quote(table.name)}, $1::jsonb)`,
            group.items,
          );
        }
      }
    }),
  );

/**
 * Writes a batch of changes (a replay's or a catch-up's) in a few statements. When the merged form
 * fails (a unique value that moved from one row to another within the batch, say), it is rolled
 * back to a savepoint and the changes are written one by one, in order, which is always right.
 * Answers which way it wrote them.
 */
export const writeBatch = (tables: ReadonlyArray<ReadModelTable>, changes: ReadonlyArray<RowChange>) =>
  Database.use((db) =>
    Effect.gen(function* () {
      if (changes.length === 0) return "nothing" as const;
      let merged: ReturnType<typeof mergeChanges> | null = null;
      try {
        merged = mergeChanges(tables, changes);
      } catch (error) {
        if (!(error instanceof CannotMerge)) throw error;
      }
      if (merged) {
        yield* db.query((sql) => sql`savepoint projection_batch`);
        const written = yield* Effect.exit(writeMerged(merged));
        if (written._tag === "Success") {
          yield* db.query((sql) => sql`release savepoint projection_batch`);
          return "merged" as const;
        }
        yield* db.query((sql) => sql`rollback to savepoint projection_batch`);
      }
      yield* writeChanges(changes);
      return "one by one" as const;
    }),
  );
