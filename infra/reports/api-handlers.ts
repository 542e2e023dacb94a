import { Effect } from "effect";
import { HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { periodOf, REPORT_MESSAGES } from "../../domain/reports";
import { InvalidInput, localDayOf, type NotFound } from "../../domain/shared";
import { SqlError } from "../db/Database";
import { answerJsonOrForm } from "../web/api/form-post";
import type { ClientReportsApi } from "./api";
import { ClientReports, type ReportFile } from "./ClientReports";
import { onService } from "../web/api/handlers";

/** Runs an operation as the guard's caller; a database failure is the server's, answered 500 (never declared). */
const asCaller = onService(ClientReports);

/** A file to save: never cached, since it holds the workspace's figures. */
const asDownload = (file: ReportFile) => {
  const options = { contentType: file.contentType, headers: { "content-disposition": `attachment; filename="${file.filename}"`, "cache-control": "private, no-store" } };
  return typeof file.body === "string" ? HttpServerResponse.text(file.body, options) : HttpServerResponse.uint8Array(file.body, options);
};

const stopped = { title: "Reports Stopped", description: "The report is no longer e-mailed." };

/** The client reports' operations (./api.ts) on the ClientReports service. */
export const clientReportsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ClientReportsApi>) => {
  const save = ({ params, payload }: { params: { id: string }; payload: { frequency: string; recipients: string | ReadonlyArray<string> } }) =>
    "back" in payload && payload.frequency === "off"
      ? Effect.as(
          asCaller((reports, caller) => reports.stopSchedule(caller, params.id)),
          answerJsonOrForm(payload, undefined, stopped),
        )
      : Effect.map(
          asCaller((reports, caller) => reports.setSchedule(caller, params.id, payload)),
          (schedule) =>
            answerJsonOrForm(payload, schedule, {
              title: "Reports Scheduled",
              description: `The ${schedule.frequency} report will be e-mailed to ${schedule.recipients.join(", ")}.`,
            }),
        );
  return handlers
    .handle("download", ({ params, query }) =>
      asCaller<HttpServerResponse.HttpServerResponse, InvalidInput | NotFound | SqlError>((reports, caller) => {
        const format = query.format ?? "pdf";
        if (format !== "pdf" && format !== "csv") return Effect.fail(new InvalidInput({ message: REPORT_MESSAGES.format, fields: { format: REPORT_MESSAGES.format } }));
        const asked = periodOf(query.from, query.to, localDayOf(caller.now, caller.timeZone));
        if (!asked.ok) return Effect.fail(new InvalidInput({ message: asked.message, fields: { [asked.field]: asked.message } }));
        return Effect.map(reports.download(caller, params.id, asked.period, format), asDownload);
      }),
    )
    .handle("schedule", ({ params }) => asCaller((reports, caller) => reports.schedule(caller, params.id)))
    .handle("setSchedule", save)
    .handle("saveSchedule", save)
    .handle("stopSchedule", ({ params }) => asCaller((reports, caller) => reports.stopSchedule(caller, params.id)));
};
