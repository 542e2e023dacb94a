import { Effect, Exit } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteRow, insertRow, updateRow } from "../../domain/shared";
import { Database } from "../../infra/db/Database";
import { writeBatch, writeChanges } from "../../infra/eventstore/row-changes";
import { createTestApp } from "../support/database";

let app: Awaited<ReturnType<typeof createTestApp>>;
const tables = [{ name: "swap_test", key: ["id"] }];
const inTransaction = <A, E>(effect: Effect.Effect<A, E, Database>) =>
  app.runtime.runPromiseExit(Database.use((db) => db.withTransaction(effect)));

beforeAll(async () => {
  app = await createTestApp();
  await app.sql`create table swap_test (id int primary key, email text not null unique, seen timestamptz)`;
});
afterAll(() => app?.close());

describe("writing a batch of row changes", () => {
  it("given rows whose unique values trade places within the batch, then it falls back to one by one and ends right", async () => {
    await app.sql`truncate swap_test`;
    await inTransaction(writeChanges([insertRow("swap_test", { id: 1, email: "a@x" }), insertRow("swap_test", { id: 2, email: "b@x" })]));
    const exit = await inTransaction(
      writeBatch(tables, [
        updateRow("swap_test", { id: 1 }, { email: "tmp@x" }),
        updateRow("swap_test", { id: 2 }, { email: "a@x" }),
        updateRow("swap_test", { id: 1 }, { email: "b@x" }),
        insertRow("swap_test", { id: 3, email: "c@x", seen: new Date("2026-01-02T03:04:05Z") }),
      ]),
    );
    expect(exit).toEqual(Exit.succeed("one by one"));
    const rows = await app.sql`select id, email, seen from swap_test order by id`;
    expect(rows.map((r) => [r.id, r.email])).toEqual([[1, "b@x"], [2, "a@x"], [3, "c@x"]]);
    expect(rows[2].seen.toISOString()).toBe("2026-01-02T03:04:05.000Z");
  });

  it("given inserts, updates and deletes of distinct rows, then it writes them merged, in a few statements", async () => {
    await app.sql`truncate swap_test`;
    await inTransaction(writeChanges([insertRow("swap_test", { id: 1, email: "a@x" }), insertRow("swap_test", { id: 2, email: "b@x" })]));
    const exit = await inTransaction(
      writeBatch(tables, [
        insertRow("swap_test", { id: 3, email: "c@x" }),
        updateRow("swap_test", { id: 3 }, { seen: new Date("2026-05-06T07:08:09Z") }),
        updateRow("swap_test", { id: 1 }, { email: "a2@x" }),
        deleteRow("swap_test", { id: 2 }),
        insertRow("swap_test", { id: 4, email: "b@x" }),
      ]),
    );
    expect(exit).toEqual(Exit.succeed("merged"));
    const rows = await app.sql`select id, email, seen from swap_test order by id`;
    expect(rows.map((r) => [r.id, r.email, r.seen?.toISOString() ?? null])).toEqual([
      [1, "a2@x", null],
      [3, "c@x", "2026-05-06T07:08:09.000Z"],
      [4, "b@x", null],
    ]);
  });

  it("given a batch that cannot succeed in any order, then it fails and writes nothing", async () => {
    await app.sql`truncate swap_test`;
    const exit = await inTransaction(
      writeBatch(tables, [insertRow("swap_test", { id: 1, email: "a@x" }), insertRow("swap_test", { id: 2, email: "a@x" })]),
    );
    expect(Exit.isFailure(exit)).toBe(true);
    expect(await app.sql`select * from swap_test`).toHaveLength(0);
  });
});
