import { Effect } from "effect";
import { HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { withCaller } from "../web/api/handlers";
import type { AnalyticsApi } from "./analytics-api";
import { analyticsExportFile, analyticsReport } from "./analytics-report";

/** The Analytics screen's operations (./analytics-api.ts), in the person's time zone. */
export const analyticsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof AnalyticsApi>) =>
  handlers
    .handle("report", ({ query }) => withCaller((caller) => analyticsReport(caller.workspaceId, query.period, caller.timeZone || "UTC", new Date())))
    .handle("export", ({ query }) =>
      withCaller((caller) =>
        Effect.map(analyticsExportFile(caller.workspaceId, query.period, query.format, caller.timeZone || "UTC", new Date()), (file) =>
          HttpServerResponse.uint8Array(typeof file.body === "string" ? new TextEncoder().encode(file.body) : file.body, {
            contentType: file.contentType,
            headers: { "content-disposition": `attachment; filename="${file.filename}"`, "cache-control": "private, no-store" },
          }),
        ),
      ),
    );
