/* CSV downloads (posts, the audit trail): RFC 4180 fields, safe to open in a spreadsheet. */

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =,+,-,@ is defused. */
export const csvField = (value: string | number | null | undefined): string => {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvRow = (values: ReadonlyArray<string | number | null | undefined>): string => values.map(csvField).join(",");
