import { describe, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { WorkspaceEvent } from "./events";
import { changePlan, createWorkspace, expireTrial, workspaceDecider } from "./workspace";

const spec = DeciderSpecification(workspaceDecider);
const workspaceId = "w1";

const creation = { workspaceId, name: "Doe Dental", ownerId: "u1", isDemo: false, selectedPlan: "growth", trialDays: 5, now: new Date("2026-05-01T10:00:00Z") };

const created: WorkspaceEvent[] = [
  { type: "WorkspaceCreated", data: { workspaceId, name: "Doe Dental", ownerId: "u1", isDemo: false } },
  { type: "TrialStarted", data: { workspaceId, plan: "growth", endsAt: "2026-05-06T10:00:00.000Z" } },
];
const expired: WorkspaceEvent = { type: "TrialExpired", data: { workspaceId, endedAt: "2026-05-06T10:00:00.000Z" } };
const upgraded: WorkspaceEvent = { type: "PlanChanged", data: { workspaceId, tier: "growth", previousTier: "trial", reason: "support" } };

describe("a workspace, the subscriber", () => {
  it("when created with its owner's registration, then its trial starts at once and ends after the trial days", () =>
    spec.given([]).when(createWorkspace(creation)).then(created));

  it("given a workspace, when created again, then it is a conflict", () =>
    spec.given(created).when(createWorkspace(creation)).thenFails("Conflict", "This workspace already exists."));

  it("given a trial whose end has passed, when it is expired, then TrialExpired is recorded", () =>
    spec
      .given(created)
      .when(expireTrial({ workspaceId, now: new Date("2026-05-06T10:00:00Z") }))
      .then([expired]));

  it("given a trial still running, when it is expired, then nothing happens", () =>
    spec
      .given(created)
      .when(expireTrial({ workspaceId, now: new Date("2026-05-06T09:59:59Z") }))
      .thenNothingHappens());

  it("given an expired trial, when it is expired again, then nothing happens (the job may run twice)", () =>
    spec
      .given([...created, expired])
      .when(expireTrial({ workspaceId, now: new Date("2026-06-01T00:00:00Z") }))
      .thenNothingHappens());

  it("given a paid plan, when the trial's time passes, then it does not expire", () =>
    spec
      .given([...created, upgraded])
      .when(expireTrial({ workspaceId, now: new Date("2027-01-01T00:00:00Z") }))
      .thenNothingHappens());

  it("given a trial, when the plan changes, then PlanChanged names both plans", () =>
    spec
      .given(created)
      .when(changePlan({ workspaceId, tier: "agency", reason: "support" }))
      .then([{ type: "PlanChanged", data: { workspaceId, tier: "agency", previousTier: "trial", reason: "support" } }]));

  it("given the same plan, when it is set again, then nothing happens", () =>
    spec
      .given([...created, upgraded])
      .when(changePlan({ workspaceId, tier: "growth", reason: "again" }))
      .thenNothingHappens());

  it("given no workspace, when its plan changes, then it is not found", () =>
    spec
      .given([])
      .when(changePlan({ workspaceId, tier: "growth", reason: "support" }))
      .thenFails("NotFound", "This workspace does not exist, or was deleted."));
});
