import { type ReactNode, Suspense } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * An island's lazy parts (React.lazy), rendered once it has hydrated, `fallback` until then. Met by
 * the server render, a lazy part aborts it: React then renders the island on the client (error #419)
 * with an inline script the CSP refuses.
 */
export const Later = ({ children, fallback = null }: { readonly children: ReactNode; readonly fallback?: ReactNode }) =>
  useHydrated() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
