import { describe, expect, it } from "vitest";
import { BULK_MESSAGES } from "../../../domain/publishing/bulk";
import { notATime } from "../../../domain/shared/clock-time";
import { bulkTemplate, checkedRow, parseBulkCsv } from "./bulk-csv";

const TODAY = "2026-11-25";

describe("reading a bulk upload file", () => {
  it("given the template, then every row is ready to schedule", () => {
    const rows = parseBulkCsv(bulkTemplate(TODAY), TODAY);
    expect(rows.map((r) => [r.status, r.platforms, r.media])).toEqual([
      ["pending", ["instagram", "facebook"], []],
      ["pending", ["linkedin"], []],
      ["pending", ["instagram"], ["https://example.com/office.jpg"]],
    ]);
    expect(rows[0]!.content).toBe("Our winter hours start Monday: 8am to 6pm, Saturdays too.");
    expect(rows.map((r) => r.scheduledDate)).toEqual(["2026-12-02", "2026-12-03", "2026-12-04"]);
  });

  it("given a header in any case and columns in any order, then each cell goes to its column", () => {
    const rows = parseBulkCsv("Platforms,TIME,Content,Date\nfacebook,08:15,Hello,2026-12-24\n", TODAY);
    expect(rows).toEqual([
      { content: "Hello", scheduledDate: "2026-12-24", scheduledTime: "08:15", platforms: ["facebook"], media: [], status: "pending", error: null },
    ]);
  });

  it("given a byte-order mark and CRLF line ends, then they are not part of the cells", () => {
    const rows = parseBulkCsv("\uFEFFcontent,date,time,platforms\r\nFirst,2026-12-01,09:00,instagram\r\nSecond,2026-12-02,10:00,twitter\r\n", TODAY);
    expect(rows.map((r) => [r.content, r.scheduledTime, r.platforms])).toEqual([
      ["First", "09:00", ["instagram"]],
      ["Second", "10:00", ["twitter"]],
    ]);
  });

  it("given quoted cells with commas, doubled quotes and line breaks, then they stay in one cell", () => {
    const rows = parseBulkCsv('content,date,time,platforms\n"Open late, every Friday.\nSee you ""soon""!",2026-12-05,18:00,"instagram; facebook"\n', TODAY);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content).toBe('Open late, every Friday.\nSee you "soon"!');
    expect(rows[0]!.platforms).toEqual(["instagram", "facebook"]);
  });

  it("given rows of fewer than 3 cells or without content, then they are left out", () => {
    const rows = parseBulkCsv(
      "content,date,time,platforms\nshort,2026-12-01\n,2026-12-01,09:00,instagram\n   ,2026-12-01,09:00,instagram\nKept,2026-12-01,09:00\n",
      TODAY,
    );
    expect(rows.map((r) => r.content)).toEqual(["Kept"]);
  });

  it("given empty date, time and platforms, then today, 12:00 and instagram", () => {
    const rows = parseBulkCsv("content,date,time,platforms\nDefaults,,,\n", TODAY);
    expect(rows[0]).toMatchObject({ scheduledDate: TODAY, scheduledTime: "12:00", platforms: ["instagram"], status: "pending" });
  });

  it("given a bad date, time, platform or media address, then the row is in error with the sentence", () => {
    const rows = parseBulkCsv(
      "content,date,time,platforms,media\nA,12/01/2026,09:00,instagram,\nB,2026-12-01,9am,instagram,\nC,2026-12-01,09:00,myspace,\nD,2026-12-01,09:00,instagram,http://example.com/a.jpg\n",
      TODAY,
    );
    expect(rows.map((r) => [r.status, r.error])).toEqual([
      ["error", BULK_MESSAGES.date],
      ["error", notATime("9am")],
      ["error", '"myspace" is not a platform we know: use names like instagram, facebook, linkedin, twitter, separated by ;.'],
      ["error", "Add media from your media library, or by an https:// address."],
    ]);
  });

  it("given a text too long for a platform, then the row says so", () => {
    const [row] = parseBulkCsv(`content,date,time,platforms\n${"x".repeat(281)},2026-12-01,09:00,twitter\n`, TODAY);
    expect(row!.error).toBe("Your post is 281 characters; X (Twitter) allows 280.");
  });

  it("given a file without a content column or that is not CSV, then it says why", () => {
    expect(() => parseBulkCsv("", TODAY)).toThrow("The first row must name the columns: content, date, time, platforms, media (found: nothing).");
    expect(() => parseBulkCsv("text,when\nhello,now\n", TODAY)).toThrow("(found: text, when)");
    expect(() => parseBulkCsv('content,date,time\n"never closed,2026-12-01,09:00\n', TODAY)).toThrow(/^This CSV file cannot be read: /);
  });

  it("given a row edited in the preview, then it is checked again and pending when right", () => {
    const fixed = checkedRow({ content: "Fixed", scheduledDate: "2026-12-01", scheduledTime: "09:00", platforms: ["instagram"], media: [] });
    expect(fixed).toMatchObject({ status: "pending", error: null });
  });
});
