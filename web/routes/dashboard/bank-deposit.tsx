import { BankDepositForm } from "#web/features/deposits/components/bank-deposit-form.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard/transfer/fund: a bank deposit with a reference to quote, pending until an operator confirms it. */
export function BankDepositScreen() {
  return (
    <section className="max-w-2xl">
      <ScreenTitle title="Transfer Funds">Pay by bank transfer quoting your payment reference, then tell us you have sent it.</ScreenTitle>
      <BankDepositForm />
    </section>
  );
}
