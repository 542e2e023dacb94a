import type { APIRoute } from "astro";
import { AuditTrail } from "../../../../infra/audit/AuditTrail";
import { auditKindLabel } from "../../../../infra/modules";
import { auditFilterSchema } from "../../../features/audit/audit-schemas";
import { guard } from "../../../lib/auth-guard";
import { csvRow } from "../../../../domain/shared/csv";
import { parseQuery, respond } from "../../../lib/http";

/** GET /api/audit/export.csv with the filter of GET /api/audit: every line it keeps (at most 100,000), newest first, as a CSV download. */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, { permission: "view_audit" });
  if (!signedIn.ok) return signedIn.response;
  const filter = parseQuery(url, auditFilterSchema);
  if (!filter.ok) return filter.response;
  return respond(
    AuditTrail.use((audit) =>
      audit.all(signedIn.user.workspaceId, { ...filter.data, before: undefined }, signedIn.user.timeZone),
    ),
    (entries) => {
      const lines = [
        csvRow(["time", "person", "kind", "change"]),
        ...entries.map((e) => csvRow([e.at, e.actor, auditKindLabel(e.kind) ?? "", e.summary])),
      ];
      return new Response(`${lines.join("\r\n")}\r\n`, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="audit-trail-${new Date().toISOString().slice(0, 10)}.csv"`,
          "cache-control": "no-store",
        },
      });
    },
  );
};
