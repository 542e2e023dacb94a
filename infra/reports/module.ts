import { Effect } from "effect";
import { periodLabel, reportEvents, reportsProjection } from "../../domain/reports";
import { systemContext } from "../../domain/shared";
import { defineModule, moduleApi } from "../module";
import { ClientReportsApi } from "./api";
import { clientReportsHandlers } from "./api-handlers";
import { AnalyticsApi } from "./analytics-api";
import { analyticsHandlers } from "./analytics-api-handlers";
import { ClientReports } from "./ClientReports";

/** Agencies' client reports: downloads, and the schedules that e-mail them. */
export const reportsModule = defineModule({
  name: "reports",
  events: reportEvents,
  auditKinds: [{ id: "reports", label: "Client reports" }],
  layer: ClientReports.layer,
  api: [moduleApi(ClientReportsApi, clientReportsHandlers), moduleApi(AnalyticsApi, analyticsHandlers)],
  projections: [reportsProjection],
  tasks: {
    send_client_reports: (_payload, job) =>
      Effect.map(
        ClientReports.use((reports) => reports.sendDue(systemContext("reports", job.now, `job-${job.id}`))),
        (sent) => (sent > 0 ? `Sent ${sent} client report(s)` : undefined),
      ),
  },
  cron: ["17 * * * * send_client_reports"],
  processes: ["reports"],
  auditSummaries: {
    ReportScheduleSet: (d) => `Reports are e-mailed ${d.frequency === "weekly" ? "every week" : "every month"} to ${d.recipients.join(", ")}`,
    ReportScheduleStopped: () => "Stopped e-mailing reports",
    ReportSent: (d) => `E-mailed the report for ${periodLabel({ from: d.from, to: d.to })} to ${d.recipients.join(", ")}`,
  },
});
