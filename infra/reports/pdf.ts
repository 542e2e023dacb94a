import { type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { platformById, normalizePlatformId } from "../../domain/accounts/platforms";
import type { ClientReport } from "./figures";

/** US Letter, in points. */
const PAGE = { width: 612, height: 792, margin: 48 } as const;
const INK = rgb(0.09, 0.11, 0.15);
const MUTED = rgb(0.4, 0.44, 0.5);
const RULE = rgb(0.88, 0.9, 0.92);
const TILE = rgb(0.96, 0.97, 0.98);

/** Characters the standard fonts (WinAnsi) draw; others become "?" and emoji nothing, so any text renders. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
export const drawable = (text: string) =>
  Array.from(text.replace(/\s+/g, " "))
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) return ch;
      return code > 0xffff || (code >= 0x2600 && code <= 0x27bf) || code === 0xfe0f || code === 0x200d ? "" : "?";
    })
    .join("")
    .trim();

const hex = (color: string) => rgb(parseInt(color.slice(1, 3), 16) / 255, parseInt(color.slice(3, 5), 16) / 255, parseInt(color.slice(5, 7), 16) / 255);
const count = (n: number) => Math.round(n).toLocaleString("en-US");
const day = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Lines of at most `width` points, cut at spaces (a word longer than the line is cut where it must be). */
const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
  const lines: string[] = [];
  let line = "";
  for (const word of drawable(text).split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
};

/**
 * A client's report as a PDF, drawn on the server with the standard fonts: the brand's band (the
 * agency's name and colour under a white label), the period, the six figures, platforms, top posts
 * and the days with posts; a footer on every page.
 */
export const reportPdf = async (report: ClientReport): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const brandColor = hex(report.brand.color);
  doc.setTitle(drawable(`${report.client.name}: report for ${report.label}`));
  doc.setAuthor(drawable(report.brand.name));
  doc.setCreator(drawable(report.brand.name));
  doc.setProducer(drawable(report.brand.name));
  doc.setCreationDate(new Date(report.generatedAt));

  const contentWidth = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const text = (value: string, x: number, at: number, size: number, font = regular, color = INK) =>
    page.drawText(drawable(value), { x, y: at, size, font, color });
  const right = (value: string, edge: number, at: number, size: number, font = regular, color = INK) =>
    text(value, edge - font.widthOfTextAtSize(drawable(value), size), at, size, font, color);
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  /** Room for `height` points more on this page, or a new page. */
  const room = (height: number) => {
    if (y - height < PAGE.margin + 24) newPage();
  };
  const heading = (title: string) => {
    room(48);
    y -= 28;
    text(title, PAGE.margin, y, 13, bold);
    y -= 8;
    page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness: 1, color: RULE });
  };

  // The brand's band.
  page.drawRectangle({ x: 0, y: PAGE.height - 72, width: PAGE.width, height: 72, color: brandColor });
  text(report.brand.name, PAGE.margin, PAGE.height - 44, 18, bold, rgb(1, 1, 1));
  right("Client report", PAGE.width - PAGE.margin, PAGE.height - 44, 11, regular, rgb(1, 1, 1));
  y = PAGE.height - 72 - 40;
  text(report.client.name, PAGE.margin, y, 22, bold);
  y -= 20;
  text(report.label, PAGE.margin, y, 13, regular, MUTED);
  y -= 16;
  text(`${report.period.from} to ${report.period.to}, days in ${report.timeZone}`, PAGE.margin, y, 9, regular, MUTED);

  // The six figures.
  const tiles: ReadonlyArray<readonly [string, string]> = [
    ["Posts published", count(report.totals.posts)],
    ["Engagements", count(report.totals.engagements)],
    ["Engagement rate", report.totals.engagementRate],
    ["Impressions (est.)", count(report.totals.impressions)],
    ["Reach (est.)", count(report.totals.reach)],
    ["Clicks (est.)", count(report.totals.clicks)],
  ];
  const gap = 10;
  const tileWidth = (contentWidth - 2 * gap) / 3;
  y -= 20;
  tiles.forEach(([label, value], i) => {
    const x = PAGE.margin + (i % 3) * (tileWidth + gap);
    const top = y - Math.floor(i / 3) * (58 + gap);
    page.drawRectangle({ x, y: top - 58, width: tileWidth, height: 58, color: TILE, borderColor: RULE, borderWidth: 1 });
    page.drawRectangle({ x, y: top - 58, width: 3, height: 58, color: brandColor });
    text(label, x + 12, top - 20, 9, regular, MUTED);
    text(value, x + 12, top - 44, 18, bold);
  });
  y -= 2 * 58 + gap;
  y -= 16;
  text("Engagements are likes, shares and comments. Impressions, reach and clicks are estimated from them (x50, x30, x3).", PAGE.margin, y, 8, regular, MUTED);

  // Engagements over the period: a bar a day, or a week for long periods.
  const perBar = report.days.length > 62 ? 7 : 1;
  const bars: Array<{ readonly first: string; readonly engagements: number }> = [];
  report.days.forEach((d, i) => {
    if (i % perBar === 0) bars.push({ first: d.day, engagements: 0 });
    (bars[bars.length - 1] as { engagements: number }).engagements += d.engagements;
  });
  heading(perBar === 1 ? "Engagements per day" : "Engagements per week");
  const chartHeight = 110;
  room(chartHeight + 30);
  y -= chartHeight + 10;
  const most = Math.max(1, ...bars.map((b) => b.engagements));
  const slot = contentWidth / bars.length;
  page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness: 0.5, color: RULE });
  bars.forEach((bar, i) => {
    const height = (bar.engagements / most) * chartHeight;
    if (height > 0) page.drawRectangle({ x: PAGE.margin + i * slot + slot * 0.15, y, width: Math.max(0.5, slot * 0.7), height, color: brandColor });
  });
  right(count(most), PAGE.width - PAGE.margin, y + chartHeight - 8, 8, regular, MUTED);
  y -= 12;
  text(day(bars[0]!.first), PAGE.margin, y, 8, regular, MUTED);
  right(day(report.period.to), PAGE.width - PAGE.margin, y, 8, regular, MUTED);

  // Platforms.
  heading("By platform");
  const columns = [PAGE.margin, PAGE.width - PAGE.margin - 140, PAGE.width - PAGE.margin];
  if (report.platforms.length === 0) {
    y -= 18;
    text("No posts were published in this period.", PAGE.margin, y, 10, regular, MUTED);
  } else {
    y -= 18;
    text("Platform", columns[0]!, y, 9, bold, MUTED);
    right("Posts", columns[1]!, y, 9, bold, MUTED);
    right("Engagements", columns[2]!, y, 9, bold, MUTED);
    for (const row of report.platforms) {
      room(18);
      y -= 16;
      text(row.name, columns[0]!, y, 10);
      right(count(row.posts), columns[1]!, y, 10);
      right(count(row.engagements), columns[2]!, y, 10);
    }
  }

  // Top posts.
  if (report.topPosts.length > 0) {
    heading("Top posts");
    report.topPosts.forEach((post, i) => {
      const lines = wrap(post.content, regular, 10, contentWidth - 110).slice(0, 3);
      room(30 + lines.length * 13);
      y -= 18;
      const platforms = post.platforms.map((p) => platformById(normalizePlatformId(p) ?? "facebook").name).join(", ");
      text(`${i + 1}.  ${day(post.publishedAt.slice(0, 10))}  ·  ${platforms}`, PAGE.margin, y, 9, bold, MUTED);
      right(`${count(post.engagements)} engagements`, PAGE.width - PAGE.margin, y, 9, bold);
      for (const line of lines) {
        y -= 13;
        text(line, PAGE.margin + 14, y, 10);
      }
    });
  }

  // The days with posts.
  const active = report.days.filter((d) => d.posts > 0);
  if (active.length > 0) {
    heading("Day by day");
    y -= 18;
    text("Day", columns[0]!, y, 9, bold, MUTED);
    right("Posts", columns[1]!, y, 9, bold, MUTED);
    right("Engagements", columns[2]!, y, 9, bold, MUTED);
    for (const row of active) {
      room(18);
      y -= 15;
      text(day(row.day), columns[0]!, y, 10);
      right(count(row.posts), columns[1]!, y, 10);
      right(count(row.engagements), columns[2]!, y, 10);
    }
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = drawable(`${report.brand.name}  ·  ${report.client.name}, ${report.label}  ·  Page ${i + 1} of ${pages.length}`);
    p.drawText(footer, { x: PAGE.margin, y: 28, size: 8, font: regular, color: MUTED });
  });
  return doc.save({ useObjectStreams: false });
};
