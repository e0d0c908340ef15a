import { formatCents } from "#shared/money.js";
import { cn } from "#web/lib/cn.js";

/** "+$25.00" for money in, "-$25.00" for money out; the sign carries the meaning, colour only helps. */
export function SignedAmount({ cents }: { cents: number }) {
  const text = cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
  return <span className={cn("font-semibold whitespace-nowrap tabular-nums", cents > 0 ? "text-success-700" : "text-slate-900")}>{text}</span>;
}
