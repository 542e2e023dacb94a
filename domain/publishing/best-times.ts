import { type PlatformId, normalizePlatformId } from "../accounts/platforms";

/**
 * Per-platform best times to post (spec core §9 names the platforms, not the hours): local times in
 * the post's time zone, all within the scheduler's hourly choices 06:00-22:00.
 */
export const BEST_TIMES: Readonly<Partial<Record<PlatformId, ReadonlyArray<string>>>> = {
  instagram: ["11:00", "13:00", "19:00"],
  facebook: ["09:00", "13:00", "15:00"],
  linkedin: ["08:00", "10:00", "12:00"],
  twitter: ["09:00", "12:00", "17:00"],
  tiktok: ["12:00", "19:00", "21:00"],
  youtube: ["14:00", "16:00", "20:00"],
  pinterest: ["14:00", "20:00", "21:00"],
};

export const MAX_SUGGESTED_TIMES = 4;

/** The auto-optimize suggestions: the chosen platforms' lists merged, de-duplicated, sorted, cut to 4. */
export const suggestTimes = (platforms: ReadonlyArray<string>): ReadonlyArray<string> => {
  const times = new Set<string>();
  for (const value of platforms) {
    const id = normalizePlatformId(value);
    for (const time of (id && BEST_TIMES[id]) || []) times.add(time);
  }
  return [...times].sort().slice(0, MAX_SUGGESTED_TIMES);
};

/** The scheduler's time choices: hourly, 06:00 to 22:00 (spec core §5, §9). */
export const SCHEDULE_TIMES: ReadonlyArray<string> = Array.from({ length: 17 }, (_, i) => `${String(6 + i).padStart(2, "0")}:00`);
