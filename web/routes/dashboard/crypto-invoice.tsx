import { useEffect, useRef } from "react";
import { useParams } from "react-router";
import { CryptoInvoicePanel } from "#web/features/deposits/components/crypto-invoice.js";

/** /dashboard/transfer/crypto/:id: one crypto invoice, its amount in bitcoin, countdown and live status. */
export function CryptoInvoiceScreen() {
  const { id = "" } = useParams();
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving from the amount step (or a link), focus starts at the invoice, not the top of the page.
  useEffect(() => heading.current?.focus(), [id]);
  return (
    <section className="max-w-3xl">
      <div className="mb-6">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-brand-900 outline-none">
          Pay your Bitcoin invoice
        </h1>
        <p className="mt-1 text-slate-700">Send the amount in bitcoin below before the countdown ends. Your Main Balance is credited automatically once the payment is confirmed.</p>
      </div>
      <CryptoInvoicePanel id={id} />
    </section>
  );
}
