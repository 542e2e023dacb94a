/**
 * A session's device as a person recognises it ("Chrome on Linux", "Safari on iPhone") from its
 * User-Agent header. Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome
 * also says "Safari", and iPads may say "Macintosh".
 */
export interface DeviceDescription {
  readonly browser: string | null;
  readonly os: string | null;
  /** "Chrome on Linux", or the best that can be said. */
  readonly label: string;
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bHeadlessChrome\//, "Headless Chrome"],
  [/\bCriOS\/|\bChrom(?:e|ium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad).*AppleWebKit/, "Safari"],
  [/\bPlaywright\//, "Playwright"],
  [/^curl\//, "curl"],
  [/^(?:node|undici)\b/i, "Node.js"],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

export const describeUserAgent = (userAgent: string | null | undefined): DeviceDescription => {
  const ua = (userAgent ?? "").trim();
  if (ua === "") return { browser: null, os: null, label: "Unknown device" };
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const label = browser && os ? `${browser} on ${os}` : (browser ?? (os ? `Browser on ${os}` : "Unknown device"));
  return { browser, os, label };
};
