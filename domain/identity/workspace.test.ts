import { describe, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { WorkspaceEvent } from "./events";
import {
  CLIENT_LOGO_MESSAGE,
  changeClientDetails,
  clientNameTakenMessage,
  changePlan,
  createClientWorkspace,
  createWorkspace,
  endPaidPlan,
  expireTrial,
  workspaceDecider,
} from "./workspace";

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

describe("a workspace whose paid subscription ends", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const end = endPaidPlan({ workspaceId, reason: "subscription canceled", now });

  it("given a paid plan, when the subscription ends, then it returns to an expired trial", () =>
    spec
      .given([...created, upgraded])
      .when(end)
      .then([
        { type: "PlanChanged", data: { workspaceId, tier: "trial", previousTier: "growth", reason: "subscription canceled" } },
        { type: "TrialExpired", data: { workspaceId, endedAt: now.toISOString() } },
      ]));

  it("given an active trial, when the subscription ends, then the trial ends", () =>
    spec
      .given(created)
      .when(end)
      .then([{ type: "TrialExpired", data: { workspaceId, endedAt: now.toISOString() } }]));

  it("given an expired trial, when it ends again, then nothing happens", () =>
    spec
      .given([...created, expired])
      .when(end)
      .thenNothingHappens());
});

describe("an agency's client workspace", () => {
  const client = { workspaceId: "c1", ownerId: "u1", parentWorkspaceId: "w1", otherClientNames: ["Rao Law"] };
  const createdClient: WorkspaceEvent = {
    type: "WorkspaceCreated",
    data: { workspaceId: "c1", name: "Lee Dental", ownerId: "u1", isDemo: false, parentWorkspaceId: "w1" },
  };
  const details = (name: string, logoUrl: string | null, agencyId = "w1", otherClientNames: ReadonlyArray<string> = ["Rao Law"]) =>
    changeClientDetails({ workspaceId: "c1", agencyId, name, logoUrl, otherClientNames });

  it("when created with a logo, then its details follow its creation; without one, only the creation", () => {
    spec
      .given([])
      .when(createClientWorkspace({ ...client, name: " Lee Dental ", logoUrl: "https://lee.example/logo.png" }))
      .then([createdClient, { type: "ClientDetailsChanged", data: { workspaceId: "c1", name: "Lee Dental", logoUrl: "https://lee.example/logo.png" } }]);
    spec
      .given([])
      .when(createClientWorkspace({ ...client, name: "Lee Dental" }))
      .then([createdClient]);
  });

  it("given a client, when the agency renames it, then the new name is recorded; the same details record nothing", () => {
    spec
      .given([createdClient])
      .when(details("Lee Family Dental", null))
      .then([{ type: "ClientDetailsChanged", data: { workspaceId: "c1", name: "Lee Family Dental", logoUrl: null } }]);
    spec.given([createdClient]).when(details(" Lee Dental ", "")).thenNothingHappens();
  });

  it("given the agency's clients, when a client is created with a name one of them has, trimmed and whatever its case, then 409 names it", () => {
    spec
      .given([])
      .when(createClientWorkspace({ ...client, otherClientNames: ["Smile Co", "Rao Law"], name: "  smile CO " }))
      .thenFails("Conflict", clientNameTakenMessage("Smile Co"));
    spec
      .given([])
      .when(createClientWorkspace({ ...client, otherClientNames: ["Smile Co"], name: "Smile Company" }))
      .then([{ ...createdClient, data: { ...createdClient.data, name: "Smile Company" } } as WorkspaceEvent]);
  });

  it("given the agency's other clients, when a client is renamed to one of their names, then 409 names it; its own name in another case is a rename", () => {
    spec.given([createdClient]).when(details("RAO LAW ", null)).thenFails("Conflict", 'A client named "Rao Law" already exists.');
    spec
      .given([createdClient])
      .when(details("LEE DENTAL", null))
      .then([{ type: "ClientDetailsChanged", data: { workspaceId: "c1", name: "LEE DENTAL", logoUrl: null } }]);
  });

  it("a name too short, a logo not on https:// or another agency's client is refused", () => {
    spec.given([createdClient]).when(details("L", null)).thenFails("InvalidInput", "Name the client in 2 to 100 characters.");
    spec.given([createdClient]).when(details("Lee Dental", "http://lee.example/logo.png")).thenFails("InvalidInput", CLIENT_LOGO_MESSAGE);
    spec
      .given([createdClient])
      .when(details("Lee Dental", null, "w2"))
      .thenFails("NotFound", /client/);
    spec
      .given(created)
      .when(details("Doe Dental", null, "w1"))
      .thenFails("NotFound", /client/);
  });
});
