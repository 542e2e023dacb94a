import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLATFORM_IDS } from "../domain/accounts/platforms";
import { PLATFORM_LOGOS_FILE, platformLogosSvg } from "./platform-logos";

describe("platform logos", () => {
  it("the committed sprite is what the generator writes, with a symbol for each of the 19 platforms", () => {
    const committed = readFileSync(PLATFORM_LOGOS_FILE, "utf8");
    expect(committed).toBe(platformLogosSvg());
    for (const id of PLATFORM_IDS) expect(committed).toContain(`<symbol id="${id}" viewBox="0 0 24 24">`);
  });
});
