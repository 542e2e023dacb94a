/** Shared between the dashboard's islands: the chosen period (analytics and export) and a refresh tick. */
import { atom } from "nanostores";
import type { PeriodId } from "./dashboard-data";

export const $period = atom<PeriodId>("30d");
/** Bumped after a post was created: islands that fetched figures fetch them again. */
export const $refreshTick = atom(0);

/**
 * Reloads the server-rendered parts of the dashboard (stat cards, calendar panel, recent posts,
 * accounts) from a fresh render of the page, in place, and tells the islands to refetch.
 */
export const refreshDashboard = async (): Promise<void> => {
  $refreshTick.set($refreshTick.get() + 1);
  try {
    const response = await fetch(window.location.pathname + window.location.search, { credentials: "include", headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const region of document.querySelectorAll<HTMLElement>("[data-dash-region]")) {
      const fresh = doc.querySelector<HTMLElement>(`[data-dash-region="${region.dataset.dashRegion}"]`);
      if (fresh) region.replaceChildren(...Array.from(fresh.childNodes).map((n) => document.importNode(n, true)));
    }
  } catch {
    // The figures stay as they were; the next visit shows the new ones.
  }
};
