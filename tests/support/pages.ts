import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Which file of src/pages answers an address, by Astro's file routing, without building: a
 * unit test can then check that a link leads to a page. Priority as Astro's: segment by segment,
 * a static name before a [param], a [param] before a [...rest]; a route ending in [...rest] also
 * answers its own directory (/app for app/[...path].astro).
 */

const PAGES = path.resolve(import.meta.dirname, "../../src/pages");

/** Every route file of src/pages, relative and with "/" (api/posts/[id].ts). */
export const routeFiles = (dir = PAGES): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /\.(astro|ts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path.relative(PAGES, full).split(path.sep).join("/")] : [];
  });

type Segment = { readonly kind: "static"; readonly name: string } | { readonly kind: "param" } | { readonly kind: "rest" };

const RANK = { static: 3, param: 2, rest: 1 } as const;

const segmentsOf = (file: string): ReadonlyArray<Segment> => {
  const names = file.replace(/\.(astro|ts)$/, "").split("/");
  if (names[names.length - 1] === "index") names.pop();
  return names.map((name): Segment => (/^\[\.\.\..+\]$/.test(name) ? { kind: "rest" } : /^\[.+\]$/.test(name) ? { kind: "param" } : { kind: "static", name }));
};

const matches = (route: ReadonlyArray<Segment>, parts: ReadonlyArray<string>): boolean => {
  const [first, ...rest] = route;
  if (!first) return parts.length === 0;
  if (first.kind === "rest") return true;
  if (parts.length === 0) return false;
  if (first.kind === "param") return parts[0] !== "" && matches(rest, parts.slice(1));
  return first.name === parts[0] && matches(rest, parts.slice(1));
};

/** Higher first: the more specific route at the first segment where two differ. */
const bySpecificity = (a: ReadonlyArray<Segment>, b: ReadonlyArray<Segment>): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const rankA = a[i] ? RANK[a[i].kind] : 0;
    const rankB = b[i] ? RANK[b[i].kind] : 0;
    if (rankA !== rankB) return rankB - rankA;
  }
  return 0;
};

const ROUTES = routeFiles().map((file) => ({ file, segments: segmentsOf(file) }));

/**
 * The route file of src/pages that answers `address` (a path, with or without a query string,
 * one trailing slash ignored), or null when none does (Astro's 404 page answers).
 */
export const pageOf = (address: string): string | null => {
  const pathname = new URL(address, "http://pages.test").pathname.replace(/(.)\/$/, "$1");
  const parts = pathname === "/" ? [] : pathname.slice(1).split("/");
  const found = ROUTES.filter((route) => matches(route.segments, parts)).sort((a, b) => bySpecificity(a.segments, b.segments));
  return found[0]?.file ?? null;
};
