import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./user-agent";

const label = (ua: string | null) => describeUserAgent(ua).label;

describe("describeUserAgent", () => {
  it("names the common browsers and systems", () => {
    expect(label("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36")).toBe("Chrome on Linux");
    expect(label("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0")).toBe(
      "Edge on Windows",
    );
    expect(label("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15")).toBe(
      "Safari on macOS",
    );
    expect(label("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")).toBe(
      "Safari on iPhone",
    );
    expect(label("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1")).toBe(
      "Chrome on iPhone",
    );
    expect(label("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0")).toBe("Firefox on Windows");
    expect(label("Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0 Mobile Safari/537.36")).toBe(
      "Samsung Internet on Android",
    );
    expect(label("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36")).toBe("Chrome on ChromeOS");
    expect(label("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/109.0.0.0")).toBe(
      "Opera on Windows",
    );
  });

  it("says what it can for tools and unknown agents", () => {
    expect(label("curl/8.5.0")).toBe("curl");
    expect(label("node")).toBe("Node.js");
    expect(label("Mozilla/5.0 (X11; Linux x86_64) SomethingNew/1.0")).toBe("Browser on Linux");
    expect(label("")).toBe("Unknown device");
    expect(label(null)).toBe("Unknown device");
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0")).toEqual({ browser: "Chrome", os: "Linux", label: "Chrome on Linux" });
  });
});
