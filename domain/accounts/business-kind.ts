import type { PlatformId } from "./platforms";

/**
 * The kind of business a sandbox account stands for, so that its sample comments, messages and
 * reviews fit it (no "my appointment" for a bakery). SocialDesk asks no one for an industry: the
 * person may choose one when adding the sandbox account; otherwise the account's name ("Main Street
 * Bakery"), then the workspace's, say it; a site that lists only one kind (Healthgrades, Avvo…) says
 * it first. Unknown: generic texts.
 */
export const BUSINESS_KINDS = ["healthcare", "legal", "food", "retail", "beauty", "fitness", "home", "generic"] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];
export const isBusinessKind = (value: unknown): value is BusinessKind => (BUSINESS_KINDS as ReadonlyArray<unknown>).includes(value);

/** How the sandbox dialog names each kind. */
export const BUSINESS_KIND_LABELS: Readonly<Record<BusinessKind, string>> = {
  healthcare: "Healthcare (dental, medical, therapy)",
  legal: "Legal (law firm, attorney)",
  food: "Food and drink (bakery, café, restaurant)",
  retail: "Retail (shop, boutique)",
  beauty: "Beauty (salon, spa, barber)",
  fitness: "Fitness (gym, studio)",
  home: "Home services (plumbing, cleaning, repairs)",
  generic: "Something else",
};

const BY_PLATFORM: Partial<Record<PlatformId, BusinessKind>> = {
  healthgrades: "healthcare",
  dignityhealth: "healthcare",
  avvo: "legal",
  martindale: "legal",
  superlawyers: "legal",
};

/** The sites of one trade: their accounts' kind is theirs. */
export const FIXED_KIND_PLATFORMS: ReadonlySet<string> = new Set(Object.keys(BY_PLATFORM));

/** Words of a name that say the kind; whole words (or their start: "dentistry", "bakeries"). */
const WORDS: ReadonlyArray<readonly [BusinessKind, RegExp]> = [
  ["healthcare", /\b(dental|dentist\w*|orthodont\w*|clinic\w*|medical|health\w*|doctor\w*|dr|md|dds|pediatric\w*|family practice|chiropract\w*|physio\w*|therap\w*|hospital|optometr\w*|eye care|dermatolog\w*|vet|veterinar\w*|animal hospital|pharmacy)\b/i],
  ["legal", /\b(law|laws|legal|attorney\w*|lawyer\w*|esq|llp|solicitor\w*|counsel)\b/i],
  ["food", /\b(bake\w*|bakery|bakeries|bread|cafe|café|coffee|restaurant\w*|pizz\w*|kitchen|bistro|grill|diner|deli|eats|food\w*|taco\w*|sushi|burger\w*|brew\w*|bar|pub|tavern|catering|patisserie|donut\w*|ice cream|tea)\b/i],
  ["beauty", /\b(salon\w*|spa|beauty|hair|nails?|barber\w*|lash\w*|brows?|cosmetic\w*|skin ?care|aesthetic\w*|makeup)\b/i],
  ["fitness", /\b(gym\w*|fitness|yoga|pilates|crossfit|training|trainer\w*|boxing|martial arts|dance|cycling|climbing)\b/i],
  ["home", /\b(plumb\w*|roof\w*|hvac|heating|cooling|clean\w*|landscap\w*|lawn|electric\w*|handyman|painting|painters?|repair\w*|remodel\w*|construction|contractor\w*|pest|movers?|moving|garage door\w*|flooring|windows?)\b/i],
  ["retail", /\b(shop\w*|store\w*|boutique\w*|market\w*|books?|bookshop|gift\w*|goods|apparel|clothing|florist\w*|flowers?|jewel\w*|hardware|outfitters?|supply|supplies|toys?)\b/i],
];

/** The kind the site lists, else the one chosen, else the one the first name that tells one says. */
export const businessKindOf = (platform: PlatformId | string, names: ReadonlyArray<string | null | undefined>, chosen?: unknown): BusinessKind => {
  const fixed = BY_PLATFORM[platform as PlatformId];
  if (fixed) return fixed;
  if (isBusinessKind(chosen)) return chosen;
  for (const name of names) {
    if (!name) continue;
    const found = WORDS.find(([, words]) => words.test(name));
    if (found) return found[0];
  }
  return "generic";
};
