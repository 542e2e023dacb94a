import { describe, expect, it } from "vitest";
import { TIERS } from "../plans";
import { contentProblem, acceptedFormat, cleanFileName } from "./content";
import { formatDuration, formatFileSize, MB, mediaLimitsOf, sizeProblem, tooManyFilesMessage, uploadTooLargeMessage } from "./limits";

describe("file sizes (spec engagement §9: Bytes, KB, MB or GB)", () => {
  it.each([
    [0, "0 Bytes"],
    [1, "1 Bytes"],
    [1023, "1023 Bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [200 * 1024 + 123, "200.12 KB"],
    [240 * MB, "240 MB"],
    [1.25 * 1024 * MB, "1.25 GB"],
    [5 * 1024 * 1024 * MB, "5120 GB"],
  ])("%d bytes is %s", (bytes, shown) => expect(formatFileSize(bytes)).toBe(shown));

  it("formats durations", () => {
    expect(formatDuration(5)).toBe("0:05");
    expect(formatDuration(65.4)).toBe("1:05");
    expect(formatDuration(3725)).toBe("1:02:05");
  });
});

describe("media limits per plan", () => {
  it("grow with the plan and stay within one request body of 1 GiB", () => {
    for (const [lower, higher] of TIERS.slice(0, -1).map((t, i) => [t, TIERS[i + 1]] as const)) {
      expect(mediaLimitsOf(higher).imageBytes).toBeGreaterThanOrEqual(mediaLimitsOf(lower).imageBytes);
      expect(mediaLimitsOf(higher).videoBytes).toBeGreaterThanOrEqual(mediaLimitsOf(lower).videoBytes);
    }
    for (const tier of TIERS) {
      const limits = mediaLimitsOf(tier);
      expect(limits.uploadBytes).toBeLessThan(1024 * MB);
      expect(limits.uploadBytes).toBeGreaterThanOrEqual(limits.videoBytes);
    }
  });

  it("says the limit, the file's size and how to get more", () => {
    expect(sizeProblem("clip.mp4", "video", 240 * MB, "trial")).toBe(
      "clip.mp4 is too large. Videos can be up to 100 MB on your plan (this one is 240 MB). Upgrade your plan for larger videos.",
    );
    expect(sizeProblem("clip.mp4", "video", 1200 * MB, "agency")).toBe(
      "clip.mp4 is too large. Videos can be up to 1000 MB on your plan (this one is 1.17 GB).",
    );
    expect(sizeProblem("photo.jpg", "image", 10 * MB, "trial")).toBeNull();
    expect(sizeProblem("photo.jpg", "image", 10 * MB + 1, "trial")).toMatch(/^photo\.jpg is too large\. Images can be up to 10 MB on your plan/);
    expect(tooManyFilesMessage(mediaLimitsOf("trial"))).toBe("You can upload up to 20 files at a time.");
    expect(uploadTooLargeMessage(mediaLimitsOf("trial"), 300 * MB)).toContain("up to 250 MB");
  });
});

describe("content decides (file-type's detection, not the name)", () => {
  it("keeps the images and videos the gallery can show", () => {
    expect(acceptedFormat({ ext: "png", mime: "image/png" })).toMatchObject({ kind: "image", mime: "image/png" });
    expect(acceptedFormat({ ext: "mov", mime: "video/quicktime" })).toMatchObject({ kind: "video", ext: "mov" });
    expect(acceptedFormat({ ext: "m4v", mime: "video/x-m4v" })).toMatchObject({ kind: "video", mime: "video/mp4" });
    expect(acceptedFormat({ ext: "m4a", mime: "audio/x-m4a" })).toBeNull();
    expect(acceptedFormat(undefined)).toBeNull();
  });

  it("names the file it refuses", () => {
    // Text formats (HTML, SVG) are never detected: undefined.
    expect(contentProblem("photo.jpg", undefined)).toBe("photo.jpg is not an image or a video. Upload JPEG, PNG, GIF, WebP, AVIF, MP4, MOV or WebM files.");
    expect(contentProblem("me.heic", { ext: "heic", mime: "image/heic" })).toMatch(/^me\.heic cannot be used: HEIC photos/);
    expect(contentProblem("a.png", { ext: "png", mime: "image/png" })).toBeNull();
  });

  it("an image picker takes images only, a video picker videos only (spec core §5)", () => {
    expect(contentProblem("clip.mp4", { ext: "png", mime: "image/png" }, "videos")).toBe("clip.mp4 is not a video. Please select video files only.");
    expect(contentProblem("a.png", { ext: "mp4", mime: "video/mp4" }, "images")).toBe("a.png is not an image. Please select image files only.");
    expect(contentProblem("page.jpg", undefined, "images")).toBe("page.jpg is not an image. Please select image files only.");
    expect(contentProblem("a.png", { ext: "png", mime: "image/png" }, "images")).toBeNull();
  });

  it("keeps only the name of an uploaded path", () => {
    expect(cleanFileName("C:\\Users\\me\\photo.jpg")).toBe("photo.jpg");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("bad\u0000name\n.png")).toBe("badname.png");
    expect(cleanFileName("  ")).toBe("file");
  });
});
