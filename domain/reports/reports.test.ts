import { describe, expect, it } from "vitest";
import { eventDecoder, eventTypesOf } from "../shared";
import { DeciderSpecification } from "../shared/decider-spec";
import { type ReportEvent, reportEvents } from "./events";
import { daysOf, lastFinishedPeriod, periodLabel, periodOf, recipientsOf } from "./rules";
import { recordReportSent, reportsDecider, setReportSchedule, stopReportSchedule } from "./schedule";

const spec = DeciderSpecification(reportsDecider);
const set: ReportEvent = {
  type: "ReportScheduleSet",
  data: { frequency: "monthly", recipients: ["dr.lee@leedental.example", "office@leedental.example"], timeZone: "America/New_York" },
};
const october = { from: "2026-10-01", to: "2026-10-31" };
const sent: ReportEvent = { type: "ReportSent", data: { frequency: "monthly", ...october, recipients: set.data.recipients } };

describe("a client's report schedule", () => {
  it("when set with a list of addresses, then they are kept trimmed, lower-case and once each", () =>
    spec
      .given([])
      .when(
        setReportSchedule({
          frequency: "monthly",
          recipients: " Dr.Lee@LeeDental.example, office@leedental.example,dr.lee@leedental.example ",
          timeZone: "America/New_York",
        }),
      )
      .then([set]));

  it("given the same schedule, when set again, then nothing is recorded; a change is", () => {
    spec
      .given([set])
      .when(setReportSchedule({ frequency: "monthly", recipients: set.data.recipients, timeZone: "America/New_York" }))
      .thenNothingHappens();
    spec
      .given([set])
      .when(setReportSchedule({ frequency: "weekly", recipients: set.data.recipients, timeZone: "America/New_York" }))
      .then([{ type: "ReportScheduleSet", data: { ...set.data, frequency: "weekly" } }]);
  });

  it("an unknown frequency, no address, a bad one or more than 10 are refused with a sentence", () => {
    spec
      .given([])
      .when(setReportSchedule({ frequency: "daily", recipients: "a@b.example", timeZone: "UTC" }))
      .thenFails("InvalidInput", "Choose how often: weekly or monthly.");
    spec
      .given([])
      .when(setReportSchedule({ frequency: "weekly", recipients: " , ", timeZone: "UTC" }))
      .thenFails("InvalidInput", /1 to 10 e-mail addresses/);
    spec
      .given([])
      .when(setReportSchedule({ frequency: "weekly", recipients: "a@b.example, lee", timeZone: "UTC" }))
      .thenFails("InvalidInput", `"lee" isn't a valid e-mail address.`);
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@b.example`);
    spec
      .given([])
      .when(setReportSchedule({ frequency: "weekly", recipients: eleven, timeZone: "UTC" }))
      .thenFails("InvalidInput", /1 to 10/);
  });

  it("given a schedule, when stopped, then it is recorded; with none, it is not found", () => {
    spec
      .given([set])
      .when(stopReportSchedule())
      .then([{ type: "ReportScheduleStopped", data: {} }]);
    spec
      .given([])
      .when(stopReportSchedule())
      .thenFails("NotFound", /report schedule/);
  });

  it("given October's report sent, when it is sent again (the job ran twice), then nothing is recorded", () => {
    spec
      .given([set])
      .when(recordReportSent({ frequency: "monthly", period: october, recipients: set.data.recipients }))
      .then([sent]);
    spec
      .given([set, sent])
      .when(recordReportSent({ frequency: "monthly", period: october, recipients: set.data.recipients }))
      .thenNothingHappens();
  });

  it("the catalogue's events are read back whole", () => {
    const decoder = eventDecoder([reportEvents]);
    const samples = { ReportScheduleSet: set.data, ReportScheduleStopped: {}, ReportSent: sent.data };
    expect([...eventTypesOf(reportEvents)].sort()).toEqual(Object.keys(samples).sort());
    const envelope = { streamId: "reports-c1", metadata: { actorId: "u1", workspaceId: "c1", correlationId: "c", causationId: null } };
    for (const [type, data] of Object.entries(samples)) expect(decoder.decode(type, 1, data, envelope)).toStrictEqual(data);
  });
});

describe("a report's period", () => {
  it("a schedule's last finished period: Monday to Sunday of last week, or last calendar month", () => {
    expect(lastFinishedPeriod("weekly", "2026-11-24")).toEqual({ from: "2026-11-16", to: "2026-11-22" }); // a Tuesday
    expect(lastFinishedPeriod("weekly", "2026-11-23")).toEqual({ from: "2026-11-16", to: "2026-11-22" }); // a Monday
    expect(lastFinishedPeriod("weekly", "2026-11-22")).toEqual({ from: "2026-11-09", to: "2026-11-15" }); // a Sunday
    expect(lastFinishedPeriod("monthly", "2026-11-01")).toEqual(october);
    expect(lastFinishedPeriod("monthly", "2026-03-15")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(lastFinishedPeriod("monthly", "2027-01-05")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("a period asked for ends today at the latest, after its start, within 366 days", () => {
    expect(periodOf("2026-10-01", "2026-10-31", "2026-11-24")).toEqual({ ok: true, period: october });
    expect(periodOf("2026-10-01", "2026-11-25", "2026-11-24")).toMatchObject({ ok: false, field: "to", message: "The report can end today at the latest." });
    expect(periodOf("2026-10-31", "2026-10-01", "2026-11-24")).toMatchObject({ ok: false, field: "to" });
    expect(periodOf("2026-02-30", "2026-10-01", "2026-11-24")).toMatchObject({ ok: false, field: "from" });
    expect(periodOf("2024-11-01", "2026-11-01", "2026-11-24")).toMatchObject({ ok: false, message: "A report covers at most 366 days." });
    expect(daysOf({ from: "2026-10-30", to: "2026-11-02" })).toEqual(["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"]);
  });

  it("is named as a person would: a whole month, or the days", () => {
    expect(periodLabel(october)).toBe("October 2026");
    expect(periodLabel({ from: "2026-11-16", to: "2026-11-22" })).toBe("Nov 16 – 22, 2026");
    expect(periodLabel({ from: "2026-10-26", to: "2026-11-01" })).toBe("Oct 26 – Nov 1, 2026");
    expect(periodLabel({ from: "2026-12-28", to: "2027-01-03" })).toBe("Dec 28, 2026 – Jan 3, 2027");
    expect(recipientsOf("a@b.example; c@d.example")).toEqual({ ok: true, recipients: ["a@b.example", "c@d.example"] });
  });
});
