import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { acceptedFormat, contentProblem } from "../../domain/media";
import { HTML_PAGE, makeJpeg, makePng, makeVideo, SVG_IMAGE } from "./fixtures";
import { probeImage, probeVideo } from "./probe";

const dir = mkdtempSync(path.join(tmpdir(), "socialdesk-probe-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};

describe("content detection by bytes", () => {
  it("recognises the fixtures as what they are, whatever they are called", async () => {
    expect(acceptedFormat(await fileTypeFromBuffer(await makePng()))).toMatchObject({ kind: "image", mime: "image/png" });
    expect(acceptedFormat(await fileTypeFromBuffer(await makeJpeg()))).toMatchObject({ kind: "image", mime: "image/jpeg" });
    expect(acceptedFormat(await fileTypeFromBuffer(makeVideo()))).toMatchObject({ kind: "video", mime: "video/mp4" });
    expect(acceptedFormat(await fileTypeFromBuffer(makeVideo({ brand: "qt  " })))).toMatchObject({ kind: "video", mime: "video/quicktime" });
  });

  it("finds nothing in HTML or SVG, so they are refused", async () => {
    expect(await fileTypeFromBuffer(HTML_PAGE)).toBeUndefined();
    const svg = await fileTypeFromBuffer(SVG_IMAGE);
    expect(acceptedFormat(svg)).toBeNull();
    expect(contentProblem("page.jpg", await fileTypeFromBuffer(HTML_PAGE))).toMatch(/^page\.jpg is not an image or a video\./);
  });
});

describe("probing", () => {
  it("reads an image's size and writes a WebP thumbnail of at most 400 px", async () => {
    const file = write("wide.png", await makePng(1200, 300));
    const thumbnail = path.join(dir, "wide.thumb.webp");
    expect(await probeImage(file, thumbnail)).toEqual({ width: 1200, height: 300 });
    const meta = await sharp(thumbnail).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 400, 100]);
  });

  it("applies EXIF orientation to the reported size", async () => {
    const rotated = await sharp({ create: { width: 80, height: 20, channels: 3, background: "#888" } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await probeImage(write("rotated.jpg", rotated), path.join(dir, "rotated.webp"))).toEqual({ width: 20, height: 80 });
  });

  it("refuses bytes that only start like an image", async () => {
    const png = await makePng(200, 200);
    await expect(probeImage(write("cut.png", png.subarray(0, 60)), path.join(dir, "cut.webp"))).rejects.toThrow();
  });

  it("reads an MP4's duration and picture size from moov, wherever it is", async () => {
    expect(await probeVideo(write("a.mp4", makeVideo({ durationMs: 12_345, width: 1920, height: 1080, mediaBytes: 500_000 })), "mp4")).toEqual({
      durationSeconds: 12.345,
      width: 1920,
      height: 1080,
    });
    expect(await probeVideo(write("p.mov", makeVideo({ brand: "qt  ", portrait: true, width: 1920, height: 1080 })), "mov")).toEqual({
      durationSeconds: 5,
      width: 1080,
      height: 1920,
    });
  });

  it("answers nulls for a WebM or a broken MP4", async () => {
    expect(await probeVideo(write("x.webm", Buffer.from([0x1a, 0x45, 0xdf, 0xa3])), "webm")).toEqual({ durationSeconds: null, width: null, height: null });
    expect(await probeVideo(write("broken.mp4", makeVideo().subarray(0, 40)), "mp4")).toEqual({ durationSeconds: null, width: null, height: null });
  });
});
