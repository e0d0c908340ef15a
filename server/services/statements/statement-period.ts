import { monthName, utcMonthStart } from "#shared/schemas/statements.js";
import { AppError } from "#server/errors.js";
import type { Period } from "../ledger/history.js";

/**
 * A statement's period (docs/product.md, "Statements"): a UTC calendar month (the account
 * statement) or year (the interest statement), from its first instant (included) to the first
 * instant of the next one (excluded).
 */
export interface StatementPeriod extends Period {
  kind: "monthly" | "yearly";
  /** `2026-10` or `2026`, as the address names it. */
  key: string;
  /** "October 2026" or "2026". */
  label: string;
}

export const monthKey = (date: Date) => `${String(date.getUTCFullYear()).padStart(4, "0")}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;

/** The month `YYYY-MM` (already matched by MONTH_PATTERN). */
export function monthPeriod(month: string): StatementPeriod {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return { kind: "monthly", key: month, label: monthName(month), from: utcMonthStart(year, number - 1), to: utcMonthStart(year, number) };
}

/** The year `YYYY` (already matched by YEAR_PATTERN). */
export function yearPeriod(year: string): StatementPeriod {
  const number = Number(year);
  return { kind: "yearly", key: year, label: year, from: utcMonthStart(number, 0), to: utcMonthStart(number + 1, 0) };
}

/** The month `now` falls in: the one whose statement comes next. */
export function currentMonth(now: Date): string {
  return monthKey(now);
}


/** The month before the one `now` falls in: the last complete month. */
export function previousMonth(now: Date): string {
  return monthKey(utcMonthStart(now.getUTCFullYear(), now.getUTCMonth() - 1));
}

/**
 * A statement is issued this long after its period ends, not at the stroke of midnight: a posting
 * is dated when its transaction began, so one that began just before the end and committed just
 * after belongs to the period and must be on its statement. The server's transactions last
 * milliseconds; fifteen minutes is a wide margin, and the e-mail goes out at 00:30 UTC.
 */
export const STATEMENT_READY_AFTER_MS = 15 * 60_000;

/** When the statement of a period can first be downloaded. */
export const readyAt = (period: Pick<StatementPeriod, "to">) => new Date(period.to.getTime() + STATEMENT_READY_AFTER_MS);

const dayName = (date: Date) => date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * A statement covers a period that is over and that the account existed in: a period that has not
 * ended (the current one, or one in the future) or ended before the account was opened is a 400
 * that says when there will be one. The current period is refused rather than cut short, so a
 * statement once issued never changes.
 */
export function checkPeriod(period: StatementPeriod, openedAt: Date, now: Date): void {
  const field = period.kind === "monthly" ? "month" : "year";
  const name = period.kind === "monthly" ? period.label : `the year ${period.label}`;
  if (period.from > now) {
    throw new AppError("VALIDATION_FAILED", `${capitalised(name)} has not begun yet.`, { [field]: `${capitalised(name)} is in the future.` });
  }
  if (period.to > now) {
    const message = `${capitalised(name)} is not over yet: its statement is ready on ${dayName(period.to)}.`;
    throw new AppError("VALIDATION_FAILED", message, { [field]: message });
  }
  if (readyAt(period) > now) {
    const message = `The statement for ${name} is being prepared: it is ready at 00:15 UTC.`;
    throw new AppError("VALIDATION_FAILED", message, { [field]: message });
  }
  if (period.to <= openedAt) {
    const message = `Your account was opened in ${monthName(monthKey(openedAt))}: there is no statement for ${name}.`;
    throw new AppError("VALIDATION_FAILED", message, { [field]: message });
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every complete month and year since the account opened, newest first. */
export function availablePeriods(openedAt: Date, now: Date): { months: string[]; years: string[] } {
  const months: string[] = [];
  for (let at = utcMonthStart(openedAt.getUTCFullYear(), openedAt.getUTCMonth()); readyAt(monthPeriod(monthKey(at))) <= now; at = utcMonthStart(at.getUTCFullYear(), at.getUTCMonth() + 1)) {
    months.unshift(monthKey(at));
  }
  const years: string[] = [];
  for (let year = openedAt.getUTCFullYear(); readyAt(yearPeriod(String(year).padStart(4, "0"))) <= now; year++) years.unshift(String(year).padStart(4, "0"));
  return { months, years };
}
