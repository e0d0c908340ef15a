import type { DepositOptionsDto } from "#shared/schemas/deposits.js";
import { CopyButton } from "#web/components/ui/copy-button.js";

type Bank = DepositOptionsDto["banks"][number];

/** The operator's account at the chosen bank, as the server configured it. */
export function BankDetails({ bank }: { bank: Bank }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 className="text-sm font-semibold text-brand-900">Pay into this account</h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Bank</dt>
          <dd className="font-semibold text-slate-900">{bank.name}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Account name</dt>
          <dd className="font-semibold text-slate-900">{bank.accountName}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Account number</dt>
          <dd className="font-mono text-base font-semibold text-slate-900" data-testid="bank-account-number">
            {bank.accountNumber}
          </dd>
        </div>
      </dl>
      <div className="mt-3">
        <CopyButton key={bank.accountNumber} text={bank.accountNumber} label="Copy account number" />
      </div>
    </div>
  );
}
