import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { REPORT_FREQUENCIES } from "./rules";

const Frequency = Schema.Literals(REPORT_FREQUENCIES);

/** Events of a client workspace's reports stream (`reports-{workspaceId}`). */
export const reportEvents = defineEvents({
  /** The client's report is e-mailed to these addresses after each week or month, as the days of `timeZone` run. */
  ReportScheduleSet: Schema.Struct({ frequency: Frequency, recipients: Schema.Array(Schema.String), timeZone: Schema.String }),
  ReportScheduleStopped: Schema.Struct({}),
  /** The report of one period went out (once: the period is the key). */
  ReportSent: Schema.Struct({ frequency: Frequency, from: Schema.String, to: Schema.String, recipients: Schema.Array(Schema.String) }),
});

export type ReportEvent = EventOf<typeof reportEvents.schemas>;

export const reportsStreamId = (workspaceId: string) => `reports-${workspaceId}`;
