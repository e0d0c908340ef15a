import { useId } from "react";
import { MATURITY_INSTRUCTIONS, MATURITY_INSTRUCTION_WORDS, type MaturityInstruction } from "#shared/schemas/investments.js";
import { cn } from "#web/lib/cn.js";

interface Props {
  value: MaturityInstruction;
  onChange: (instruction: MaturityInstruction) => void;
  legend?: string;
  disabled?: boolean;
  /** Side by side from this width up (the investment's row); stacked otherwise (the invest dialog). */
  wide?: boolean;
}

/** What happens at maturity: three radio buttons drawn as cards, each named by its label and described by its one sentence. */
export function InstructionChoice({ value, onChange, legend = "At maturity", disabled, wide }: Props) {
  const name = useId();
  return (
    <fieldset disabled={disabled} data-testid="instruction-choice">
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className={cn("grid gap-2", wide && "lg:grid-cols-3")}>
        {MATURITY_INSTRUCTIONS.map((option) => (
          <label
            key={option}
            className={cn(
              "flex min-h-11 cursor-pointer gap-3 rounded-lg border px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
              value === option ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white hover:border-brand-600",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-labelledby={`${name}-${option}`}
              aria-describedby={`${name}-${option}-sentence`}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span className="flex min-w-0 flex-col">
              <span id={`${name}-${option}`} className="text-sm font-semibold text-slate-900">
                {MATURITY_INSTRUCTION_WORDS[option].label}
              </span>
              <span id={`${name}-${option}-sentence`} className="text-xs text-slate-600">
                {MATURITY_INSTRUCTION_WORDS[option].sentence}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
