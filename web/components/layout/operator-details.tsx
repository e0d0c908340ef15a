import type { OperatorDto } from "#shared/schemas/public.js";
import { cn } from "#web/lib/cn.js";

/** The regulator line, in words a visitor can act on either way. */
export function regulatorText(operator: OperatorDto): string {
  return operator.regulator ? `Regulated by ${operator.regulator}.` : "Not regulated by any financial authority.";
}

/**
 * Who runs the site, as the law names a company: legal name, registration number, registered
 * address and regulator (docs/product.md, "Trust and consent"). Details the operator has not set
 * yet (never in production) are shown with a notice that they are examples.
 */
export function OperatorDetails({ operator, className }: { operator: OperatorDto; className?: string }) {
  return (
    <div className={cn("flex flex-col gap-1", className)} data-testid="operator-details">
      <p>
        Operated by <strong className="font-semibold">{operator.legalName}</strong>, registration number {operator.registrationNumber}, registered
        office: {operator.registeredAddress}.
      </p>
      <p>{regulatorText(operator)}</p>
      {operator.example && <p className="font-semibold">These company details are examples: the operator has not set its own yet.</p>}
    </div>
  );
}
