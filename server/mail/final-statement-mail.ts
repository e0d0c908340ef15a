import { formatCents } from "#shared/money.js";
import type { FinalStatement } from "../services/account-data/final-statement.js";
import type { OutgoingMessage } from "../services/mail/enqueue-mail.js";

const day = (date: Date) => date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const moment = (date: Date) => `${day(date)}, ${date.toISOString().slice(11, 16)} UTC`;

interface FinalStatementInput {
  siteName: string;
  supportEmail: string;
  name: string;
  to: string;
  openedAt: Date;
  closedAt: Date;
  retentionYears: number;
  statement: FinalStatement;
}

/**
 * The closing e-mail: that the account is closed, its whole history in figures (opening balance,
 * money in and out, closing balance of zero), and what is kept and for how long. Plain text: the
 * mailer sends no attachments, and these few figures need none.
 */
export function finalStatementMail(input: FinalStatementInput): OutgoingMessage {
  const { statement: s } = input;
  const line = (label: string, cents: bigint) => `  ${`${label}:`.padEnd(30)} ${formatCents(cents)}`;
  const text = [
    input.name ? `Hello ${input.name},` : "Hello,",
    "",
    `Your ${input.siteName} account was closed on ${moment(input.closedAt)}, as you asked. This is its final statement.`,
    "",
    `Main Balance, from ${day(input.openedAt)} (account opened) to ${day(input.closedAt)} (account closed):`,
    line("Opening balance", s.openingCents),
    line("Money in", s.creditsCents),
    line("Money out", s.debitsCents),
    line("Closing balance", s.closingCents),
    `  ${s.movements} ${s.movements === 1 ? "movement" : "movements"} in all.`,
    "",
    "Over the life of the account:",
    line("Deposits credited", s.depositedCents),
    line("Interest earned", s.interestCents),
    line("Payouts sent", s.paidOutCents),
    line("Fees paid", s.feesCents),
    "",
    "You can no longer sign in, and nothing more can be paid into the account.",
    `We keep your records (your transactions, statements and the audit log) as the law requires. Any identity documents you gave us are deleted ${input.retentionYears} years after today.`,
    "",
    `If you did not close your account, write to ${input.supportEmail} at once.`,
  ].join("\n");
  return { kind: "account-closed", to: input.to, subject: "Your account is closed: final statement", text };
}
