import type { APIRoute } from "astro";
import { periodOf, REPORT_MESSAGES } from "../../../../../domain/reports";
import { ClientReports } from "../../../../../infra/reports/ClientReports";
import { MANAGE_CLIENTS } from "../../../../features/clients/client-schemas";
import { guard } from "../../../../lib/auth-guard";
import { localDate } from "../../../../lib/dates";
import { apiError, download, isUuid, notFound, respond } from "../../../../lib/http";

/**
 * GET /api/clients/{id}/report?from=YYYY-MM-DD&to=YYYY-MM-DD&format=pdf|csv: the client's analytics
 * report for those days (in the caller's time zone, ending today at the latest, at most 366 days), as
 * a download: the PDF rendered on the server, or one CSV row per day. Under the agency's white label
 * when its plan has one.
 */
export const GET: APIRoute = ({ params, request, url, locals }) => {
  const signedIn = guard(locals, request, MANAGE_CLIENTS);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const format = url.searchParams.get("format") ?? "pdf";
  if (format !== "pdf" && format !== "csv") return apiError(400, "invalid_input", REPORT_MESSAGES.format, { format: REPORT_MESSAGES.format });
  const asked = periodOf(url.searchParams.get("from"), url.searchParams.get("to"), localDate(signedIn.caller.now, signedIn.caller.timeZone));
  if (!asked.ok) return apiError(400, "invalid_input", asked.message, { [asked.field]: asked.message });
  return respond(
    ClientReports.use((reports) => reports.download(signedIn.caller, id, asked.period, format)),
    download,
  );
};
