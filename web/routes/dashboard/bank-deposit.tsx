import { BankDepositForm } from "#web/features/deposits/components/bank-deposit-form.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard/transfer/fund: a bank deposit with a reference to quote, pending until an operator confirms it. */
export function BankDepositScreen() {
  return (
    <section className="max-w-2xl">
      <ScreenTitle title="Transfer Funds">Deposit by bank transfer: pay into the account shown, quoting your reference, then tell us. It reaches your Main Balance once we confirm it arrived.</ScreenTitle>
      <BankDepositForm />
    </section>
  );
}
