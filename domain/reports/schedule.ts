import { Effect } from "effect";
import { type Decider, InvalidInput, NotFound } from "../shared";
import type { ReportEvent } from "./events";
import { isReportFrequency, type ReportFrequency, type ReportPeriod, recipientsOf, REPORT_MESSAGES } from "./rules";

/** A client's report schedule, and the periods already sent. */
export interface ReportsState {
  readonly schedule: { readonly frequency: ReportFrequency; readonly recipients: ReadonlyArray<string>; readonly timeZone: string } | null;
  /** `${frequency}:${from}` of each report sent. */
  readonly sent: ReadonlySet<string>;
}

const sentKey = (frequency: ReportFrequency, from: string) => `${frequency}:${from}`;

export const reportsDecider: Decider<ReportsState, ReportEvent> = {
  initialState: () => ({ schedule: null, sent: new Set() }),
  evolve: (state, event) => {
    switch (event.type) {
      case "ReportScheduleSet":
        return { ...state, schedule: { frequency: event.data.frequency, recipients: event.data.recipients, timeZone: event.data.timeZone } };
      case "ReportScheduleStopped":
        return { ...state, schedule: null };
      case "ReportSent":
        return { ...state, sent: new Set(state.sent).add(sentKey(event.data.frequency, event.data.from)) };
    }
  },
};

type Decision<E = never> = Effect.Effect<ReadonlyArray<ReportEvent>, E>;

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((x, i) => x === b[i]);

/** E-mails the report after each week or month to these addresses; nothing when the schedule is already so. */
export const setReportSchedule =
  (command: { readonly frequency: string; readonly recipients: string | ReadonlyArray<string>; readonly timeZone: string }) =>
  (state: ReportsState): Decision<InvalidInput> => {
    const fields: Record<string, string> = {};
    if (!isReportFrequency(command.frequency)) fields.frequency = REPORT_MESSAGES.frequency;
    const recipients = recipientsOf(command.recipients);
    if (!recipients.ok) fields.recipients = recipients.message;
    if (Object.keys(fields).length > 0 || !recipients.ok || !isReportFrequency(command.frequency))
      return Effect.fail(new InvalidInput({ message: Object.values(fields)[0]!, fields }));
    const current = state.schedule;
    if (current && current.frequency === command.frequency && current.timeZone === command.timeZone && sameList(current.recipients, recipients.recipients))
      return Effect.succeed([]);
    return Effect.succeed([
      { type: "ReportScheduleSet", data: { frequency: command.frequency, recipients: recipients.recipients, timeZone: command.timeZone } },
    ]);
  };

export const stopReportSchedule =
  () =>
  (state: ReportsState): Decision<NotFound> =>
    state.schedule ? Effect.succeed([{ type: "ReportScheduleStopped", data: {} }]) : Effect.fail(new NotFound({ what: "report schedule" }));

/** Records a period's report as sent to the schedule's addresses; nothing when it went out already (the job may run twice). */
export const recordReportSent =
  (command: { readonly frequency: ReportFrequency; readonly period: ReportPeriod; readonly recipients: ReadonlyArray<string> }) =>
  (state: ReportsState): Decision =>
    Effect.succeed(
      state.sent.has(sentKey(command.frequency, command.period.from))
        ? []
        : [{ type: "ReportSent", data: { frequency: command.frequency, from: command.period.from, to: command.period.to, recipients: command.recipients } }],
    );
