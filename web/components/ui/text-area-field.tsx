import { useId, type TextareaHTMLAttributes } from "react";
import { cn } from "#web/lib/cn.js";

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
}

/** The textarea twin of `Field`: same label, border, error text and aria-describedby wiring. */
export function TextAreaField({ label, error, className, id, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          "min-h-36 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500",
          error ? "border-danger-600" : "border-slate-300",
        )}
        {...textarea}
      />
      {error && (
        <p id={errorId} className="text-sm text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
