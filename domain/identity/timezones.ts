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

/** The IANA zones (canonical names) of the runtime's tz data, which PostgreSQL knows as well. */
const ZONES = new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);

/**
 * The names IANA uses now for zones that ICU (and so Intl in Node and Chromium) still lists under
 * their old names: a person in Kolkata or Kyiv finds, and keeps, the name they know.
 */
const RENAMED: Readonly<Record<string, string>> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Europe/Kiev": "Europe/Kyiv",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Dacca": "Asia/Dhaka",
  "Asia/Thimbu": "Asia/Thimphu",
  "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
  "Asia/Macao": "Asia/Macau",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Louisville": "America/Kentucky/Louisville",
  "Africa/Asmera": "Africa/Asmara",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Enderbury": "Pacific/Kanton",
};

/**
 * The canonical name of an IANA zone ("US/Pacific" → "America/Los_Angeles", "Asia/Calcutta" →
 * "Asia/Kolkata"), or null. Offsets such as "+05:30" are refused: PostgreSQL reads them with the
 * opposite sign, and names only one side knows ("US/Pacific-New") are stored under their canonical one.
 */
export const canonicalTimeZone = (zone: string): string | null => {
  if (!/^[A-Za-z]/.test(zone)) return null;
  if (ZONES.has(zone)) return RENAMED[zone] ?? zone;
  try {
    const canonical = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    return ZONES.has(canonical) ? (RENAMED[canonical] ?? canonical) : null;
  } catch {
    return null;
  }
};

/** True for any IANA zone (and UTC); store `canonicalTimeZone` of it. */
export const isTimeZone = (zone: string): boolean => canonicalTimeZone(zone) !== null;
