import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { ListeningEvent } from "./events";
import { changeMonitor, createMonitor, deleteMonitor, monitorDecider } from "./monitor";
import { searchQueriesOf, termsOf } from "./rules";

const spec = DeciderSpecification(monitorDecider);
const created: ListeningEvent = {
  type: "ListeningMonitorCreated",
  data: { monitorId: "m1", workspaceId: "w1", name: "Brand", terms: ["lee dental", "#dentist"] },
};

describe("a listening monitor", () => {
  it("given nothing, it is created with its terms tidied; a blank name or no terms are refused by field", () => {
    spec
      .given([])
      .when(createMonitor({ monitorId: "m1", workspaceId: "w1", name: " Brand ", terms: "lee dental, #dentist,, #Dentist" }))
      .then([created]);
    spec
      .given([])
      .when(createMonitor({ monitorId: "m1", workspaceId: "w1", name: "", terms: [] }))
      .thenFails("InvalidInput", "Give the monitor a name of 1 to 60 characters.");
    spec
      .given([])
      .when(createMonitor({ monitorId: "m1", workspaceId: "w1", name: "Brand", terms: ["x".repeat(61)] }))
      .thenFails("InvalidInput", /keywords or #hashtags/);
  });

  it("is renamed, paused and resumed; what is unchanged records nothing", () => {
    spec
      .given([created])
      .when(changeMonitor({ name: "Our brand", active: false }))
      .then([
        { type: "ListeningMonitorChanged", data: { name: "Our brand", terms: ["lee dental", "#dentist"] } },
        { type: "ListeningMonitorPaused", data: {} },
      ]);
    spec
      .given([created])
      .when(changeMonitor({ name: "Brand", terms: "lee dental, #dentist", active: true }))
      .thenNothingHappens();
    spec
      .given([created, { type: "ListeningMonitorPaused", data: {} }])
      .when(changeMonitor({ active: true }))
      .then([{ type: "ListeningMonitorResumed", data: {} }]);
  });

  it("once deleted, it is not found", () => {
    spec
      .given([created])
      .when(deleteMonitor())
      .then([{ type: "ListeningMonitorDeleted", data: {} }]);
    spec
      .given([created, { type: "ListeningMonitorDeleted", data: {} }])
      .when(changeMonitor({ active: false }))
      .thenFails("NotFound", /monitor/);
  });

  it("each term is its own search; a phrase is searched as a phrase", () => {
    expect(termsOf("  a  b , #c\n#C")).toEqual(["a b", "#c"]);
    expect(searchQueriesOf(["lee dental", "#dentist"])).toEqual(['"lee dental"', "#dentist"]);
  });
});
