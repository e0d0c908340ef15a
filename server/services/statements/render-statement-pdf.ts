import PDFDocument from "pdfkit";
import { formatCents } from "#shared/money.js";
import type { OperatorSettings } from "#server/env.js";
import type { Statement, StatementLine } from "./read-statement.js";

/** Who issues the statement: the site's name and the operator's legal details (examples outside production, and then said so). */
export interface StatementIssuer {
  siteName: string;
  operator: Pick<OperatorSettings, "legalName" | "registeredAddress" | "registrationNumber" | "example">;
}

// A4 in points, with room at the foot of each page for its footer.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 48, left: 48, right: 48, bottom: 64 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;
const CELL_PADDING = 3;
const TABLE_FONT_SIZE = 8;
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";

/**
 * The standard PDF fonts (Helvetica) encode WinAnsi only. A character outside it (a name in
 * another script, an emoji) would come out as something else, so it is printed as "?" instead:
 * every character on the page is one the reader can trust, and one pdftotext reads back.
 */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);
export function pdfText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 0;
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
    out += printable ? char : code === 0x09 || code === 0x0a || code === 0x0d ? " " : "?";
  }
  return out;
}

/** `2026-10-05 14:03`: the moment of a movement, UTC (the CSV has the same instant in ISO 8601). */
const dateTime = (date: Date) => `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)}`;
const dayName = (date: Date) => date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
/** The last day of a period (its end is the first instant after it). */
const lastDay = (end: Date) => new Date(end.getTime() - 1);

interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
}

type Doc = PDFKit.PDFDocument;

/**
 * The statement as a PDF (docs/product.md, "Statements"): the monthly account statement (opening
 * balance, every movement with its date, plain words and reference, closing balance, interest
 * earned and fees paid) or the yearly interest statement (each interest payment and each fee, with
 * their totals). Text is real text in a standard font, so it can be searched, copied and read back
 * (pdftotext). Long tables continue on new pages under their column headings; every page is
 * numbered "Page n of N" and says whose statement it is.
 */
