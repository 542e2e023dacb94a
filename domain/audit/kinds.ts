/**
 * The kinds of change the audit trail is filed and filtered by (issue 10: "kind of change"; issue 29:
 * "nothing may be Other"). Each module declares the kinds of its events (`auditKinds` of its module
 * definition), so a new module's changes get a kind of their own or fail the modules' check.
 */
export interface AuditKind {
  /** What the filter and the API carry: `?kind=reviews`. */
  readonly id: string;
  /** What a person reads on the badge, in the filter and in the CSV. */
  readonly label: string;
}

export interface AuditKindDeclaration extends AuditKind {
  /**
   * The module's event types filed under this kind. Left out, the kind takes every event of the
   * module that no other of its kinds lists (a module of one kind lists nothing).
   */
  readonly events?: ReadonlyArray<string>;
}

/** What the audit trail needs of a module: its event types and its kinds. */
export interface AuditedModule {
  readonly name: string;
  readonly events?: { readonly schemas: Readonly<Record<string, unknown>> };
  readonly auditKinds?: ReadonlyArray<AuditKindDeclaration>;
}

/** The kind of each event type the modules declare (a type no kind takes is left out: see auditKindGaps). */
export const auditKindsByType = (modules: ReadonlyArray<AuditedModule>): ReadonlyMap<string, string> => {
  const byType = new Map<string, string>();
  for (const module of modules) {
    const kinds = module.auditKinds ?? [];
    const rest = kinds.find((k) => k.events === undefined);
    for (const type of Object.keys(module.events?.schemas ?? {})) {
      const kind = kinds.find((k) => k.events?.includes(type)) ?? rest;
      if (kind) byType.set(type, kind.id);
    }
  }
  return byType;
};

/** Every kind the modules declare, as the filter offers them: by label, A to Z. */
export const auditKindList = (modules: ReadonlyArray<AuditedModule>): ReadonlyArray<AuditKind> =>
  modules
    .flatMap((m) => m.auditKinds ?? [])
    .map(({ id, label }) => ({ id, label }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));

/**
 * What the modules' kinds leave undone, as sentences: an event type under no kind or under two, a
 * kind listing what is not an event of its module, two kinds with one id or one label. Empty when all is well.
 */
export const auditKindGaps = (modules: ReadonlyArray<AuditedModule>): ReadonlyArray<string> => {
  const gaps: string[] = [];
  const ids = new Map<string, string>();
  const labels = new Map<string, string>();
  for (const module of modules) {
    const kinds = module.auditKinds ?? [];
    const types = Object.keys(module.events?.schemas ?? {});
    for (const kind of kinds) {
      if (ids.has(kind.id)) gaps.push(`${module.name}: audit kind ${kind.id} is also declared by ${ids.get(kind.id)}`);
      ids.set(kind.id, module.name);
      if (labels.has(kind.label)) gaps.push(`${module.name}: audit kind label "${kind.label}" is also used by ${labels.get(kind.label)}`);
      labels.set(kind.label, module.name);
      for (const type of kind.events ?? []) {
        if (!types.includes(type)) gaps.push(`${module.name}: audit kind ${kind.id} lists ${type}, not an event of the module`);
      }
    }
    if (kinds.filter((k) => k.events === undefined).length > 1) gaps.push(`${module.name}: more than one audit kind takes the rest of its events`);
    for (const type of types) {
      const listed = kinds.filter((k) => k.events?.includes(type));
      if (listed.length > 1) gaps.push(`${module.name}: ${type} is listed by audit kinds ${listed.map((k) => k.id).join(" and ")}`);
      if (listed.length === 0 && !kinds.some((k) => k.events === undefined)) gaps.push(`${module.name}: no audit kind for ${type}`);
    }
  }
  return gaps;
};
