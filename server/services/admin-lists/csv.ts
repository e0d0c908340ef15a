import { centsToDecimal } from "#shared/money.js";

/**
 * The one CSV writer: the history statement and every back-office export. Every text cell is
 * quoted, so commas, quotes and line breaks in it stay inside it, and lines end with CRLF (RFC 4180).
 */
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Text (labels, references, notes, names a user typed) may start like a spreadsheet formula; a
 * leading apostrophe makes the spreadsheet show it as text instead of running it.
 */
export const textCell = (text: string | null) => (text === null ? "" : quoted(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text));

/**
 * An amount the server formatted itself, left unquoted so every spreadsheet reads it as a number
 * (its "-" is a sign, never a formula); an empty cell where there is no figure.
 */
export const amountCell = (cents: number | bigint | null) => (cents === null ? "" : centsToDecimal(cents));

/** A plain decimal the server wrote itself (bitcoin's 8 places, a rate's dollars), unquoted like an amount. */
export const decimalCell = (decimal: string | null) => (decimal !== null && /^\d+\.\d+$/.test(decimal) ? decimal : textCell(decimal));

/** A header line and the lines under it, as one file. */
export function csvDocument(header: readonly string[], lines: readonly string[]): string {
  return [header.map(textCell).join(","), ...lines].join("\r\n") + "\r\n";
}

/** One column of an export: its header and how to write its cell from one row. */
export interface CsvColumn<T> {
  header: string;
  cell(row: T): string;
}

/** Rows as a CSV file, through the columns (each cell made by `textCell` or `amountCell`). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return csvDocument(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => column.cell(row)).join(",")),
  );
}

/** Whose row it is: the same three columns in every export that lists users' money. */
export function ownerColumns<T extends { user: { id: string; name: string; email: string } }>(): CsvColumn<T>[] {
  return [
    { header: "User e-mail", cell: (row) => textCell(row.user.email) },
    { header: "User name", cell: (row) => textCell(row.user.name) },
    { header: "User ID", cell: (row) => textCell(row.user.id) },
  ];
}
