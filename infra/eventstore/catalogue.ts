import { Context } from "effect";
import type { AuditKind } from "../../domain/audit";
import type { Projection } from "../../domain/shared";

/**
 * What the composition root (infra/modules.ts) knows across the modules, handed to the operations
 * that read across them without importing the list of modules (which imports them): every read
 * model in replay order (an operator's rebuild and verify) and the audit trail's kinds of change.
 */
export class ModuleCatalogue extends Context.Service<
  ModuleCatalogue,
  { readonly projections: ReadonlyArray<Projection>; readonly auditKinds: ReadonlyArray<AuditKind> }
>()("app/ModuleCatalogue") {}
