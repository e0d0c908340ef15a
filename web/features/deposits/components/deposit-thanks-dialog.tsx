import type { RefObject } from "react";
import type { DepositDto } from "#shared/schemas/deposits.js";
import { Button } from "#web/components/ui/button.js";
import { Dialog } from "#web/components/ui/dialog.js";
import { formatCents } from "#shared/money.js";

/** The reference site's "Thanks!" dialog, saying what happened (a pending deposit, not an investment) and that nothing is credited yet. */
export function DepositThanksDialog({ deposit, onClose, returnFocusTo }: { deposit: DepositDto; onClose: () => void; returnFocusTo?: RefObject<HTMLElement | null> }) {
  return (
    <Dialog title="Thanks!" onClose={onClose} returnFocusTo={returnFocusTo}>
      <p className="text-slate-800">We&apos;ve recorded your deposit. It is pending until our team confirms the transfer arrived.</p>
      <p className="mt-3 text-sm text-slate-700">
        Reference: <strong className="font-mono text-base text-brand-900">{deposit.reference}</strong>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {formatCents(deposit.amountCents)} will be added to your Main Balance when it is confirmed. You can follow it under Your deposits on the
        dashboard.
      </p>
      <div className="mt-6 flex justify-end">
        <Button data-autofocus onClick={onClose}>
          OK
        </Button>
      </div>
    </Dialog>
  );
}
