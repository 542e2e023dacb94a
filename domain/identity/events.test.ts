import { describe, expect, it } from "vitest";
import { eventDecoder } from "../shared";
import { identityEvents } from "./events";

const decoder = eventDecoder([identityEvents]);
const envelope = {
  streamId: "user-u1",
  metadata: { actorId: "u1", workspaceId: "w1", correlationId: "c1", causationId: null },
};

describe("the identity events, decoded", () => {
  it("given a TrialStarted stored in its first shape (on the owner's stream, no workspace), when read, then it names the workspace of its metadata", () => {
    expect(decoder.decode("TrialStarted", 1, { plan: "growth", endsAt: "2026-05-06T10:00:00.000Z" }, envelope)).toEqual({
      workspaceId: "w1",
      plan: "growth",
      endsAt: "2026-05-06T10:00:00.000Z",
    });
  });

  it.each([
    ["TrialExpired", { endedAt: "2026-05-06T10:00:00.000Z" }],
    ["PlanChanged", { tier: "agency", previousTier: "trial", reason: "support" }],
  ])("given a %s of version 1, when read, then it is upcast to the workspace's", (type, data) => {
    expect(decoder.decode(type, 1, data, envelope)).toEqual({ ...data, workspaceId: "w1" });
  });

  it("given a current event, when written, then it is version 2 and read as is", () => {
    expect(decoder.versionOf("PlanChanged")).toBe(2);
    const data = { workspaceId: "w2", tier: "agency", previousTier: "trial", reason: "support" };
    expect(decoder.decode("PlanChanged", 2, data, envelope)).toEqual(data);
  });

  it("given data its schema refuses, when read, then it fails loudly with the type", () => {
    expect(() => decoder.decode("OnboardingCompleted", 1, { timeZone: 7 }, envelope)).toThrow(/OnboardingCompleted/);
  });
});
