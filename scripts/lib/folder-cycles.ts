import { cruise, type ICruiseResult } from "dependency-cruiser";

/**
 * The import cycles between folders of `infra/`, `domain/` and `src/lib/`. Each folder directly
 * under `infra/` or `domain/` is one unit with all its subfolders (`infra/platforms` holds
 * `infra/platforms/inbox`), `src/lib` is one, and each file directly in `infra/` is its own (the
 * composition roots `modules.ts`, `layers.ts`, `demo.ts`, `worker.ts` import the modules; `module.ts`,
 * `config.ts` and `log.ts` are imported by them). dependency-cruiser resolves the imports (type-only
 * and dynamic ones too); its own folder rules take each subfolder apart, so a cycle from `infra/a`
 * into `infra/b/x` and back from `infra/b/y` would pass them: the graph is collapsed here instead.
 */
export const FOLDER_ROOTS = ["infra", "domain", "src/lib"];

export function unitOf(file: string): string {
  const folder = /^((?:infra|domain)\/[^/]+)\//.exec(file) ?? /^(src\/lib)\//.exec(file);
  return folder ? folder[1] : file;
}

/** Each edge between two units, with the file imports that make it. */
export type FolderGraph = Map<string, Map<string, string[]>>;

/** `baseDir`: the checkout to read (the current directory unless said). */
export async function folderGraph(roots: string[] = FOLDER_ROOTS, baseDir?: string): Promise<FolderGraph> {
  const { output } = await cruise(roots, {
    ...(baseDir ? { baseDir } : {}),
    includeOnly: `^(${roots.map((root) => root.replace("/", "\\/")).join("|")})/`,
    exclude: { path: "\\.test\\.tsx?$" },
    tsPreCompilationDeps: true,
  });
  const graph: FolderGraph = new Map();
  for (const module of (output as ICruiseResult).modules) {
    const from = unitOf(module.source);
    for (const dependency of module.dependencies) {
      const to = unitOf(dependency.resolved);
      if (to === from || dependency.couldNotResolve) continue;
      const targets = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
      const imports = targets.get(to) ?? targets.set(to, []).get(to)!;
      imports.push(`${module.source} -> ${dependency.resolved}`);
    }
  }
  return graph;
}

/** The strongly connected components of more than one unit (Tarjan), each sorted: every cycle is inside one. */
export function cyclesOf(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(unit, Math.min(low.get(unit)!, index.get(next)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== unit);
    if (component.length > 1) components.push(component.sort());
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) visit(unit);
  return components;
}

/** A cycle's edges inside its component, with one file import each, for a message a person can act on. */
export function describeCycle(graph: FolderGraph, component: string[]): string[] {
  return component.flatMap((from) =>
    component
      .filter((to) => graph.get(from)?.has(to))
      .map((to) => {
        const imports = graph.get(from)!.get(to)!;
        return `${from} -> ${to}: ${imports[0]}${imports.length > 1 ? ` (+${imports.length - 1} more)` : ""}`;
      }),
  );
}
