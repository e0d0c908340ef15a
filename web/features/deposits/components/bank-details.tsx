import type { DepositOptionsDto } from "#shared/schemas/deposits.js";
import { CopyButton } from "#web/components/ui/copy-button.js";

type Bank = DepositOptionsDto["banks"][number];

/**
 * The operator's account at the chosen bank, as the server configured it (its currency, and why
 * the payee is not the operator when it is not), and the reference the user must quote: both
 * before they pay, since a transfer sent without it cannot be matched. Example accounts (a server
 * not configured yet, never in production) say so on the account itself too.
 */
export function BankDetails({ bank, reference, example }: { bank: Bank; reference: string; example: boolean }) {
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div>
        <h2 className="text-sm font-semibold text-brand-900">{example ? "Example account (no one owns it)" : "Pay into this account"}</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Bank</dt>
            <dd className="font-semibold text-slate-900">{bank.name}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Account currency</dt>
            <dd className="font-semibold text-slate-900" data-testid="bank-currency">
              {bank.currency}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Account name (payee)</dt>
            <dd className="font-semibold break-words text-slate-900" data-testid="bank-account-name">
              {bank.accountName}
            </dd>
            {bank.payeeNote && <dd className="mt-1 text-slate-700">Not the operator itself: {bank.payeeNote}</dd>}
          </div>
          <div>
            <dt className="text-slate-600">Account number</dt>
            <dd className="font-mono text-base font-semibold text-slate-900" data-testid="bank-account-number">
              {example ? `${bank.accountNumber} (example)` : bank.accountNumber}
            </dd>
          </div>
        </dl>
        {bank.currency !== "USD" && (
          <p className="mt-3 text-sm text-slate-700">
            This account receives {bank.currency}. Your Main Balance is kept in US dollars (USD): below, enter what your transfer is worth in USD; the
            operator credits what arrives.
          </p>
        )}
        <div className="mt-3">
          <CopyButton key={bank.accountNumber} text={bank.accountNumber} label="Copy account number" />
        </div>
      </div>
      <div className="border-t border-slate-200 pt-4">
        <h2 className="text-sm font-semibold text-brand-900">
          Quote this payment reference
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Put it in your transfer&apos;s description (narration or remark). It is how we know the money is yours.
        </p>
        <div className="mt-3 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          {/* Never broken across lines: a reference split in two gets copied wrong. */}
          <strong className="font-mono text-2xl tracking-wide whitespace-nowrap text-brand-900" data-testid="bank-reference">
            {reference}
          </strong>
          <CopyButton key={reference} text={reference} label="Copy reference" />
        </div>
      </div>
    </div>
  );
}
