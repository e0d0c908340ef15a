import { confirmDepositSchema, SHORT_CREDIT_REASON_REQUIRED } from "#shared/schemas/deposits.js";
import type { ParsedDecision } from "#web/components/admin/decision-form.js";
import { checkAmount } from "#web/lib/amount.js";

export interface ConfirmDepositBody {
  receivedCents?: number;
  txId?: string;
  reason?: string;
}

/**
 * The confirm step's fields, typed in dollars, as the confirm request: all are optional, and an
 * empty "Amount received" means the claimed amount arrived; less than `claimedCents` needs a
 * reason, which the investor reads (the server checks the same).
 */
export function parseConfirmDeposit(values: Record<string, string>, claimedCents: number): ParsedDecision<ConfirmDepositBody> {
  const received = values.receivedCents ?? "";
  let receivedCents: number | undefined;
  if (received.trim() !== "") {
    const checked = checkAmount(received);
    if (!checked.ok) return { ok: false, errors: { receivedCents: checked.message } };
    receivedCents = checked.cents;
  }
  const reason = values.reason?.trim() || undefined;
  if (receivedCents !== undefined && receivedCents < claimedCents && !reason) return { ok: false, errors: { reason: SHORT_CREDIT_REASON_REQUIRED } };
  const parsed = confirmDepositSchema.safeParse({ receivedCents, txId: values.txId?.trim() || undefined, reason });
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === "txId" || issue?.path[0] === "reason" ? issue.path[0] : "receivedCents";
  return { ok: false, errors: { [field]: issue?.message ?? "" } };
}
