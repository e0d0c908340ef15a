import { Field, type FieldProps } from "./field.js";

/**
 * A dollar amount, typed as text: a decimal keypad on phones, no autofill, "Amount" unless the form
 * names it otherwise. The form reads it (web/lib/amount.ts), so the browser never rounds or refuses it.
 */
export function AmountField(props: Omit<FieldProps, "label"> & { label?: string }) {
  return <Field label="Amount" name="amount" inputMode="decimal" autoComplete="off" placeholder="0.00" {...props} />;
}
