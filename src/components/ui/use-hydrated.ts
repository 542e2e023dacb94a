import { useEffect, useState } from "react";

/**
 * False during the server render and until the island has hydrated: controls that need JavaScript
 * stay disabled until then, so an early click is not silently lost.
 */
export const useHydrated = (): boolean => {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
};
