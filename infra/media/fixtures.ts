/**
 * Small real media files made in memory, for tests and the bench: PNG/JPEG from sharp, and a
 * minimal MP4/QuickTime (an `ftyp`, an `mdat` of filler and a `moov` with `mvhd` and one `tkhd`,
 * `moov` last as in files that were not made "fast start") that file-type recognises.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";

const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

export const box = (type: string, ...payloads: Buffer[]) => {
  const body = Buffer.concat(payloads);
  return Buffer.concat([uint32(8 + body.length), Buffer.from(type, "latin1"), body]);
};

const IDENTITY = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
const QUARTER_TURN = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];

export interface VideoFixture {
  /** `isom` makes an MP4, `qt  ` a QuickTime movie. */
  readonly brand?: "isom" | "qt  " | "M4V ";
  readonly durationMs?: number;
  readonly width?: number;
  readonly height?: number;
  /** Recorded on a phone held upright: the track's matrix turns the picture a quarter. */
  readonly portrait?: boolean;
  /** Filler bytes in `mdat`, for a file of a given size. */
  readonly mediaBytes?: number;
}

export const makeVideo = (options: VideoFixture = {}): Buffer => {
  const { brand = "isom", durationMs = 5000, width = 640, height = 360, portrait = false, mediaBytes = 2048 } = options;
  const ftyp = box("ftyp", Buffer.from(brand, "latin1"), uint32(512), Buffer.from("isomiso2mp41", "latin1"));
  const mvhd = box(
    "mvhd",
    uint32(0), // version 0, flags
    uint32(0),
    uint32(0),
    uint32(1000), // timescale
    uint32(durationMs),
    uint32(0x10000), // rate 1.0
    Buffer.from([0x01, 0x00]), // volume
    Buffer.alloc(10),
    ...IDENTITY.map(int32),
    Buffer.alloc(24),
    uint32(2),
  );
  const tkhd = box(
    "tkhd",
    uint32(3), // version 0, flags enabled|in movie
    uint32(0),
    uint32(0),
    uint32(1), // track id
    uint32(0),
    uint32(durationMs),
    Buffer.alloc(8),
    Buffer.alloc(2), // layer
    Buffer.alloc(2), // alternate group
    Buffer.alloc(2), // volume (video: 0)
    Buffer.alloc(2),
    ...(portrait ? QUARTER_TURN : IDENTITY).map(int32),
    uint32(width * 65536),
    uint32(height * 65536),
  );
  const moov = box("moov", mvhd, box("trak", tkhd));
  const mdat = box("mdat", Buffer.alloc(mediaBytes, 0x42));
  return Buffer.concat([ftyp, mdat, moov]);
};

export const makePng = (width = 64, height = 48, colour = { r: 200, g: 80, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

export const makeJpeg = (width = 64, height = 48, colour = { r: 20, g: 120, b: 200 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

/** A JPEG of noise, about `targetBytes` large (noise does not compress): a photo-sized upload for the bench. */
export const makeNoisyJpeg = async (targetBytes = 200 * 1024) => {
  const side = Math.round(Math.sqrt(targetBytes / 1.1));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
};

export const HTML_PAGE = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n");
export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>\n',
);
