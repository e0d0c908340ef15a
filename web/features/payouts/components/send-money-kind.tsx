import { useId } from "react";
import { cn } from "#web/lib/cn.js";
import { KIND_LABELS, type SendMoneyKind } from "../send-money.js";

const KINDS: SendMoneyKind[] = ["transfer", "payout"];

const EXPLAIN: Record<SendMoneyKind, string> = {
  transfer: "To another Termvest account, by e-mail. Arrives at once.",
  payout: "To your bitcoin wallet. Held until the operator sends it.",
};

/** The two ways money leaves, as two radio buttons drawn as cards: each shows the fields it needs. */
export function SendMoneyKindChoice({ kind, onChange, disabled }: { kind: SendMoneyKind; onChange: (kind: SendMoneyKind) => void; disabled?: boolean }) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-800">What do you want to do?</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {KINDS.map((option) => (
          <label
            key={option}
            className={cn(
              "flex min-h-11 cursor-pointer gap-3 rounded-lg border px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
              kind === option ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white hover:border-brand-600",
            )}
          >
            {/* Named by the title alone, described by the line under it. */}
            <input
              type="radio"
              name={name}
              value={option}
              checked={kind === option}
              onChange={() => onChange(option)}
              aria-labelledby={`${name}-${option}`}
              aria-describedby={`${name}-${option}-explain`}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span className="flex flex-col">
              <span id={`${name}-${option}`} className="text-sm font-semibold text-slate-900">
                {KIND_LABELS[option]}
              </span>
              <span id={`${name}-${option}-explain`} className="text-xs text-slate-600">
                {EXPLAIN[option]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
