import type { RefObject } from "react";
import type { DepositDto } from "#shared/schemas/deposits.js";
import { Button } from "#web/components/ui/button.js";
import { Dialog } from "#web/components/ui/dialog.js";
import { formatCents } from "#shared/money.js";

/** The reference's "Thanks!" dialog, plus the reference and the fact that nothing is credited yet. */
export function DepositThanksDialog({ deposit, onClose, returnFocusTo }: { deposit: DepositDto; onClose: () => void; returnFocusTo?: RefObject<HTMLElement | null> }) {
  return (
    <Dialog title="Thanks!" onClose={onClose} returnFocusTo={returnFocusTo}>
      <p className="text-slate-800">We&apos;ve received your investment request. It&apos;s being processed.</p>
      <p className="mt-3 text-sm text-slate-700">
        Reference: <strong className="font-mono text-base text-brand-900">{deposit.reference}</strong>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Your deposit of {formatCents(deposit.amountCents)} is pending. Your balance changes once our team confirms the funds arrived.
      </p>
      <div className="mt-6 flex justify-end">
        <Button data-autofocus onClick={onClose}>
          OK
        </Button>
      </div>
    </Dialog>
  );
}
