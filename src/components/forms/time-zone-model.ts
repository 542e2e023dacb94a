/**
 * The time-zone field's choices (TimeZoneField.tsx): every IANA zone the browser knows, by IANA's
 * current name, the spec's seven first (spec core §9); searched as the person types; what a typed
 * text names; and each zone's offset from GMT, all from the platform's Intl data (no zone table ships).
 */
import { canonicalTimeZone, COMMON_TIME_ZONES } from "../../../domain/identity/timezones";

export interface ZoneChoice {
  readonly id: string;
  /** What the list shows: the spec's label for the seven, else the IANA name with spaces for "_". */
  readonly label: string;
  /** One of the spec's seven. */
  readonly common: boolean;
  /** Another name the zone is found by: the old spelling the runtime lists (Asia/Calcutta for Asia/Kolkata). */
  readonly alias: string | null;
}

const readable = (zone: string) => zone.replaceAll("_", " ");

/** Lower case, spaces for "_", one space between words: how typed text and names are compared. */
const normalized = (text: string) => text.trim().toLowerCase().replaceAll("_", " ").replace(/\s+/g, " ");

/**
 * The choices in the field's order: the spec's seven as the spec lists them, then every other zone
 * of `runtimeZones` (Intl.supportedValuesOf("timeZone")) and UTC, A to Z by current name, each once.
 */
export const zoneChoices = (runtimeZones: ReadonlyArray<string>): ZoneChoice[] => {
  const common: ZoneChoice[] = COMMON_TIME_ZONES.map((z) => ({ id: z.id, label: z.label, common: true, alias: null }));
  const seen = new Set(common.map((z) => z.id));
  const others: ZoneChoice[] = [];
  for (const listed of [...runtimeZones, "UTC"]) {
    const id = canonicalTimeZone(listed);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    others.push({ id, label: readable(id), common: false, alias: listed === id ? null : listed });
  }
  others.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [...common, ...others];
};

/**
 * The choices whose name, label, old name or GMT offset contain the typed text ("kolk", "new york",
 * "eastern", "gmt+5:30"), in the list's order, those where a word starts with it first.
 */
export const searchZones = (choices: ReadonlyArray<ZoneChoice>, text: string, offsetOf: (zone: string) => string = () => ""): ZoneChoice[] => {
  const wanted = normalized(text);
  if (wanted === "") return [...choices];
  const wordStarts: ZoneChoice[] = [];
  const inside: ZoneChoice[] = [];
  for (const choice of choices) {
    const names = normalized([choice.id, choice.label, choice.alias ?? "", offsetOf(choice.id)].join(" | "));
    const at = names.indexOf(wanted);
    if (at < 0) continue;
    (at === 0 || /[\s/(|]/.test(names[at - 1]!) ? wordStarts : inside).push(choice);
  }
  return [...wordStarts, ...inside];
};

/**
 * The zone a typed text names, or null: an IANA name in any letter case, with spaces for "_", under
 * its current or old name, or one of the seven's labels ("Eastern Time (New York)", "Tokyo").
 */
export const zoneOf = (text: string): string | null => {
  const wanted = normalized(text);
  if (wanted === "") return null;
  const labelled = COMMON_TIME_ZONES.find((z) => normalized(z.label) === wanted);
  return labelled ? labelled.id : canonicalTimeZone(text.trim().replace(/\s+/g, "_"));
};

/** The city a zone is named after, as people write it ("America/Argentina/Buenos_Aires" → "Buenos Aires"); UTC is itself. */
export const cityOf = (zone: string): string => readable(zone.slice(zone.lastIndexOf("/") + 1));

/**
 * How a list that cannot be searched (the server-rendered picker, which works without JavaScript)
 * names a choice: its city, its current IANA name and its offset now ("Asmara · Africa/Asmara ·
 * GMT+3"); the spec's seven by their label ("Eastern Time (New York) · GMT-5").
 */
export const choiceText = (choice: ZoneChoice, offset: string): string => {
  const names = choice.common || !choice.id.includes("/") ? [choice.label] : [cityOf(choice.id), choice.id];
  return [...names, offset].filter(Boolean).join(" · ");
};

/** The zone's offset from GMT at `at`, as people read it: "GMT+5:30", "GMT-4", "GMT". */
export const zoneOffset = (zone: string, at: Date): string => {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName");
    // ICU writes GMT itself as "GMT" or "GMT+0", depending on its version.
    return (part?.value ?? "").replace(/^GMT[+-]0$/, "GMT");
  } catch {
    return "";
  }
};
