import { type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { platformById, normalizePlatformId } from "../../domain/accounts/platforms";
import { changeLabel, NO_MESSAGES, NO_REVIEWS, ratingLabel, waitLabel } from "../../domain/reports";
import type { AnalyticsExport, ClientReport } from "./figures";

/** Page sizes in points: client reports on US Letter (agencies' American clients), the Analytics export on A4. */
const LETTER = { width: 612, height: 792 } as const;
const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 48;
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
 * The one way our PDFs are drawn (pdf-lib with the standard fonts): text that always renders, pages
 * that follow when the content needs room, headings, tables, a bar chart and a footer on every page.
 */
const pdfWriter = async (size: { readonly width: number; readonly height: number }, meta: { readonly title: string; readonly author: string; readonly createdAt: string }) => {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(drawable(meta.title));
  doc.setAuthor(drawable(meta.author));
  doc.setCreator(drawable(meta.author));
  doc.setProducer(drawable(meta.author));
  doc.setCreationDate(new Date(meta.createdAt));

  const left = MARGIN;
  const rightEdge = size.width - MARGIN;
  const contentWidth = size.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([size.width, size.height]);
  const w = {
    doc,
    regular,
    bold,
    size,
    left,
    rightEdge,
    contentWidth,
    /** The baseline of the next line, from the page's bottom. */
    y: size.height - MARGIN,
    get page() {
      return page;
    },
    text: (value: string, x: number, at: number, fontSize: number, font = regular, color = INK) =>
      page.drawText(drawable(value), { x, y: at, size: fontSize, font, color }),
    right: (value: string, edge: number, at: number, fontSize: number, font = regular, color = INK) =>
      w.text(value, edge - font.widthOfTextAtSize(drawable(value), fontSize), at, fontSize, font, color),
    newPage: () => {
      page = doc.addPage([size.width, size.height]);
      w.y = size.height - MARGIN;
    },
    /** Room for `height` points more on this page, or a new page. */
    room: (height: number) => {
      if (w.y - height < MARGIN + 24) w.newPage();
    },
    /** A section's title, on the page where the first `keep` points of its content fit (never alone at a page's foot). */
    heading: (title: string, keep = 48) => {
      w.room(36 + keep);
      w.y -= 28;
      w.text(title, left, w.y, 13, bold);
      w.y -= 8;
      page.drawLine({ start: { x: left, y: w.y }, end: { x: rightEdge, y: w.y }, thickness: 1, color: RULE });
    },
    /**
     * Rows of cells: numbers right-aligned at their column's `edge`, text (`align: "left"`) starting
     * there; the header again at the top of each new page.
     */
    table: (
      columns: ReadonlyArray<{ readonly title: string; readonly edge: number; readonly align?: "left" }>,
      rows: ReadonlyArray<ReadonlyArray<string>>,
      options: { readonly boldLast?: boolean } = {},
    ) => {
      const cell = (value: string, i: number, fontSize: number, font: PDFFont, color = INK) => {
        const column = columns[i]!;
        return column.align === "left" ? w.text(value, column.edge, w.y, fontSize, font, color) : w.right(value, column.edge, w.y, fontSize, font, color);
      };
      const header = () => {
        w.y -= 18;
        columns.forEach((c, i) => cell(c.title, i, 9, bold, MUTED));
      };
      w.room(36);
      header();
      rows.forEach((cells, r) => {
        if (w.y - 15 < MARGIN + 24) {
          w.newPage();
          header();
        }
        w.y -= 15;
        const font = options.boldLast && r === rows.length - 1 ? bold : regular;
        cells.forEach((value, i) => value !== "" && cell(value, i, 10, font));
      });
    },
    /** Bars of `values` over the content's width, the largest value at the top right, labels under the first and last bar. */
    barChart: (bars: ReadonlyArray<number>, labels: { readonly first: string; readonly last: string }, color: ReturnType<typeof rgb>, chartHeight = 110) => {
      w.room(chartHeight + 36);
      w.y -= chartHeight + 16;
      const most = Math.max(1, ...bars);
      const slot = contentWidth / Math.max(1, bars.length);
      page.drawLine({ start: { x: left, y: w.y }, end: { x: rightEdge, y: w.y }, thickness: 0.5, color: RULE });
      bars.forEach((value, i) => {
        const height = (value / most) * chartHeight;
        if (height > 0) page.drawRectangle({ x: left + i * slot + slot * 0.15, y: w.y, width: Math.max(0.5, slot * 0.7), height, color });
      });
      // Above the bars, not over the tallest one.
      w.right(count(most), rightEdge, w.y + chartHeight + 4, 8, regular, MUTED);
      w.y -= 12;
      w.text(labels.first, left, w.y, 8, regular, MUTED);
      w.right(labels.last, rightEdge, w.y, 8, regular, MUTED);
    },
    /** Figure tiles, three (or `perRow`) to a row, each with its label and value. */
    tiles: (tiles: ReadonlyArray<readonly [string, string]>, accent: ReturnType<typeof rgb>, perRow = 3) => {
      const gap = 10;
      const tileWidth = (contentWidth - (perRow - 1) * gap) / perRow;
      const rowsOf = Math.ceil(tiles.length / perRow);
      w.room(rowsOf * (58 + gap) + 20);
      w.y -= 20;
      tiles.forEach(([label, value], i) => {
        const x = left + (i % perRow) * (tileWidth + gap);
        const top = w.y - Math.floor(i / perRow) * (58 + gap);
        page.drawRectangle({ x, y: top - 58, width: tileWidth, height: 58, color: TILE, borderColor: RULE, borderWidth: 1 });
        page.drawRectangle({ x, y: top - 58, width: 3, height: 58, color: accent });
        w.text(label, x + 12, top - 20, 9, regular, MUTED);
        w.text(value, x + 12, top - 44, 18, bold);
      });
      w.y -= rowsOf * 58 + (rowsOf - 1) * gap;
    },
    /** A band across the top of the first page, with a title and a note at the right. */
    band: (title: string, note: string, color: ReturnType<typeof rgb>) => {
      page.drawRectangle({ x: 0, y: size.height - 72, width: size.width, height: 72, color });
      w.text(title, left, size.height - 44, 18, bold, rgb(1, 1, 1));
      w.right(note, rightEdge, size.height - 44, 11, regular, rgb(1, 1, 1));
      w.y = size.height - 72 - 40;
    },
    /** The footer on every page, then the file. */
    save: (footer: string) => {
      const pages = doc.getPages();
      pages.forEach((p, i) => {
        p.drawText(drawable(`${footer}  ·  Page ${i + 1} of ${pages.length}`), { x: left, y: 28, size: 8, font: regular, color: MUTED });
      });
      return doc.save({ useObjectStreams: false });
    },
  };
  return w;
};

/**
 * A client's report as a PDF, drawn on the server with the standard fonts: the brand's band (the
 * agency's name and colour under a white label), the period, the six figures, the reviews and
 * messages, platforms, top posts and the days with posts; a footer on every page.
 */
export const reportPdf = async (report: ClientReport): Promise<Uint8Array> => {
  const brandColor = hex(report.brand.color);
  const w = await pdfWriter(LETTER, { title: `${report.client.name}: report for ${report.label}`, author: report.brand.name, createdAt: report.generatedAt });
  const { left, rightEdge, regular, bold } = w;

  w.band(report.brand.name, "Client report", brandColor);
  w.text(report.client.name, left, w.y, 22, bold);
  w.y -= 20;
  w.text(report.label, left, w.y, 13, regular, MUTED);
  w.y -= 16;
  w.text(`${report.period.from} to ${report.period.to}, days in ${report.timeZone}`, left, w.y, 9, regular, MUTED);

  w.tiles(
    [
      ["Posts published", count(report.totals.posts)],
      ["Engagements", count(report.totals.engagements)],
      ["Engagement rate", report.totals.engagementRate],
      ["Impressions (est.)", count(report.totals.impressions)],
      ["Reach (est.)", count(report.totals.reach)],
      ["Clicks (est.)", count(report.totals.clicks)],
    ],
    brandColor,
  );
  w.y -= 16;
  w.text(ESTIMATES_NOTE, left, w.y, 8, regular, MUTED);

  // The work beside the posts: reviews answered and messages replied.
  const { reviews, messages } = report;
  const plainly = (sentence: string) => {
    w.y -= 18;
    w.text(sentence, left, w.y, 10, regular, MUTED);
  };
  w.heading("Reviews", TILES_KEEP);
  if (reviews.received === 0) plainly(NO_REVIEWS);
  else {
    w.tiles(
      [
        ["Reviews received", count(reviews.received)],
        ["Average rating", `${ratingLabel(reviews.averageRating!)} / 5`],
        ["Reviews responded", count(reviews.responded)],
        ["Median time to respond", reviews.medianResponseMs === null ? "None yet" : waitLabel(reviews.medianResponseMs)],
      ],
      brandColor,
      4,
    );
    plainly(
      reviews.change === null
        ? `No reviews in ${reviews.previousLabel} to compare the rating with.`
        : `The average rating is ${changeLabel(reviews.change)} from ${reviews.previousLabel} (${ratingLabel(reviews.previousAverage!)}).`,
    );
  }
  w.heading("Messages", TILES_KEEP);
  if (messages.received === 0) plainly(NO_MESSAGES);
  else
    w.tiles(
      [
        ["Messages received", count(messages.received)],
        ["Messages replied", count(messages.replied)],
        ["Median first response", messages.medianFirstResponseMs === null ? "None yet" : waitLabel(messages.medianFirstResponseMs)],
      ],
      brandColor,
    );

  // Engagements over the period: a bar a day, or a week for long periods.
  const perBar = report.days.length > 62 ? 7 : 1;
  const bars: Array<{ readonly first: string; engagements: number }> = [];
  report.days.forEach((d, i) => {
    if (i % perBar === 0) bars.push({ first: d.day, engagements: 0 });
    bars[bars.length - 1]!.engagements += d.engagements;
  });
  w.heading(perBar === 1 ? "Engagements per day" : "Engagements per week", CHART_KEEP);
  w.barChart(
    bars.map((b) => b.engagements),
    { first: day(bars[0]!.first), last: day(report.period.to) },
    brandColor,
  );

  // Platforms.
  w.heading("By platform");
  const columns = [
    { title: "Platform", edge: left, align: "left" as const },
    { title: "Posts", edge: rightEdge - 140 },
    { title: "Engagements", edge: rightEdge },
  ];
  if (report.platforms.length === 0) {
    w.y -= 18;
    w.text("No posts were published in this period.", left, w.y, 10, regular, MUTED);
  } else {
    w.table(
      columns,
      report.platforms.map((row) => [row.name, count(row.posts), count(row.engagements)]),
    );
  }

  // Top posts.
  if (report.topPosts.length > 0) {
    w.heading("Top posts");
    report.topPosts.forEach((post, i) => {
      const lines = wrap(post.content, regular, 10, w.contentWidth - 110).slice(0, 3);
      w.room(30 + lines.length * 13);
      w.y -= 18;
      const platforms = post.platforms.map((p) => platformById(normalizePlatformId(p) ?? "facebook").name).join(", ");
      w.text(`${i + 1}.  ${day(post.publishedAt.slice(0, 10))}  ·  ${platforms}`, left, w.y, 9, bold, MUTED);
      w.right(`${count(post.engagements)} engagements`, rightEdge, w.y, 9, bold);
      for (const line of lines) {
        w.y -= 13;
        w.text(line, left + 14, w.y, 10);
      }
    });
  }

  // The days with posts.
  const active = report.days.filter((d) => d.posts > 0);
  if (active.length > 0) {
    w.heading("Day by day");
    w.table(
      [{ title: "Day", edge: left, align: "left" }, ...columns.slice(1)],
      active.map((row) => [day(row.day), count(row.posts), count(row.engagements)]),
    );
  }

  return w.save(`${report.brand.name}  ·  ${report.client.name}, ${report.label}`);
};

/** What a section's heading keeps on its page: a chart (default height), a row of tiles. */
const CHART_KEEP = 110 + 36;
const TILES_KEEP = 78;

const ESTIMATES_NOTE = "Engagements are likes, shares and comments. Impressions, reach and clicks are estimated from them (x50, x30, x3).";

/**
 * The Analytics export as a PDF on A4: the period, the screen's totals, its chart, then the table of
 * one row per platform and day (the CSV's rows) with its totals; the table flows onto as many pages as
 * it needs, its header repeated on each.
 */
export const analyticsPdf = async (figures: AnalyticsExport, brand: { readonly name: string; readonly color: string }): Promise<Uint8Array> => {
  const color = hex(brand.color);
  const w = await pdfWriter(A4, { title: `Analytics: ${figures.period.label}`, author: brand.name, createdAt: figures.generatedAt });
  const { left, rightEdge, regular, bold } = w;

  w.band(brand.name, "Analytics", color);
  w.text(`Analytics: ${figures.period.label}`, left, w.y, 22, bold);
  w.y -= 20;
  w.text(`${figures.period.from} to ${figures.period.to}, days in ${figures.timeZone}`, left, w.y, 10, regular, MUTED);

  w.tiles(
    [
      ["Posts published", count(figures.totals.posts)],
      ["Impressions (est.)", count(figures.totals.impressions)],
      ["Reach (est.)", count(figures.totals.reach)],
      ["Engagements", count(figures.totals.engagements)],
      ["Engagement rate", figures.totals.engagementRate],
    ],
    color,
  );
  w.y -= 16;
  w.text(ESTIMATES_NOTE, left, w.y, 8, regular, MUTED);

  w.heading(figures.chart.title, CHART_KEEP);
  const bars = figures.chart.bars;
  w.barChart(
    bars.map((b) => b.value),
    { first: bars[0]?.label ?? "", last: bars.at(-1)?.label ?? "" },
    color,
  );

  w.heading("By platform and day");
  if (figures.rows.length === 0) {
    w.y -= 18;
    w.text("No posts were published in this period.", left, w.y, 10, regular, MUTED);
  } else {
    const sum = (pick: (r: AnalyticsExport["rows"][number]) => number) => figures.rows.reduce((n, r) => n + pick(r), 0);
    w.table(
      [
        { title: "Date", edge: left, align: "left" },
        { title: "Platform", edge: left + 72, align: "left" },
        { title: "Posts", edge: rightEdge - 250 },
        { title: "Impressions (est.)", edge: rightEdge - 160 },
        { title: "Reach (est.)", edge: rightEdge - 80 },
        { title: "Engagements", edge: rightEdge },
      ],
      [
        ...figures.rows.map((r) => [r.day, r.name, count(r.posts), count(r.impressions), count(r.reach), count(r.engagements)]),
        ["Total", "", count(sum((r) => r.posts)), count(sum((r) => r.impressions)), count(sum((r) => r.reach)), count(sum((r) => r.engagements))],
      ],
      { boldLast: true },
    );
    w.y -= 14;
    w.room(14);
    w.text("A post on several platforms has a row on each: the table's posts can add up to more than the posts published.", left, w.y, 8, regular, MUTED);
  }

  return w.save(`${brand.name}  ·  Analytics, ${figures.period.label}`);
};
