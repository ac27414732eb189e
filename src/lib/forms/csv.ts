/**
 * CSV export of list rows (RFC 4180): a header row, every value quoted when it holds a comma, a quote
 * or a line break; lists joined with '; '; objects by their name. Cells that a spreadsheet would run
 * as a formula (=, +, -, @ first) are prefixed with a quote mark.
 */
export function csvCell(v: unknown): string {
  let s: string;
  if (v === null || v === undefined) s = '';
  else if (Array.isArray(v))
    s = v
      .map((x) =>
        typeof x === 'object' && x !== null
          ? String(
              (x as { name?: unknown; title?: unknown; id?: unknown }).name ??
                (x as { title?: unknown }).title ??
                (x as { id?: unknown }).id ??
                '',
            )
          : String(x),
      )
      .join('; ');
  else if (typeof v === 'object') s = String((v as { name?: unknown }).name ?? JSON.stringify(v));
  else s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: Record<string, unknown>[], columns: string[]): string {
  return [columns.map(csvCell).join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\r\n') + '\r\n';
}

/** Offers the text as a download in the browser. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(filename, new Blob(['\ufeff', text], { type }));
}

/** Offers bytes already in memory as a download in the browser. */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
