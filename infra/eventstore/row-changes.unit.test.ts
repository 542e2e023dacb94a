import { describe, expect, it } from "vitest";
import { deleteRow, insertRow, updateRow } from "../../domain/shared";
import { mergeChanges } from "./row-changes";

const tables = [
  { name: "parents", key: ["id"] },
  { name: "children", key: ["parent_id", "n"] },
];

describe("merging a batch of row changes", () => {
  it("folds an insert and its updates into one insert of the final row", () => {
    const merged = mergeChanges(tables, [
      insertRow("parents", { id: 1, name: "a", active: false }),
      updateRow("parents", { id: 1 }, { active: true }),
      updateRow("parents", { id: 1 }, { name: "b" }),
    ]);
    expect(merged[0].changes).toEqual([{ kind: "insert", row: { id: 1, name: "b", active: true } }]);
  });

  it("folds updates of an existing row into one update, later values winning", () => {
    const merged = mergeChanges(tables, [
      updateRow("parents", { id: 2 }, { name: "x", seen: 1 }),
      updateRow("parents", { id: 2 }, { name: "y" }),
    ]);
    expect(merged[0].changes).toEqual([{ kind: "update", key: { id: 2 }, set: { name: "y", seen: 1 } }]);
  });

  it("drops a row inserted and deleted in the same batch, and replaces one deleted then inserted", () => {
    const merged = mergeChanges(tables, [
      insertRow("parents", { id: 3 }),
      deleteRow("parents", { id: 3 }),
      deleteRow("parents", { id: 4 }),
      insertRow("parents", { id: 4, name: "again" }),
    ]);
    expect(merged[0].changes).toEqual([{ kind: "replace", key: { id: 4 }, row: { id: 4, name: "again" } }]);
  });

  it("keys rows by every key column", () => {
    const merged = mergeChanges(tables, [
      insertRow("children", { parent_id: 1, n: 1, v: "a" }),
      insertRow("children", { parent_id: 1, n: 2, v: "b" }),
      updateRow("children", { parent_id: 1, n: 2 }, { v: "c" }),
    ]);
    expect(merged[1].changes).toEqual([
      { kind: "insert", row: { parent_id: 1, n: 1, v: "a" } },
      { kind: "insert", row: { parent_id: 1, n: 2, v: "c" } },
    ]);
  });

  it("refuses what could not succeed one by one", () => {
    expect(() => mergeChanges(tables, [insertRow("parents", { id: 5 }), insertRow("parents", { id: 5 })])).toThrow();
    expect(() => mergeChanges(tables, [insertRow("strangers", { id: 1 })])).toThrow();
  });
});
