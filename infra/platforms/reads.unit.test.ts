import { describe, expect, it } from "vitest";
import { PlatformError } from "./types";
import { inBatches, perPost } from "./reads";

const counts = (likes: number) => ({ likes, shares: 0, comments: 0 });

describe("inBatches", () => {
  it("asks at most `size` ids a call, each id once", async () => {
    const calls: string[][] = [];
    const ids = Array.from({ length: 250 }, (_, i) => String(i));
    const figures = await inBatches([...ids, "0", "1"], 100, async (batch) => {
      calls.push([...batch]);
      return batch.map((id) => [id, counts(Number(id))] as const);
    });
    expect(calls.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(figures.size).toBe(250);
    expect(figures.get("249")).toEqual(counts(249));
  });

  it("makes no call without ids", async () => {
    let called = false;
    await inBatches([], 20, async () => ((called = true), []));
    expect(called).toBe(false);
  });
});

describe("perPost", () => {
  const refusal = (kind: PlatformError["kind"]) => new PlatformError({ platform: "instagram", kind, message: kind });

  it("leaves out a post the platform refuses or answers unreadably, and reads the rest", async () => {
    const figures = await perPost(["gone", "odd", "kept"], async (id) => {
      if (id === "gone") throw refusal("rejected");
      if (id === "odd") throw refusal("invalid_response");
      return counts(3);
    });
    expect([...figures]).toEqual([["kept", counts(3)]]);
  });

  it("stops at a failure of the account: the other posts would fail the same way", async () => {
    for (const kind of ["invalid_credentials", "rate_limited", "unavailable"] as const) {
      const asked: string[] = [];
      const reading = perPost(["a", "b"], async (id) => {
        asked.push(id);
        throw refusal(kind);
      });
      await expect(reading).rejects.toMatchObject({ kind });
      expect(asked).toEqual(["a"]);
    }
  });
});
