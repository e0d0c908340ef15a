import { CryptoDepositForm } from "#web/features/deposits/components/crypto-deposit-form.js";
import { useSearchParams } from "react-router";
import { useDepositOptions } from "#web/features/deposits/api/deposits.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard/transfer/crypto: a crypto deposit, pending until an operator confirms it (the subtitle says so instead of the reference site's "to another wallet or email"). */
export function CryptoDepositScreen() {
  // "New invoice at the current rate" comes back here with the expired invoice's dollars.
  const [params] = useSearchParams();
  const amount = params.get("amount") ?? "";
  const automatic = useDepositOptions().data?.cryptoInvoices === true;
  return (
    <section className="max-w-2xl">
      <ScreenTitle title="Transfer with Crypto">
        {automatic ? (
          "Enter the amount in dollars and get an invoice: the bitcoin to send at a locked rate. Your Main Balance is credited automatically once the payment is confirmed."
        ) : (
          <>
            Send Bitcoin from your own wallet to the deposit address below, then tell us you have sent it. Your Main Balance is credited once our team
            confirms the transfer arrived.
          </>
        )}
      </ScreenTitle>
      <CryptoDepositForm initialAmount={/^\d+(\.\d{1,2})?$/.test(amount) ? amount : ""} />
    </section>
  );
}
