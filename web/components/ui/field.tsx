import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { cn } from "#web/lib/cn.js";

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** React 19 passes refs as props; it lands on the <input> with the rest. */
  ref?: Ref<HTMLInputElement>;
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose error is announced with it (aria-describedby) and shown beside it. */
export function Field({ label, error, hint, className, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          "min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500",
          error ? "border-danger-600" : "border-slate-300",
        )}
        {...input}
      />
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
