import { useId, type ReactNode } from "react";

interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  /** The label: plain words, or a sentence with links (a consent). */
  children: ReactNode;
  /** A consent the form cannot be sent without: the box is `required` and its long label wraps beside it. */
  consent?: boolean;
}

/** A checkbox with its label beside it and its error under it, read with it (aria-describedby). */
export function CheckboxField({ name, checked, onChange, error, children, consent }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className={consent ? "flex items-start gap-3 text-sm text-slate-800" : "flex min-h-11 items-center gap-3"}>
        <input
          id={id}
          type="checkbox"
          name={name}
          required={consent}
          className={consent ? "mt-0.5 size-5 shrink-0 accent-brand-700" : "size-5 accent-brand-700"}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className={consent ? undefined : "text-sm font-medium text-slate-800"}>
          {children}
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
