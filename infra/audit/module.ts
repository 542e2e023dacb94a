import { defineModule } from "../module";
import { AuditTrail } from "./AuditTrail";

/** The audit trail's reading side; its read model is fed from every module's events (modules.ts). */
export const auditModule = defineModule({
  name: "audit",
  layer: AuditTrail.layer,
});
