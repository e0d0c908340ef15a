import { Field, type FieldProps } from "./field.js";

/**
 * Text that counts only exactly as typed (someone else's e-mail address, a bitcoin address): the
 * browser neither fills it in, nor capitalises it, nor marks its spelling.
 */
export function VerbatimField(props: FieldProps) {
  return <Field autoComplete="off" autoCapitalize="none" spellCheck={false} {...props} />;
}
