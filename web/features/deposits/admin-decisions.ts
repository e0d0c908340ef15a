import { confirmDepositSchema } from "#shared/schemas/deposits.js";
import type { ParsedDecision } from "#web/components/admin/decision-form.js";
import { checkAmount } from "#web/lib/amount.js";

export interface ConfirmDepositBody {
  receivedCents?: number;
  txId?: string;
}

/**
 * The confirm step's fields, typed in dollars, as the confirm request: both are optional, and an
 * empty "Amount received" means the claimed amount arrived.
 */
export function parseConfirmDeposit(values: Record<string, string>): ParsedDecision<ConfirmDepositBody> {
  const received = values.receivedCents ?? "";
  let receivedCents: number | undefined;
  if (received.trim() !== "") {
    const checked = checkAmount(received);
    if (!checked.ok) return { ok: false, errors: { receivedCents: checked.message } };
    receivedCents = checked.cents;
  }
  const parsed = confirmDepositSchema.safeParse({ receivedCents, txId: values.txId?.trim() || undefined });
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === "txId" ? "txId" : "receivedCents";
  return { ok: false, errors: { [field]: issue?.message ?? "" } };
}
