import type { APIContext, APIRoute } from "astro";
import type { Caller } from "../../../../../domain/shared";
import { ClientReports } from "../../../../../infra/reports/ClientReports";
import { MANAGE_CLIENTS, reportScheduleSchema } from "../../../../features/clients/client-schemas";
import { guard } from "../../../../lib/auth-guard";
import { parseFormOrJson } from "../../../../lib/form-or-json";
import { isUuid, json, notFound, respond } from "../../../../lib/http";
import { setFlash } from "../../../../lib/session-cookie";

/**
 * GET /api/clients/{id}/report-schedule: {frequency, recipients, timeZone, setAt, lastSent} or null.
 * PUT {frequency: weekly|monthly, recipients: "a@x, b@y" or [..]}: the report is e-mailed after each
 * week (Monday) or month (the 1st) from 07:00 in the caller's time zone, PDF and CSV attached.
 * DELETE: stops it (204). A plain form POSTs, with frequency "off" to stop.
 */
export const GET: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_CLIENTS);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    ClientReports.use((reports) => reports.schedule(signedIn.caller, id)),
    (schedule) => json(schedule),
  );
};

const save: APIRoute = async ({ params, request, locals, redirect, cookies }) => {
  const signedIn = guard(locals, request, MANAGE_CLIENTS);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const input = await parseFormOrJson(request, reportScheduleSchema);
  if (!input.ok) return input.response;
  if (input.back && input.data.frequency === "off") return stop(id, signedIn.caller, input.back, { cookies, redirect });
  return respond(
    ClientReports.use((reports) => reports.setSchedule(signedIn.caller, id, input.data)),
    (schedule) => {
      if (!input.back) return json(schedule);
      setFlash(cookies, {
        title: "Reports Scheduled",
        description: `The ${schedule.frequency} report will be e-mailed to ${schedule.recipients.join(", ")}.`,
      });
      return redirect(input.back, 303);
    },
  );
};

const stop = (id: string, caller: Caller, back: string | null, { cookies, redirect }: Pick<APIContext, "cookies" | "redirect">) =>
  respond(
    ClientReports.use((reports) => reports.stopSchedule(caller, id)),
    () => {
      if (!back) return new Response(null, { status: 204 });
      setFlash(cookies, { title: "Reports Stopped", description: "The report is no longer e-mailed." });
      return redirect(back, 303);
    },
  );

export const PUT = save;
export const POST = save;

export const DELETE: APIRoute = ({ params, request, locals, cookies, redirect }) => {
  const signedIn = guard(locals, request, MANAGE_CLIENTS);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return stop(id, signedIn.caller, null, { cookies, redirect });
};