export async function renderStatementPdf(statement: Statement, issuer: StatementIssuer, issuedAt: Date): Promise<Buffer> {
  const title = statement.period.kind === "monthly" ? "Account statement" : "Interest statement";
  const doc: Doc = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    info: {
      Title: pdfText(`${issuer.siteName} ${title} ${statement.period.label}`),
      Author: pdfText(issuer.operator.legalName),
      Subject: pdfText(`${title} for ${statement.investor.name}, ${statement.period.label}`),
      CreationDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  const continued = () => {
    doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED);
    doc.text(pdfText(`${issuer.siteName} · ${title} · ${statement.period.label} · ${statement.investor.name} (continued)`), MARGIN.left, MARGIN.top, { width: CONTENT_WIDTH });
    doc.moveDown(0.8);
  };
  const page = { newPage: () => { doc.addPage(); continued(); } };

  header(doc, statement, issuer, title, issuedAt);
  if (statement.period.kind === "monthly") monthly(doc, statement, page);
  else yearly(doc, statement, page);
  closing(doc, statement, issuer, page);
  footers(doc, statement, issuer, title);

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function header(doc: Doc, statement: Statement, issuer: StatementIssuer, title: string, issuedAt: Date): void {
  const { operator } = issuer;
  const right = MARGIN.left + CONTENT_WIDTH * 0.55;
  const rightWidth = CONTENT_WIDTH * 0.45;
  const top = MARGIN.top;

  doc.fillColor(INK).font("Helvetica-Bold").fontSize(18).text(pdfText(issuer.siteName), MARGIN.left, top, { width: CONTENT_WIDTH * 0.5 });
  doc.fontSize(13).text(title, { width: CONTENT_WIDTH * 0.5 });
  doc.font("Helvetica").fontSize(10).text(pdfText(statement.period.label), { width: CONTENT_WIDTH * 0.5 });
  doc.fillColor(MUTED).fontSize(8.5).text(`${dayName(statement.period.from)} to ${dayName(lastDay(statement.period.to))} (UTC)`, { width: CONTENT_WIDTH * 0.5 });
  const leftBottom = doc.y;

  doc.fillColor(MUTED).font("Helvetica").fontSize(8).text("Issued by", right, top, { width: rightWidth });
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(10).text(pdfText(operator.legalName), { width: rightWidth });
  doc.font("Helvetica").fontSize(9).text(pdfText(operator.registeredAddress), { width: rightWidth });
  doc.text(pdfText(`Registration: ${operator.registrationNumber}`), { width: rightWidth });
  if (operator.example) {
    doc.moveDown(0.3).fillColor(MUTED).font("Helvetica-Oblique").fontSize(8);
    doc.text("These company details are examples: the operator has not set its own yet.", { width: rightWidth });
  }
  doc.y = Math.max(leftBottom, doc.y) + 16;

  const y = doc.y;
  doc.fillColor(MUTED).font("Helvetica").fontSize(8).text("Investor", MARGIN.left, y, { width: CONTENT_WIDTH * 0.5 });
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(10).text(pdfText(statement.investor.name), { width: CONTENT_WIDTH * 0.5 });
  doc.font("Helvetica").fontSize(9).text(pdfText(statement.investor.email), { width: CONTENT_WIDTH * 0.5 });
  const investorBottom = doc.y;
  doc.fillColor(MUTED).font("Helvetica").fontSize(8).text("Issued on", right, y, { width: rightWidth });
  doc.fillColor(INK).font("Helvetica").fontSize(9).text(`${dateTime(issuedAt)} UTC`, { width: rightWidth });
  doc.text("All amounts in US dollars (USD)", { width: rightWidth });
  doc.y = Math.max(investorBottom, doc.y) + 14;
  doc.x = MARGIN.left;
}

/** A short table of named figures: label on the left, amount on the right. */
function figures(doc: Doc, heading: string, rows: ReadonlyArray<[string, string]>, page: { newPage: () => void }): void {
  section(doc, heading, page, rows.length * 15);
  const labelWidth = CONTENT_WIDTH * 0.6;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.fillColor(INK).font("Helvetica").fontSize(9.5).text(pdfText(label), MARGIN.left, y, { width: labelWidth });
    doc.font("Helvetica-Bold").text(value, MARGIN.left + labelWidth, y, { width: CONTENT_WIDTH - labelWidth, align: "right" });
    doc.y = y + 15;
    doc.moveTo(MARGIN.left, doc.y - 3).lineTo(MARGIN.left + CONTENT_WIDTH, doc.y - 3).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  doc.x = MARGIN.left;
  doc.moveDown(0.6);
}

/** A section heading, on a new page when what must follow it would not fit below it. */
function section(doc: Doc, heading: string, page: { newPage: () => void }, following = 40): void {
  if (doc.y + 30 + following > BOTTOM) page.newPage();
  else doc.moveDown(0.4);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(11).text(pdfText(heading), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
}

function paragraph(doc: Doc, text: string, page: { newPage: () => void }): void {
  doc.font("Helvetica").fontSize(8.5);
  const height = doc.heightOfString(pdfText(text), { width: CONTENT_WIDTH });
  if (doc.y + height > BOTTOM) page.newPage();
  doc.fillColor(MUTED).font("Helvetica").fontSize(8.5).text(pdfText(text), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
}

/** A table row: its cells, and a line under them that spans several columns (a reference too long for its own). */
interface Row {
  cells: readonly string[];
  below?: { text: string; from: number; to: number };
}

/**
 * A table that continues on the next page, under its column headings again, whenever a row would
 * cross the foot of the page. A row's height is its tallest cell's, wrapped within the column, plus
 * the line under it.
 */
function table(doc: Doc, columns: readonly Column[], rows: readonly Row[], page: { newPage: () => void }, totals?: readonly string[]): void {
  const left = (index: number) => MARGIN.left + columns.slice(0, index).reduce((sum, column) => sum + column.width, 0);
  const span = (below: NonNullable<Row["below"]>) => left(below.to + 1) - left(below.from) - 2 * CELL_PADDING;
  const heightOf = (row: Row, font: string) => {
    doc.font(font).fontSize(TABLE_FONT_SIZE);
    const cells = Math.max(...row.cells.map((cell, i) => doc.heightOfString(pdfText(cell), { width: (columns[i]?.width ?? 0) - 2 * CELL_PADDING })));
    const below = row.below ? doc.heightOfString(pdfText(row.below.text), { width: span(row.below) }) : 0;
    return cells + below + 2 * CELL_PADDING;
  };
  const drawRow = (row: Row, font: string, color: string) => {
    const y = doc.y;
    const height = heightOf(row, font);
    doc.font(font).fontSize(TABLE_FONT_SIZE).fillColor(color);
    let bottom = y;
    columns.forEach((column, i) => {
      const text = pdfText(row.cells[i] ?? "");
      doc.text(text, left(i) + CELL_PADDING, y + CELL_PADDING, { width: column.width - 2 * CELL_PADDING, align: column.align ?? "left" });
      bottom = Math.max(bottom, y + CELL_PADDING + doc.heightOfString(text, { width: column.width - 2 * CELL_PADDING }));
    });
    if (row.below) doc.text(pdfText(row.below.text), left(row.below.from) + CELL_PADDING, bottom, { width: span(row.below) });
    doc.x = MARGIN.left;
    doc.y = y + height;
  };
  const header: Row = { cells: columns.map((column) => column.header) };
  const headings = () => {
    drawRow(header, "Helvetica-Bold", MUTED);
    doc.moveTo(MARGIN.left, doc.y).lineTo(MARGIN.left + CONTENT_WIDTH, doc.y).lineWidth(0.8).strokeColor(MUTED).stroke();
  };
  const fits = (row: Row, font: string) => doc.y + heightOf(row, font) <= BOTTOM;
  if (doc.y + heightOf(header, "Helvetica-Bold") + (rows[0] ? heightOf(rows[0], "Helvetica") : 0) > BOTTOM) page.newPage();
  headings();
  for (const row of rows) {
    if (!fits(row, "Helvetica")) {
      page.newPage();
      headings();
    }
    drawRow(row, "Helvetica", INK);
    doc.moveTo(MARGIN.left, doc.y).lineTo(MARGIN.left + CONTENT_WIDTH, doc.y).lineWidth(0.3).strokeColor(RULE).stroke();
  }
  if (totals) {
    const total: Row = { cells: totals };
    if (!fits(total, "Helvetica-Bold")) {
      page.newPage();
      headings();
    }
    drawRow(total, "Helvetica-Bold", INK);
  }
  doc.moveDown(1);
}

/**
 * A movement's cells, its reference in its own column when it fits there, else (a wallet address)
 * on a line of its own under the type, the details and the reference column, never cut short.
 */
function movementRow(doc: Doc, columns: readonly Column[], cells: readonly string[], reference: string): Row {
  const at = columns.findIndex((column) => column.header === "Reference");
  doc.font("Helvetica").fontSize(TABLE_FONT_SIZE);
  if (doc.widthOfString(pdfText(reference)) <= (columns[at]?.width ?? 0) - 2 * CELL_PADDING) return { cells: cells.toSpliced(at, 0, reference) };
  return { cells: cells.toSpliced(at, 0, ""), below: { text: `Reference: ${reference}`, from: 1, to: at } };
}

/** "no change" and "unchanged", as the history says them, for a movement that left the Main Balance alone. */
const change = (line: StatementLine) => (line.changeCents === 0n ? "no change" : formatCents(line.changeCents));
const after = (line: StatementLine) => (line.balanceAfterCents === null ? "unchanged" : formatCents(line.balanceAfterCents));

// Wide enough that a date, a type and a reference each stay on one line (pdftotext reads them back whole).
const MOVEMENT_COLUMNS: Column[] = [
  { header: "Date (UTC)", width: 76 },
  { header: "Type", width: 94 },
  { header: "Details", width: CONTENT_WIDTH - 76 - 94 - 64 - 62 - 70 },
  { header: "Reference", width: 64 },
  { header: "Change", width: 62, align: "right" },
  { header: "Main Balance after", width: 70, align: "right" },
];

function monthly(doc: Doc, statement: Statement, page: { newPage: () => void }): void {
  const { period } = statement;
  figures(
    doc,
    "Summary",
    [
      [`Opening Main Balance on ${dayName(period.from)}`, formatCents(statement.openingCents)],
      ["Money in", formatCents(statement.creditsCents)],
      ["Money out", formatCents(-statement.debitsCents)],
      [`Closing Main Balance on ${dayName(lastDay(period.to))}`, formatCents(statement.closingCents)],
      ["Interest earned", formatCents(statement.interestCents)],
      ["Fees paid", formatCents(statement.feesCents)],
    ],
    page,
  );
  paragraph(
    doc,
    "Interest earned and fees paid are already inside the movements below: profit paid to your Main Balance is part of its maturity or rollover, profit rolled into a new investment stays invested, and an early withdrawal pays its principal less the fee.",
    page,
  );
  section(doc, `Movements (${statement.lines.length})`, page);
  if (statement.lines.length === 0) {
    paragraph(doc, "No movements in this period.", page);
    return;
  }
  table(
    doc,
    MOVEMENT_COLUMNS,
    statement.lines.map((line) => movementRow(doc, MOVEMENT_COLUMNS, [dateTime(line.date), line.type, line.description, change(line), after(line)], line.reference)),
    page,
  );
}

const FLOW_COLUMNS = (amount: string): Column[] => [
  { header: "Date (UTC)", width: 76 },
  { header: "Type", width: 94 },
  { header: "Details", width: CONTENT_WIDTH - 76 - 94 - 64 - 70 },
  { header: "Reference", width: 64 },
  { header: amount, width: 70, align: "right" },
];

interface Flow {
  /** The amount column's name ("Interest", "Fee"). */
  kind: string;
  heading: string;
  amount: (line: StatementLine) => bigint;
  /** After "No …", when there were none in the period. */
  none: string;
  total: [label: string, cents: bigint];
}

/** The yearly statement's list of one kind of flow (interest earned, fees paid), with its total. */
function flows(doc: Doc, statement: Statement, flow: Flow, page: { newPage: () => void }): void {
  const lines = statement.lines.filter((line) => flow.amount(line) !== 0n);
  section(doc, `${flow.heading} (${lines.length})`, page);
  if (lines.length === 0) return paragraph(doc, `No ${flow.none} in ${statement.period.label}.`, page);
  const columns = FLOW_COLUMNS(flow.kind);
  const rows = lines.map((line) => movementRow(doc, columns, [dateTime(line.date), line.type, line.description, formatCents(flow.amount(line))], line.reference));
  table(doc, columns, rows, page, ["", flow.total[0], "", "", formatCents(flow.total[1])]);
}

function yearly(doc: Doc, statement: Statement, page: { newPage: () => void }): void {
  const { period } = statement;
  figures(
    doc,
    "Summary",
    [
      [`Interest earned in ${period.label}`, formatCents(statement.interestCents)],
      [`Fees paid in ${period.label}`, formatCents(statement.feesCents)],
      [`Main Balance on ${dayName(period.from)}`, formatCents(statement.openingCents)],
      [`Main Balance on ${dayName(lastDay(period.to))}`, formatCents(statement.closingCents)],
    ],
    page,
  );
  flows(doc, statement, { kind: "Interest", heading: "Interest earned", amount: (line) => line.interestCents, none: "interest was paid", total: ["Total interest earned", statement.interestCents] }, page);
  flows(doc, statement, { kind: "Fee", heading: "Fees paid", amount: (line) => line.feeCents, none: "fees were paid", total: ["Total fees paid", statement.feesCents] }, page);
}

function closing(doc: Doc, statement: Statement, issuer: StatementIssuer, page: { newPage: () => void }): void {
  paragraph(
    doc,
    `This statement is drawn from ${issuer.siteName}'s ledger, in which every movement of your money is recorded once and never changed. Your dashboard's Transaction page lists the same movements, and its CSV has the same rows.`,
    page,
  );
  if (statement.period.kind === "yearly") {
    paragraph(doc, "Interest is the profit your investments paid at maturity, including profit rolled into a new investment. It is not tax advice.", page);
  }
}

/** At most `max` characters: the foot has one line, and the name is whole in the heading. */
const shortened = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** On every page, in its foot: whose statement, for when, and "Page n of N". */
function footers(doc: Doc, statement: Statement, issuer: StatementIssuer, title: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page: the margin is lifted while the foot is written.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - MARGIN.bottom + 22;
    doc.moveTo(MARGIN.left, y - 6).lineTo(MARGIN.left + CONTENT_WIDTH, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.fillColor(MUTED).font("Helvetica").fontSize(7.5);
    doc.text(pdfText(`${issuer.siteName} · ${title} · ${statement.period.label} · ${shortened(statement.investor.name, 48)}`), MARGIN.left, y, { width: CONTENT_WIDTH * 0.75, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN.left + CONTENT_WIDTH * 0.75, y, { width: CONTENT_WIDTH * 0.25, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
