import { describe, expect, it } from "vitest";
import { formatFileSize, MB, mediaLimitsOf } from "../../../domain/media/limits";
import { limitsHint, precheckUpload } from "./precheck";

const trial = mediaLimitsOf("trial");

describe("the gallery's upload pre-check", () => {
  it("needs at least one file", () => expect(precheckUpload([], "trial", trial).stop).toBe("Choose at least one file to upload."));

  it("refuses a file over the plan's limit for its kind, naming it", () => {
    expect(precheckUpload([{ name: "big.mov", size: 240 * MB, type: "video/quicktime" }], "trial", trial).stop).toBe(
      "big.mov is too large. Videos can be up to 100 MB on your plan (this one is 240 MB). Upgrade your plan for larger videos.",
    );
    expect(precheckUpload([{ name: "ok.jpg", size: 2 * MB, type: "image/jpeg" }], "trial", trial)).toMatchObject({ stop: null, problems: [] });
  });

  it("given a good file and one over the limit, when checked, then the good one is sent and the other is named with its reason", () => {
    const ok = { name: "ok.jpg", size: 2 * MB, type: "image/jpeg" };
    const checked = precheckUpload([ok, { name: "big.mov", size: 240 * MB, type: "video/quicktime" }], "trial", trial);
    expect(checked.stop).toBeNull();
    expect(checked.send).toEqual([ok]);
    expect(checked.problems).toEqual([{ file: "big.mov", message: expect.stringMatching(/^big\.mov is too large\. Videos can be up to 100 MB/) }]);
  });

  it("leaves files of an unknown type to the server", () =>
    expect(precheckUpload([{ name: "x.bin", size: 900 * MB, type: "" }], "agency", mediaLimitsOf("agency")).stop).toBeNull());

  it("limits the files and bytes of one upload", () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `${i}.png`, size: 10, type: "image/png" }));
    expect(precheckUpload(many, "trial", trial).stop).toBe("You can upload up to 20 files at a time.");
    const videos = Array.from({ length: 3 }, (_, i) => ({ name: `${i}.mp4`, size: 90 * MB, type: "video/mp4" }));
    expect(precheckUpload(videos, "trial", trial).stop).toMatch(/^One upload can hold up to 250 MB on your plan \(these files are 270 MB\)/);
  });

  it("says the limits", () =>
    expect(limitsHint(trial, formatFileSize)).toBe("Images up to 10 MB, videos up to 100 MB, 20 files at a time."));
});
