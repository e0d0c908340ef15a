import * as z from "zod/mini";

/**
 * Statements (docs/product.md, "Statements"): a monthly account statement and a yearly interest
 * statement, as PDF, for a period that is over. A month is a UTC calendar month, a year a UTC
 * calendar year. The period is named in the path, never the user: it is always the caller's.
 */

/** `2026-10`: a calendar month (UTC). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** `2026`: a calendar year (UTC). */
export const YEAR_PATTERN = /^\d{4}$/;

export const monthlyStatementParams = z.object({
  month: z.string("month must be a month as YYYY-MM.").check(z.regex(MONTH_PATTERN, "month must be a month as YYYY-MM, such as 2026-10."), z.describe("A calendar month (UTC), YYYY-MM.")),
});

export const yearlyStatementParams = z.object({
  year: z.string("year must be a year as YYYY.").check(z.regex(YEAR_PATTERN, "year must be a year as YYYY, such as 2026."), z.describe("A calendar year (UTC), YYYY.")),
});

/** The statements the caller can download: every complete month and year since the account opened, newest first. */
export const statementPeriodsDto = z.object({
  /** Complete UTC months, `YYYY-MM`, from the one the account opened in to the last one, newest first. */
  months: z.array(z.string()),
  /** Complete UTC years, `YYYY`, newest first. */
  years: z.array(z.string()),
  /** When the account was opened (ISO 8601): there is no statement before it. */
  openedAt: z.string(),
  /** The month whose statement comes next (`YYYY-MM`, the current one): ready on the 1st of the month after it. */
  nextMonth: z.string(),
});
export type StatementPeriodsDto = z.infer<typeof statementPeriodsDto>;

/** The address of a statement's PDF: the caller's own, always. */
export const monthlyStatementUrl = (month: string) => `/api/statements/monthly/${month}`;
export const yearlyStatementUrl = (year: string) => `/api/statements/yearly/${year}`;

/** The first instant (UTC) of a month, `monthIndex` from 0; any year, 0099 too (Date.UTC reads 0–99 as 1900–1999). */
export function utcMonthStart(year: number, monthIndex: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, 1);
  return date;
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "October 2026" for `2026-10`, wherever a month is named (the PDF, the e-mail, the page). */
export function monthName(month: string): string {
  const [year = "", number = 1] = [month.slice(0, 4), Number(month.slice(5, 7))];
  return `${MONTH_NAMES[number - 1] ?? month} ${year}`;
}

/** The month after `month`: `2026-12` → `2027-01`. A month's statement is ready on the 1st of it. */
export function monthAfter(month: string): string {
  const next = utcMonthStart(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  return `${String(next.getUTCFullYear()).padStart(4, "0")}-${String(next.getUTCMonth() + 1).padStart(2, "0")}`;
}
