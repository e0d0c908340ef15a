import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { cn } from "#web/lib/cn.js";

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  children: ReactNode;
}

/** The select twin of `Field`: same label, border, error text and aria-describedby wiring. */
export function SelectField({ label, error, className, id, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn("min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900", error ? "border-danger-600" : "border-slate-300")}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
