import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { REPORT_FREQUENCIES } from "../../domain/reports";
import { BackToForm, jsonOrForm } from "../web/api/form-post";
import { idOf } from "../web/api/item-id";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { reportScheduleSchema } from "./schemas";

/** A client's report schedule: `ReportSchedule` of ./ClientReports. */
export const ReportScheduleSchema = Schema.Struct({
  frequency: Schema.Literals(REPORT_FREQUENCIES),
  recipients: Schema.Array(Schema.String),
  timeZone: Schema.String,
  setAt: Schema.String,
  lastSent: Schema.NullOr(Schema.Struct({ from: Schema.String, to: Schema.String, sentAt: Schema.String })),
}).annotate({ identifier: "ReportSchedule" });

const MANAGE_CLIENTS = { permission: "manage_clients", feature: "client_management" } as const;

/**
 * An agency's client reports: the download (a file, with `content-disposition`) and the schedule
 * that e-mails them. The Clients screen's plain forms post the schedule (`jsonOrForm`).
 */
export class ClientReportsApi extends HttpApiGroup.make("clientReports")
  .add(
    HttpApiEndpoint.get("download", "/api/clients/:id/report", {
      params: idOf("client"),
      query: {
        from: Schema.optional(Schema.String).annotate({ description: "The first day, YYYY-MM-DD." }),
        to: Schema.optional(Schema.String).annotate({ description: "The last day, YYYY-MM-DD: today at the latest, at most 366 days after `from`." }),
        format: Schema.optional(Schema.String).annotate({ description: "pdf (the default) or csv." }),
      },
      success: [
        Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/pdf" })),
        Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/csv" })),
      ],
      error: [InvalidInputProblem, NotFoundProblem],
    })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(
        OpenApi.Description,
        "The client's analytics report for those days (in the caller's time zone), as a download: the PDF rendered on the server, or one CSV row per day. Under the agency's white label when its plan has one.",
      ),
    HttpApiEndpoint.get("schedule", "/api/clients/:id/report-schedule", { params: idOf("client"), success: Schema.NullOr(ReportScheduleSchema), error: NotFoundProblem })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(OpenApi.Description, "How the client's report is e-mailed, or null."),
    HttpApiEndpoint.put("setSchedule", "/api/clients/:id/report-schedule", {
      params: idOf("client"),
      payload: jsonOrForm(reportScheduleSchema, "ReportScheduleInput"),
      success: [ReportScheduleSchema, BackToForm],
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(
        OpenApi.Description,
        "The report is e-mailed after each week (Monday) or month (the 1st) from 07:00 in the caller's time zone, PDF and CSV attached, to the recipients (\"a@x, b@y\" or a list).",
      ),
    HttpApiEndpoint.post("saveSchedule", "/api/clients/:id/report-schedule", {
      params: idOf("client"),
      payload: jsonOrForm(reportScheduleSchema, "ReportScheduleInput"),
      success: [ReportScheduleSchema, BackToForm],
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(OpenApi.Description, "As PUT, for the screen's plain form, where frequency \"off\" stops it."),
    HttpApiEndpoint.delete("stopSchedule", "/api/clients/:id/report-schedule", {
      params: idOf("client"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(OpenApi.Description, "Stops e-mailing the report (204)."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Client reports") {}
