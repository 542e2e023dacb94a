import type { APIRoute } from "astro";
import { AuditTrail } from "../../../../infra/audit/AuditTrail";
import { auditFilterSchema } from "../../../features/audit/audit-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../lib/http";

/**
 * GET /api/audit[?person=<id>|system][&kind=][&from=YYYY-MM-DD][&to=YYYY-MM-DD][&client=<id>][&before=<cursor>]:
 * the workspace's audit trail (or, for an agency, one of its clients'), newest first, 50 lines a page: {entries: [{id, at, actorId, actor,
 * kind, type, summary}], next} (next: the `before` of the older page, or null). Owners and admins.
 */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, { permission: "view_audit" });
  if (!signedIn.ok) return signedIn.response;
  const filter = parseQuery(url, auditFilterSchema);
  if (!filter.ok) return filter.response;
  return respond(
    AuditTrail.use((audit) =>
      audit.page(signedIn.user.workspaceId, filter.data, signedIn.user.timeZone),
    ),
    (page) => json(page),
  );
};
