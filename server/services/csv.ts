/**
 * CSV for spreadsheets (RFC 4180, CRLF lines). A cell a spreadsheet would run as a formula
 * (beginning with = + - @, or a tab or carriage return that hides one) is prefixed with a quote
 * mark, so an applicant's "=HYPERLINK(...)" opens as the text it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const toCsv = (header: string[], rows: unknown[][]) => [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
