/**
 * What the gallery learns from a stored file: an image's size and thumbnail (sharp), a video's
 * duration and size where that is cheap. For MP4 and QuickTime it is: the `moov` box holds `mvhd`
 * (timescale and duration) and a `tkhd` per track (width and height), found by reading box headers
 * and skipping over the media data, so a 1 GB file costs a few small reads. WebM keeps its
 * duration in EBML deep inside the Segment, often only at the end; we do not read it (null).
 */
import fs from "node:fs/promises";
import sharp from "sharp";

export const THUMBNAIL_SIZE = 400;

export interface ImageProbe {
  readonly width: number;
  readonly height: number;
}

/** Largest image (in pixels) sharp is allowed to decode: refuses decompression bombs. */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Reads an image's displayed size (EXIF orientation applied) and writes a `THUMBNAIL_SIZE` px WebP
 * thumbnail (first frame of an animation; no metadata kept). Throws when sharp cannot read it.
 */
export const probeImage = async (file: string, thumbnailFile: string): Promise<ImageProbe> => {
  const image = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "error" });
  const metadata = await image.metadata();
  if (!metadata.width || !metadata.height) throw new Error("no dimensions");
  const rotated = (metadata.orientation ?? 1) >= 5;
  await image
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 72, effort: 2 })
    .toFile(thumbnailFile);
  return rotated ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
};

export interface VideoProbe {
  readonly durationSeconds: number | null;
  readonly width: number | null;
  readonly height: number | null;
}

const NOTHING: VideoProbe = { durationSeconds: null, width: null, height: null };

/** Boxes that only hold other boxes, on the way to `mvhd` and `tkhd`. */
const CONTAINERS = new Set(["moov", "trak"]);

interface Box {
  readonly type: string;
  /** Where its content starts and ends in the file. */
  readonly start: number;
  readonly end: number;
}

/** The ISO BMFF (MP4, QuickTime) duration and picture size, or nulls when the file does not say. */
export const probeIsoVideo = async (file: string): Promise<VideoProbe> => {
  const handle = await fs.open(file, "r");
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      if (buffer.length > 0) await handle.read(buffer, 0, buffer.length, position);
      return buffer;
    };
    /** The boxes between `from` and `to`, header by header (at most `limit` of them). */
    const boxesIn = async (from: number, to: number, limit = 4096): Promise<Box[]> => {
      const boxes: Box[] = [];
      let at = from;
      while (at + 8 <= to && boxes.length < limit) {
        const header = await read(at, 16);
        if (header.length < 8) break;
        let boxSize = header.readUInt32BE(0);
        const type = header.toString("latin1", 4, 8);
        let headerSize = 8;
        if (boxSize === 1) {
          if (header.length < 16) break;
          boxSize = Number(header.readBigUInt64BE(8));
          headerSize = 16;
        } else if (boxSize === 0) {
          boxSize = to - at;
        }
        if (boxSize < headerSize || at + boxSize > to) break;
        boxes.push({ type, start: at + headerSize, end: at + boxSize });
        at += boxSize;
      }
      return boxes;
    };

    let durationSeconds: number | null = null;
    let width: number | null = null;
    let height: number | null = null;
    const visit = async (boxes: ReadonlyArray<Box>, depth: number) => {
      for (const box of boxes) {
        if (box.type === "mvhd" && durationSeconds === null) {
          const content = await read(box.start, 32);
          const version = content[0];
          const timescale = version === 1 ? content.readUInt32BE(20) : content.readUInt32BE(12);
          const duration = version === 1 ? Number(content.readBigUInt64BE(24)) : content.readUInt32BE(16);
          // All ones means "unknown" (a fragmented file).
          const unknown = version === 1 ? duration === Number(0xffffffffffffffffn) : duration === 0xffffffff;
          if (timescale > 0 && !unknown) durationSeconds = Math.round((duration / timescale) * 1000) / 1000;
        } else if (box.type === "tkhd" && width === null) {
          const content = await read(box.start, 96);
          const version = content[0];
          const matrixAt = version === 1 ? 52 : 40;
          const sizeAt = version === 1 ? 88 : 76;
          if (content.length < sizeAt + 8) continue;
          const w = content.readUInt32BE(sizeAt) / 65536;
          const h = content.readUInt32BE(sizeAt + 4) / 65536;
          if (w > 0 && h > 0) {
            // A matrix with a = d = 0 turns the picture a quarter: shown the other way round.
            const quarterTurn = content.readInt32BE(matrixAt) === 0 && content.readInt32BE(matrixAt + 16) === 0;
            width = Math.round(quarterTurn ? h : w);
            height = Math.round(quarterTurn ? w : h);
          }
        } else if (CONTAINERS.has(box.type) && depth < 3) {
          await visit(await boxesIn(box.start, box.end), depth + 1);
        }
      }
    };
    await visit(await boxesIn(0, size), 0);
    return { durationSeconds, width, height };
  } catch {
    return NOTHING;
  } finally {
    await handle.close();
  }
};

/** What can be learnt cheaply of a video of this stored extension. */
export const probeVideo = (file: string, ext: string): Promise<VideoProbe> =>
  ext === "mp4" || ext === "m4v" || ext === "mov" ? probeIsoVideo(file) : Promise.resolve(NOTHING);
