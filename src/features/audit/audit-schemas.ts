import { auditFilterSchemaOf } from "../../../infra/audit/schemas";
import { isAuditKind } from "../../../infra/modules";

/** The audit trail's filter of the Audit Trail page's form (infra/audit/schemas.ts), with the app's kinds of change. */
export const auditFilterSchema = auditFilterSchemaOf(isAuditKind);
