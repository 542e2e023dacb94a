import { describe, expect, it } from "vitest";
import { holdStream, MAX_STREAMS_PER_PERSON } from "./event-streams";

describe("a person's open event streams", () => {
  it("given ten open, when an eleventh opens, then the oldest is closed and another person's are untouched", () => {
    const closed: string[] = [];
    const ada = `ada-${crypto.randomUUID()}`;
    const bob = `bob-${crypto.randomUUID()}`;
    holdStream(bob, () => closed.push("bob-1"));
    for (let n = 1; n <= MAX_STREAMS_PER_PERSON; n++) holdStream(ada, () => closed.push(`ada-${n}`));
    expect(closed).toEqual([]);
    holdStream(ada, () => closed.push("ada-11"));
    expect(closed).toEqual(["ada-1"]);
    holdStream(ada, () => closed.push("ada-12"));
    expect(closed).toEqual(["ada-1", "ada-2"]);
  });

  it("given a stream that ended on its own, when more open, then it no longer counts and is never closed", () => {
    const closed: string[] = [];
    const ada = `ada-${crypto.randomUUID()}`;
    const letGo = holdStream(ada, () => closed.push("first"));
    letGo();
    letGo();
    for (let n = 2; n <= MAX_STREAMS_PER_PERSON + 1; n++) holdStream(ada, () => closed.push(`n${n}`));
    expect(closed).toEqual([]);
  });
});
