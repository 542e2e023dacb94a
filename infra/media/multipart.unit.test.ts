import { describe, expect, it } from "vitest";
import { boundaryOf, MultipartError, parsePartHeaders, type PartInfo, readMultipart } from "./multipart";

const BOUNDARY = "----socialdeskTestBoundary7MA4YWxkTrZu0gW";

const encode = (parts: Array<{ name: string; filename?: string; type?: string; body: Buffer }>, boundary = BOUNDARY) =>
  Buffer.concat([
    Buffer.from("preamble to ignore\r\n"),
    ...parts.map((p) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}\r\n` +
            (p.type ? `Content-Type: ${p.type}\r\n` : "") +
            "\r\n",
        ),
        p.body,
        Buffer.from("\r\n"),
      ]),
    ),
    Buffer.from(`--${boundary}--\r\nepilogue`),
  ]);

async function* chunks(body: Buffer, size: number) {
  for (let i = 0; i < body.length; i += size) yield body.subarray(i, i + size);
}

const collect = async (body: AsyncIterable<Uint8Array>, boundary = BOUNDARY) => {
  const parts: Array<PartInfo & { body: Buffer }> = [];
  await readMultipart(body, boundary, (info) => {
    const pieces: Buffer[] = [];
    return {
      data: (chunk) => void pieces.push(Buffer.from(chunk)),
      end: () => void parts.push({ ...info, body: Buffer.concat(pieces) }),
    };
  });
  return parts;
};

describe("multipart reader", () => {
  // Bytes that look like the start of a boundary inside a file must stay in the file.
  const tricky = Buffer.concat([Buffer.from("\r\n--"), Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}`), Buffer.alloc(3000, 7), Buffer.from("\r\n")]);
  const parts = [
    { name: "files", filename: "a.png", type: "image/png", body: tricky },
    { name: "note", body: Buffer.from("hello") },
    { name: "files", filename: "empty.bin", type: "application/octet-stream", body: Buffer.alloc(0) },
  ];
  const body = encode(parts);

  it.each([1, 2, 3, 7, 64, 1000, 65536])("gives each part its exact bytes, read %d bytes at a time", async (size) => {
    const got = await collect(chunks(body, size));
    expect(got.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ["files", "a.png", "image/png"],
      ["note", null, null],
      ["files", "empty.bin", "application/octet-stream"],
    ]);
    expect(got[0].body.equals(tricky)).toBe(true);
    expect(got[1].body.toString()).toBe("hello");
    expect(got[2].body.length).toBe(0);
  });

  it("reads what the platform's own FormData encoder writes", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array([1, 2, 3, 13, 10, 45, 45])], 'q"uote ü.jpg', { type: "image/jpeg" }));
    form.append("files", new File([new Uint8Array(100_000).fill(9)], "big.mp4", { type: "video/mp4" }));
    const response = new Response(form);
    const boundary = boundaryOf(response.headers.get("content-type"))!;
    const got = await collect(response.body! as unknown as AsyncIterable<Uint8Array>, boundary);
    expect(got.map((p) => p.filename)).toEqual(['q"uote ü.jpg'.replace('"', "%22"), "big.mp4"]);
    expect([...got[0].body]).toEqual([1, 2, 3, 13, 10, 45, 45]);
    expect(got[1].body.length).toBe(100_000);
  });

  it("refuses a body that ends early or has no boundary", async () => {
    await expect(collect(chunks(body.subarray(0, body.length - 30), 100))).rejects.toBeInstanceOf(MultipartError);
    await expect(collect(chunks(Buffer.alloc(100_000, 1), 4096))).rejects.toBeInstanceOf(MultipartError);
  });

  it("reads boundaries and part headers", () => {
    expect(boundaryOf("multipart/form-data; boundary=abc123")).toBe("abc123");
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(boundaryOf("application/json")).toBeNull();
    expect(boundaryOf(null)).toBeNull();
    expect(parsePartHeaders('Content-Disposition: form-data; name="files"; filename="a\\"b.png"\r\nContent-Type: image/png')).toEqual({
      name: "files",
      filename: 'a"b.png',
      contentType: "image/png",
    });
    expect(parsePartHeaders("Content-Disposition: form-data; name=files; filename*=UTF-8''%C3%A9t%C3%A9.jpg").filename).toBe("été.jpg");
    expect(() => parsePartHeaders("Content-Type: text/plain")).toThrow(MultipartError);
  });
});
