/**
 * Writes src/features/accounts/platform-logos.svg: one <symbol> per platform, the brand's own mark
 * from Simple Icons (CC0) where it has one, a lettermark where it does not (LinkedIn asked Simple
 * Icons to remove its logo; the review sites were never in it). The app references the file as one
 * hashed, immutable asset, so no logo path travels in JavaScript.
 * Run `npx tsx scripts/platform-logos.ts` after changing platforms or upgrading simple-icons.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as icons from "simple-icons";
import { PLATFORM_IDS, type PlatformId } from "../domain/accounts/platforms";

/** Each platform's Simple Icons export, or the letters of its lettermark. */
const MARKS: Record<PlatformId, keyof typeof icons | { readonly letters: string }> = {
  facebook: "siFacebook",
  instagram: "siInstagram",
  twitter: "siX",
  linkedin: { letters: "in" },
  tiktok: "siTiktok",
  youtube: "siYoutube",
  pinterest: "siPinterest",
  google_business: "siGoogle",
  threads: "siThreads",
  snapchat: "siSnapchat",
  bluesky: "siBluesky",
  reddit: "siReddit",
  telegram: "siTelegram",
  discord: "siDiscord",
  mastodon: "siMastodon",
  yelp: "siYelp",
  avvo: { letters: "A" },
  healthgrades: { letters: "hg" },
  dignityhealth: { letters: "DH" },
  martindale: { letters: "MH" },
  superlawyers: { letters: "SL" },
  bbb: { letters: "BBB" },
};

const lettermark = (text: string) => {
  const size = text.length === 1 ? 19 : text.length === 2 ? 15 : 10.5;
  return `<text x="12" y="12" dy="0.36em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" letter-spacing="-0.5">${text}</text>`;
};

export const platformLogosSvg = (): string => {
  const symbols = PLATFORM_IDS.map((id) => {
    const mark = MARKS[id];
    const body = typeof mark === "string" ? `<path d="${(icons[mark] as { path: string }).path}"/>` : lettermark(mark.letters);
    return `<symbol id="${id}" viewBox="0 0 24 24">${body}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
};

export const PLATFORM_LOGOS_FILE = fileURLToPath(new URL("../src/features/accounts/platform-logos.svg", import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(PLATFORM_LOGOS_FILE, platformLogosSvg());
  console.log(`Wrote ${PLATFORM_LOGOS_FILE}`);
}
