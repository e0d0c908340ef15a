import { useEffect, useRef } from "react";
import { formatUsd } from "#shared/money.js";
import type { DepositDto } from "#shared/schemas/deposits.js";
import { Button, LinkButton } from "#web/components/ui/button.js";
import { BANK_NAMES } from "#shared/schemas/deposits.js";
import { DepositStatusBadge } from "./deposit-status-badge.js";

/** After "I've Sent The Funds": the reference the transfer quoted, big, and that the money is not credited yet. */
export function BankDepositDone({ deposit, onAnother }: { deposit: DepositDto; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this replaces had focus; move it here so keyboard and screen-reader users land on the result.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="bank-deposit-done" className="flex flex-col gap-4 rounded-card border border-success-700/30 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="bank-deposit-done" ref={heading} tabIndex={-1} className="text-lg font-semibold text-brand-900">
          Deposit recorded
        </h2>
        <DepositStatusBadge status={deposit.status} />
      </div>
      <p className="rounded-lg bg-brand-50 px-4 py-4 text-center text-lg text-brand-900">
        Your reference:{" "}
        {/* Never broken across lines: a reference split in two gets copied wrong. */}
        <strong className="block font-mono text-2xl tracking-wide whitespace-nowrap sm:inline" data-testid="deposit-reference">
          {deposit.reference}
        </strong>
      </p>
      <p className="text-slate-700">
        Your bank transfer of {formatUsd(deposit.amountCents)}
        {deposit.bank ? ` to ${BANK_NAMES[deposit.bank]}` : ""} is pending. We look for a transfer quoting the reference above; your Main
        Balance is credited once our team confirms it arrived.
      </p>
      <div className="flex flex-wrap gap-3">
        <LinkButton to="/dashboard">See your deposits</LinkButton>
        <Button variant="secondary" onClick={onAnother}>
          Make another deposit
        </Button>
      </div>
    </section>
  );
}
