import { useId, useRef, type RefObject } from "react";
import type { PlanDto } from "#shared/plans.js";
import { Button, LinkButton } from "#web/components/ui/button.js";
import { canAfford } from "../check-investment.js";

interface Props {
  plan: PlanDto;
  availableCents: number | undefined;
  /** The balance is still loading: the button waits rather than flip to "Deposit to invest" a moment later. */
  loading?: boolean;
  /** Opens the invest dialog; the button is where focus returns when it closes. */
  onInvest: (plan: PlanDto, button: RefObject<HTMLButtonElement | null>) => void;
}

/** Invest when the Main Balance reaches the minimum; otherwise the button says it leads to a deposit first. */
export function PlanAction({ plan, availableCents, loading, onInvest }: Props) {
  const noteId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!loading && !canAfford(plan, availableCents)) {
    return (
      <div className="flex flex-col gap-2">
        <p id={noteId} className="text-sm text-slate-700">
          Your Main Balance is below this plan&apos;s minimum.
        </p>
        <LinkButton to="/dashboard/transfer" className="w-full" aria-label={`Deposit to invest in ${plan.name}`} aria-describedby={noteId}>
          Deposit to invest
        </LinkButton>
      </div>
    );
  }
  return (
    <Button ref={buttonRef} className="w-full" aria-label={`Invest in ${plan.name}`} disabled={loading} onClick={() => onInvest(plan, buttonRef)}>
      Invest
    </Button>
  );
}
