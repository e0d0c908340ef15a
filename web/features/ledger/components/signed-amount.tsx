import { formatCents } from "../../../../shared/money.js";
import { cn } from "../../../lib/cn.js";

/** "+$25.00" in green for money in, "-$25.00" for money out; the sign carries the meaning, not the colour alone. */
export function SignedAmount({ cents }: { cents: number }) {
  return <span className={cn("font-semibold whitespace-nowrap tabular-nums", cents > 0 ? "text-success-700" : "text-slate-900")}>{cents > 0 ? `+${formatCents(cents)}` : formatCents(cents)}</span>;
}
