import { formatCents } from "#shared/money.js";
import { MATURITY_INSTRUCTION_WORDS, type InvestmentDto, type MaturityInstruction } from "#shared/schemas/investments.js";
import { subjectAnchor } from "#shared/schemas/notifications.js";
import type { BadgeTone } from "#web/components/ui/badge.js";

type Status = InvestmentDto["status"];

/** The badge of each status: the word says it, the colour only repeats it. */
export const STATUS_BADGES: Record<Status, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  matured: { label: "Matured", tone: "neutral" },
  rolled_over: { label: "Rolled over", tone: "neutral" },
  withdrawn_early: { label: "Withdrawn early", tone: "warning" },
};

export function instructionLabel(instruction: MaturityInstruction): string {
  return MATURITY_INSTRUCTION_WORDS[instruction].label;
}

/** What maturity pays (or paid): the principal and the profit. */
export function dueAtMaturityCents(investment: Pick<InvestmentDto, "principalCents" | "profitCents">): number {
  return investment.principalCents + investment.profitCents;
}

/** The one figure that says how an investment ends or ended, with its label. */
export function outcomeFigure(investment: InvestmentDto): { label: string; cents: number } {
  switch (investment.status) {
    case "active":
      return { label: "Due at maturity", cents: dueAtMaturityCents(investment) };
    case "matured":
      return { label: "Paid at maturity", cents: dueAtMaturityCents(investment) };
    case "rolled_over":
      return { label: "Total at maturity", cents: dueAtMaturityCents(investment) };
    case "withdrawn_early":
      return { label: "Paid out early", cents: investment.principalCents - (investment.earlyWithdrawalFeeCents ?? 0) };
  }
}

/** Where an investment's row is: a link to another investment goes to the Invest page, at that row. */
export function investmentHref(id: string): string {
  return `/dashboard/investment#${subjectAnchor("investment", id)}`;
}

/**
 * A sentence about what became of an investment, or what it continues. `link` names another
 * investment, shown as a link with `linkText` between `text` and `after`.
 */
export interface InvestmentNote {
  text: string;
  link?: { id: string; linkText: string; after: string };
}

/**
 * The plain words for an investment's state beyond its badge: rolled over (and into what),
 * continuing an earlier one, withdrawn early with the fee kept, or paid out because a rollover
 * could not be made. `related` finds the other investments of the same list by id.
 */
export function investmentNotes(investment: InvestmentDto, related: (id: string) => InvestmentDto | undefined): InvestmentNote[] {
  const notes: InvestmentNote[] = [];
  if (investment.rolledOverFrom) {
    const earlier = related(investment.rolledOverFrom);
    notes.push({
      text: "Continues ",
      link: {
        id: investment.rolledOverFrom,
        linkText: `${earlier?.planName ?? investment.planName} investment`,
        after: earlier ? ` of ${formatCents(earlier.principalCents)}, rolled over at its maturity.` : ", rolled over at its maturity.",
      },
    });
  }
  if (investment.status === "rolled_over") {
    const total = formatCents(dueAtMaturityCents(investment));
    const text =
      investment.maturityInstruction === "rollover_principal"
        ? `Rolled over: the profit of ${formatCents(investment.profitCents)} went to your Main Balance and the principal of ${formatCents(investment.principalCents)} started a new investment. `
        : `Rolled over: the principal and profit, ${total}, started a new investment. `;
    notes.push(investment.rolledOverTo ? { text, link: { id: investment.rolledOverTo, linkText: "See the new investment", after: "." } } : { text: text.trimEnd() });
  }
  if (investment.status === "withdrawn_early") {
    const fee = investment.earlyWithdrawalFeeCents ?? 0;
    const feeWords = fee > 0 ? `the ${formatCents(fee)} early-withdrawal fee was kept` : "no fee was kept";
    notes.push({ text: `Withdrawn early: ${formatCents(investment.principalCents - fee)} went to your Main Balance; ${feeWords}. No profit was paid.` });
  }
  if (investment.status === "matured" && investment.rolloverRefusal) {
    notes.push({ text: `Paid out: ${investment.rolloverRefusal}.` });
  }
  return notes;
}

export const UPCOMING_COUNT = 3;

/** The next active investments to mature, soonest first (ties by id, so the order never flickers). */
export function upcomingMaturities(investments: readonly InvestmentDto[], count = UPCOMING_COUNT): InvestmentDto[] {
  return investments
    .filter((investment) => investment.status === "active")
    .sort((a, b) => Date.parse(a.maturesAt) - Date.parse(b.maturesAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, count);
}

/** "due now", "in 1 day", "in 12 days": how far off a maturity is, from the server's whole days left. */
export function maturesIn(daysLeft: number): string {
  if (daysLeft <= 0) return "due now";
  return daysLeft === 1 ? "in 1 day" : `in ${daysLeft} days`;
}

/** Whether the investor may ask to leave this investment now: its terms allow it, it is active and not yet due. */
export function canWithdrawEarly(investment: InvestmentDto): boolean {
  return investment.earlyWithdrawalAllowed && investment.status === "active" && investment.daysLeft > 0;
}
