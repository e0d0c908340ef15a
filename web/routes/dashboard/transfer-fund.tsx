import { BankDepositForm } from "#web/features/deposits/components/bank-deposit-form.js";
import { ScreenTitle } from "./screens.js";

export function BankTransferScreen() {
  return (
    <section className="max-w-2xl">
      <ScreenTitle title="Transfer Funds">Pay by bank transfer, then tell us you have sent it.</ScreenTitle>
      <BankDepositForm />
    </section>
  );
}
