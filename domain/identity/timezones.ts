/** The scheduler's short list (spec core §9), first in every time zone picker. */
export const COMMON_TIME_ZONES = [
  { id: "America/New_York", label: "Eastern Time (New York)" },
  { id: "America/Chicago", label: "Central Time (Chicago)" },
  { id: "America/Denver", label: "Mountain Time (Denver)" },
  { id: "America/Los_Angeles", label: "Pacific Time (Los Angeles)" },
  { id: "Europe/London", label: "London" },
  { id: "Europe/Paris", label: "Paris" },
  { id: "Asia/Tokyo", label: "Tokyo" },
] as const;

export const DEFAULT_TIME_ZONE = "America/New_York";

/** True for any IANA zone the runtime knows (and UTC). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};
