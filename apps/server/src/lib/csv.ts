/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text cell a
 * spreadsheet would run as a formula (= + - @ first, or a tab or carriage return, which some
 * spreadsheets skip before one) gets a leading apostrophe so it stays text (OWASP "CSV injection").
 * `number`: an amount we wrote ourselves ("-1234.50"), emitted as it is so spreadsheets sum it.
 */
export function csvCell(value: string, options: { number?: boolean } = {}): string {
  const safe = !options.number && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
