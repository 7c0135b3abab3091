/**
 * A table as CSV for spreadsheets (order, user and lead downloads): comma-separated, CRLF lines, quoted where
 * needed, and a cell a spreadsheet would run as a formula prefixed with "'", so opening the file never executes
 * text someone typed into a form.
 */
export function tableCsv(head: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
