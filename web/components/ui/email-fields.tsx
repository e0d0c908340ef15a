import { Field, type FieldProps } from "./field.js";
import { VerbatimField } from "./verbatim-field.js";

/** The visitor's own e-mail address (sign-in, sign-up, password reset, contact), which the browser may fill in. */
export function OwnEmailField(props: Omit<FieldProps, "label">) {
  return <Field label="Email" type="email" name="email" autoComplete="email" required {...props} />;
}

/** The e-mail address another user signs in with, which is how money is sent to or asked of them. */
export function OtherUserEmailField(props: FieldProps) {
  return <VerbatimField type="email" required {...props} />;
}
