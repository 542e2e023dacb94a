import { defineModule, moduleApi } from "../module";
import { AuditApi } from "./api";
import { auditHandlers } from "./api-handlers";
import { AuditTrail } from "./AuditTrail";

/** The audit trail's reading side; its read model is fed from every module's events (modules.ts). */
export const auditModule = defineModule({
  name: "audit",
  layer: AuditTrail.layer,
  api: [moduleApi(AuditApi, auditHandlers)],
});
