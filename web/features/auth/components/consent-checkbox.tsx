import { useId, type ReactNode } from "react";

interface ConsentCheckboxProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  children: ReactNode;
}

/** A consent box whose refusal is shown under it and read with it (aria-describedby). */
export function ConsentCheckbox({ name, checked, onChange, error, children }: ConsentCheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3 text-sm text-slate-800">
        <input
          id={id}
          type="checkbox"
          name={name}
          required
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
