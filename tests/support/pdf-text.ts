import { inflateSync } from "node:zlib";

/**
 * The strings a PDF draws (its `Tj` operators), in order, from its content streams, inflated when
 * compressed: enough to read back what a report made with the standard fonts says.
 */
export const pdfText = (bytes: Uint8Array): string[] => {
  const buffer = Buffer.from(bytes);
  const raw = buffer.toString("latin1");
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) continue;
    const chunk = buffer.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(chunk, { finishFlush: 2 }).toString("latin1");
    } catch {
      content = chunk.toString("latin1");
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) texts.push(Buffer.from(hex!, "hex").toString("latin1"));
  }
  return texts;
};
