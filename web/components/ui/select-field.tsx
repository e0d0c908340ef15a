import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from "react";
import { cn } from "#web/lib/cn.js";

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** React 19 passes refs as props; it lands on the <select>. */
  ref?: Ref<HTMLSelectElement>;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** The select twin of `Field`: same label, border, hint, error text and aria-describedby wiring. */
export function SelectField({ label, error, hint, className, id, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn("min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900", error ? "border-danger-600" : "border-slate-300")}
        {...select}
      >
        {children}
      </select>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
