import { CryptoDepositForm } from "#web/features/deposits/components/crypto-deposit-form.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard/transfer/crypto: a crypto deposit, pending until an operator confirms it. */
export function CryptoDepositScreen() {
  return (
    <section className="max-w-2xl">
      <ScreenTitle title="Transfer with Crypto">Deposit bitcoin: send it to the address shown, then tell us. It reaches your Main Balance once we confirm it arrived.</ScreenTitle>
      <CryptoDepositForm />
    </section>
  );
}
