import { deleteRow, insertRow, type Projection, type RowChange } from "../shared";
import type { ReportEvent } from "./events";

/** `report_schedules`: each client's schedule (when it was set: the first report covers a period ending after it); `reports_sent`: each report e-mailed. */
export const reportsProjection: Projection<ReportEvent> = {
  name: "reports",
  kind: "inline",
  tables: [
    { name: "report_schedules", key: ["workspace_id"] },
    { name: "reports_sent", key: ["workspace_id", "frequency", "period_start"] },
  ],
  handles: ["ReportScheduleSet", "ReportScheduleStopped", "ReportSent"],
  project: (event): ReadonlyArray<RowChange> => {
    const workspaceId = event.streamId.slice("reports-".length);
    switch (event.type) {
      case "ReportScheduleSet":
        return [
          deleteRow("report_schedules", { workspace_id: workspaceId }),
          insertRow("report_schedules", {
            workspace_id: workspaceId,
            frequency: event.data.frequency,
            recipients: event.data.recipients,
            time_zone: event.data.timeZone,
            set_at: event.createdAt,
          }),
        ];
      case "ReportScheduleStopped":
        return [deleteRow("report_schedules", { workspace_id: workspaceId })];
      case "ReportSent":
        return [
          insertRow("reports_sent", {
            workspace_id: workspaceId,
            frequency: event.data.frequency,
            period_start: event.data.from,
            period_end: event.data.to,
            recipients: event.data.recipients,
            sent_at: event.createdAt,
          }),
        ];
    }
  },
};
