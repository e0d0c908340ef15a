import { CryptoDepositForm } from "#web/features/deposits/components/crypto-deposit-form.js";
import { ScreenTitle } from "./screens.js";

export function CryptoTransferScreen() {
  return (
    <section className="max-w-2xl">
      <ScreenTitle title="Transfer with Crypto">Send crypto securely to another wallet or email.</ScreenTitle>
      <CryptoDepositForm />
    </section>
  );
}
